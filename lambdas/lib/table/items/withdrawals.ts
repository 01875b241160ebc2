import * as z from 'zod/mini';
import { type WithdrawalMark, withdrawalMarkSchema } from '../../../../shared/investors/withdrawal-mark';
import { accessPattern, defineModel, type TableKey } from '../model';
import { investorPartition, isoDate } from './common';

/** Every withdrawal, newest event first (`gsi1`): the admins' view of withdrawals (issue 30). */
const WITHDRAWALS = 'WITHDRAWALS';

/** Every withdrawn entry, by its latest event (`gsi1`; read newest first). */
export const withdrawals = accessPattern(
  {
    index: 'gsi1',
    params: [],
    description: "Every withdrawn entry, latest event first (the admins' withdrawals)",
  },
  () => ({ partition: WITHDRAWALS }),
);

export const withdrawnInvestorKey = (investorId: string): TableKey => ({
  pk: investorPartition(investorId),
  sk: 'WITHDRAWN',
});
export const entryHolderKey = (investorId: string): TableKey => ({
  pk: investorPartition(investorId),
  sk: 'HOLDER',
});

/**
 * A searchable investor withdrawn from the directory, by its investor on a portal (issue 21) or by
 * the person listed through "This is me" (issue 30): mapping never writes it again while
 * `withdrawnAt` is set, so no import brings the entry back. Kept when an admin restores it (then
 * `withdrawnAt` is null), with the entry as it was and every withdrawal and restore.
 */
export const withdrawnInvestorModel = defineModel('withdrawnInvestor', withdrawalMarkSchema, (v) => ({
  ...withdrawnInvestorKey(v.investorId),
  gsi1pk: WITHDRAWALS,
  gsi1sk: `${lastWithdrawalEventAt(v)}#${v.investorId}`,
}));
export type { WithdrawalMark };

/** When the mark last changed: its newest event (a mark of before histories: its withdrawal). */
const lastWithdrawalEventAt = (v: WithdrawalMark) => v.history.at(-1)?.at ?? v.withdrawnAt ?? '';

/**
 * Which investor account's listing holds a directory entry (issue 30): one account per entry. Written
 * before an approval writes the entry, conditional on no other account holding it.
 */
export const entryHolderModel = defineModel(
  'entryHolder',
  z.object({ investorId: z.string(), userId: z.string(), at: isoDate }),
  (v) => entryHolderKey(v.investorId),
);
export type EntryHolder = z.infer<typeof entryHolderModel.schema>;
