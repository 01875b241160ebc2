import { checkCursorOf } from '../model';
import { type UnmatchedPayment, unmatchedPaymentModel, unmatchedPayments } from '../models';
import { type Page, putItem, queryPage } from '../table';

/** Records a payment no cart can take (kept for an admin); recording the same session twice keeps one. */
export async function recordUnmatchedPayment(payment: UnmatchedPayment): Promise<void> {
  await putItem(unmatchedPaymentModel.toItem(payment));
}

/**
 * One page of the unmatched payments, newest first (admin carts page), and the cursor of the next
 * page (null at the end).
 *
 * @throws InvalidCursorError for a cursor this list did not give.
 */
export async function listUnmatchedPaymentsPage(
  cursor: string | null,
  limit: number,
): Promise<Page<UnmatchedPayment>> {
  checkCursorOf(cursor, unmatchedPayments());
  const page = await queryPage({
    ...unmatchedPayments(),
    ScanIndexForward: false,
    Limit: limit,
    cursor,
  });
  return { items: page.items.map((item) => unmatchedPaymentModel.fromItem(item)), cursor: page.cursor };
}
