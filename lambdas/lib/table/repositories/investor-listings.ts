import { batchGet } from '../batch';
import { checkCursorOf } from '../model';
import {
  type EntryHolder,
  entryHolderKey,
  entryHolderModel,
  type InvestorListing,
  investorListingKey,
  investorListingModel,
  remindersDueBy,
  type WithdrawalMark,
  withdrawals,
  withdrawnInvestorKey,
  withdrawnInvestorModel,
} from '../models';
import { conditionalWrite, getItem, type Page, putItem, queryPage } from '../table';

/** Investors' listings in the directory (issue 21): the approved profile, withdrawals and reminders. */

export async function getInvestorListing(userId: string): Promise<InvestorListing | null> {
  const item = await getItem(investorListingKey(userId), true);
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
  return conditionalWrite(
    putItem(
      investorListingModel.toItem({ ...listing, version: (previous?.version ?? 0) + 1 }),
      previous === null
        ? 'attribute_not_exists(pk)'
        : { expression: 'version = :version', values: { ':version': previous.version } },
    ),
  );
}

/** Listings whose reminder is due by `now`, oldest due first (one page of the sparse index). */
export async function listRemindersDue(
  now: Date,
  cursor: string | null,
  limit = 100,
): Promise<Page<InvestorListing>> {
  const page = await queryPage({
    ...remindersDueBy(now.toISOString()),
    Limit: limit,
    cursor,
  });
  return { items: page.items.map((item) => investorListingModel.fromItem(item)), cursor: page.cursor };
}

/** The withdrawal mark of a searchable investor (withdrawn now, or restored since), if it has one. */
export async function getWithdrawalMark(investorId: string): Promise<WithdrawalMark | null> {
  const item = await getItem(withdrawnInvestorKey(investorId), true);
  return item ? withdrawnInvestorModel.fromItem(item) : null;
}

/**
 * Writes a withdrawal mark: a new withdrawal (`previous` is the mark read, or null: the entry was
 * never withdrawn, or was restored since) or a restore (`previous` withdrawn at the time read). False
 * when another write came first: a withdrawal then finds the entry withdrawn; a restore was beaten.
 */
export async function putWithdrawalMark(
  mark: WithdrawalMark,
  previous: Pick<WithdrawalMark, 'withdrawnAt'> | null,
): Promise<boolean> {
  return conditionalWrite(
    putItem(
      withdrawnInvestorModel.toItem(mark),
      previous === null
        ? 'attribute_not_exists(pk)'
        : previous.withdrawnAt === null
          ? { expression: 'attribute_type(withdrawnAt, :null)', values: { ':null': 'NULL' } }
          : { expression: 'withdrawnAt = :read', values: { ':read': previous.withdrawnAt } },
    ),
  );
}

/** Which of these searchable investors are withdrawn now (restored ones are not). */
export async function withdrawnInvestorIds(investorIds: readonly string[]): Promise<Set<string>> {
  if (investorIds.length === 0) return new Set();
  const items = await batchGet(
    investorIds.map((id) => withdrawnInvestorKey(id)),
    { consistent: true },
  );
  return new Set(
    items
      .map((item) => withdrawnInvestorModel.fromItem(item))
      .filter((mark) => mark.withdrawnAt !== null)
      .map((mark) => mark.investorId),
  );
}

/** Every withdrawal mark, the latest event first: one page of `gsi1` (`WITHDRAWALS`). */
export async function listWithdrawalMarks(
  cursor: string | null,
  limit: number,
): Promise<Page<WithdrawalMark>> {
  checkCursorOf(cursor, withdrawals(), 'The cursor does not belong to the withdrawals.');
  const page = await queryPage({
    ...withdrawals(),
    ScanIndexForward: false,
    Limit: limit,
    cursor,
  });
  return { items: page.items.map((item) => withdrawnInvestorModel.fromItem(item)), cursor: page.cursor };
}

/** The investor account whose listing holds this entry, if any. */
export async function getEntryHolder(investorId: string): Promise<EntryHolder | null> {
  const item = await getItem(entryHolderKey(investorId), true);
  return item ? entryHolderModel.fromItem(item) : null;
}

/**
 * Takes an entry for an investor account: written when nobody holds it, when this account does, or
 * when `takeOverFrom` (an account found to hold it without a listing of it) still does. Returns the
 * holder that stands: ours, or the other account's when it came first.
 */
export async function holdEntry(
  holder: EntryHolder,
  takeOverFrom: string | null = null,
): Promise<EntryHolder> {
  const held = await conditionalWrite(
    putItem(entryHolderModel.toItem(holder), {
      expression:
        takeOverFrom === null
          ? 'attribute_not_exists(pk) OR userId = :me'
          : 'attribute_not_exists(pk) OR userId = :me OR userId = :previous',
      values: { ':me': holder.userId, ...(takeOverFrom === null ? {} : { ':previous': takeOverFrom }) },
    }),
  );
  if (held) return holder;
  return (await getEntryHolder(holder.investorId)) ?? holder;
}
