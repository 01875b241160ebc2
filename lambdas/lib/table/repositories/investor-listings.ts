import { batchGet } from '../batch';
import { type InvestorListing, investorListingModel, REMINDERS_DUE, withdrawnInvestorModel } from '../models';
import { getItem, isConditionFailure, type Page, putItem, queryPage } from '../table';

/** Investors' listings in the directory (issue 21): the approved profile, withdrawals and reminders. */

export async function getInvestorListing(userId: string): Promise<InvestorListing | null> {
  const item = await getItem(`USER#${userId}`, 'INVESTOR_LISTING', true);
  return item ? investorListingModel.fromItem(item) : null;
}

/**
 * Writes the listing whole as the next version of `previous` (the one read; null for a new
 * listing): false when another write came first, which is then not lost.
 */
export async function putInvestorListing(
  listing: Omit<InvestorListing, 'version'>,
  previous: Pick<InvestorListing, 'version'> | null,
): Promise<boolean> {
  try {
    await putItem(
      investorListingModel.toItem({ ...listing, version: (previous?.version ?? 0) + 1 }),
      previous === null
        ? 'attribute_not_exists(pk)'
        : { expression: 'version = :version', values: { ':version': previous.version } },
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Listings whose reminder is due by `now`, oldest due first (one page of the sparse index). */
export async function listRemindersDue(
  now: Date,
  cursor: string | null,
  limit = 100,
): Promise<Page<InvestorListing>> {
  const page = await queryPage({
    index: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk <= :due',
    ExpressionAttributeValues: { ':pk': REMINDERS_DUE, ':due': `${now.toISOString()}#\uffff` },
    Limit: limit,
    cursor,
  });
  return { items: page.items.map((item) => investorListingModel.fromItem(item)), cursor: page.cursor };
}

/** Marks a searchable investor as withdrawn by the investor: mapping never writes it again. */
export async function putWithdrawnInvestor(investorId: string, userId: string, at: string): Promise<void> {
  await putItem(withdrawnInvestorModel.toItem({ investorId, userId, withdrawnAt: at }));
}

/** Which of these searchable investors their investors withdrew. */
export async function withdrawnInvestorIds(investorIds: readonly string[]): Promise<Set<string>> {
  if (investorIds.length === 0) return new Set();
  const items = await batchGet(
    investorIds.map((id) => ({ pk: `INVESTOR#${id}`, sk: 'WITHDRAWN' })),
    { consistent: true },
  );
  return new Set(items.map((item) => withdrawnInvestorModel.fromItem(item).investorId));
}
