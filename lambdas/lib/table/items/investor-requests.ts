import * as z from 'zod/mini';
import {
  CORRECTION_STATUSES,
  correctionRequestSchema,
  type WithdrawalMark,
  withdrawalMarkSchema,
} from '../../../../shared/api/investor-requests';
import { DATA_REQUEST_ACTIONS, DATA_REQUEST_STATUSES } from '../../../../shared/privacy/data-requests';
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

/**
 * A listed person's own request (issue 30, "This is me"): what they want for which investor, and the
 * code sent to the email the directory holds, hashed (scrypt, with its salt). Single use, a few
 * attempts, valid 30 minutes; the item itself expires (TTL) 30 days after it was made.
 */
export const dataRequestKey = (id: string): TableKey => ({ pk: `DATA_REQUEST#${id}`, sk: 'REQUEST' });
export const dataRequestModel = defineModel(
  'dataRequest',
  z.object({
    id: z.string(),
    investorId: z.string(),
    investorName: z.string(),
    action: z.enum(DATA_REQUEST_ACTIONS),
    details: z.nullable(z.string()),
    codeHash: z.string(),
    codeSalt: z.string(),
    codeExpiresAt: isoDate,
    attempts: z.int().check(z.nonnegative()),
    status: z.enum(DATA_REQUEST_STATUSES),
    createdAt: isoDate,
    usedAt: z.nullable(isoDate),
  }),
  (v) => dataRequestKey(v.id),
);

export type DataRequestItem = z.infer<typeof dataRequestModel.schema>;

/** Open correction requests, oldest first (`gsi1`, sparse). */
const CORRECTIONS_OPEN = 'CORRECTIONS_OPEN';

/** The open correction requests, by creation (`gsi1`). */
export const openCorrections = accessPattern(
  { index: 'gsi1', params: [], description: 'The open correction requests (oldest first)' },
  () => ({ partition: CORRECTIONS_OPEN }),
);

export const correctionRequestKey = (id: string): TableKey => ({ pk: `CORRECTION#${id}`, sk: 'CORRECTION' });

/** A correction asked for by the person listed, code checked (issue 30): admins work them. */
export const correctionRequestModel = defineModel('correctionRequest', correctionRequestSchema, (v) => ({
  ...correctionRequestKey(v.id),
  ...(v.status === 'open' ? { gsi1pk: CORRECTIONS_OPEN, gsi1sk: `${v.createdAt}#${v.id}` } : {}),
}));
export type CorrectionRequestItem = z.infer<typeof correctionRequestModel.schema>;
export { CORRECTION_STATUSES };
