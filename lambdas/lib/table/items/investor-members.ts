import * as z from 'zod/mini';
import { defineModel, type TableKey } from '../model';
import { isoDate, userPartition } from './common';

/**
 * An investor account (issue 21): the user joined a partner portal and is an investor, never a
 * founder. Written before the user is added to the Cognito group `investor`, and read by every
 * founder route, so a token issued before the join cannot use founder features either.
 */
export const investorMemberKey = (userId: string): TableKey => ({
  pk: userPartition(userId),
  sk: 'INVESTOR',
});
export const investorMemberModel = defineModel(
  'investorMember',
  z.object({
    userId: z.string(),
    /** The account's email when it joined. */
    email: z.string(),
    /** The portal joined: its subdomain (fixed once created). */
    portalId: z.string(),
    joinedAt: isoDate,
  }),
  (v) => investorMemberKey(v.userId),
);
export type InvestorMember = z.infer<typeof investorMemberModel.schema>;
