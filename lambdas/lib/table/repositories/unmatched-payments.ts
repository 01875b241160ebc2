import { type UnmatchedPayment, unmatchedPaymentModel } from '../models';
import { putItem, queryPage } from '../table';

/** Records a payment no cart can take (kept for an admin); recording the same session twice keeps one. */
export async function recordUnmatchedPayment(payment: UnmatchedPayment): Promise<void> {
  await putItem(unmatchedPaymentModel.toItem(payment));
}

/** The most recent unmatched payments, newest first (admin carts page). */
export async function listUnmatchedPayments(limit = 50): Promise<UnmatchedPayment[]> {
  const page = await queryPage({
    index: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': 'UNMATCHED_PAYMENTS' },
    ScanIndexForward: false,
    Limit: limit,
  });
  return page.items.map((item) => unmatchedPaymentModel.fromItem(item));
}
