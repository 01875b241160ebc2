import * as z from 'zod/mini';
import { defineModel, type TableKey } from '../model';
import { isoDate, userPartition } from './common';

/**
 * Which searchable investor an identity key (`email#<address>`, `name#<name>#<firm>`) maps to
 * (issue 48): the public id is random (`inv_` + 24 hex), never derived from contact data, so mapping
 * finds an investor by its identity through this item. Not public: read only by mapping, the review
 * of a profile, the listing and the pipeline's row matcher. Keyed by the SHA-256 of the identity key
 * (a key fragment of fixed size whatever the email), created with `attribute_not_exists(pk)`.
 */
export const investorIdentityKey = (identityHash: string): TableKey => ({
  pk: `IDENTITY#${identityHash}`,
  sk: 'IDENTITY',
});
export const investorIdentityModel = defineModel(
  'investorIdentity',
  z.object({ identityHash: z.string(), searchableId: z.string(), createdAt: isoDate }),
  (v) => investorIdentityKey(v.identityHash),
);
export type InvestorIdentity = z.infer<typeof investorIdentityModel.schema>;

/**
 * An investor id of before issue 48 (the hash of its identity key) and the random id the migration
 * moved it to. Written by the migration before it rewrites any reference; never read by a public
 * route (an old id answers nobody but a founder who held it: {@link heldOldIdModel}).
 */
export const movedInvestorKey = (oldId: string): TableKey => ({ pk: `MOVED#${oldId}`, sk: 'MOVED' });
export const movedInvestorModel = defineModel(
  'movedInvestor',
  z.object({ oldId: z.string(), newId: z.string(), movedAt: isoDate }),
  (v) => movedInvestorKey(v.oldId),
);
export type MovedInvestor = z.infer<typeof movedInvestorModel.schema>;

/**
 * An old investor id a founder's own data held when the migration moved it (issue 48): only this
 * founder's link with the old id still finds the investor (`GET /me/moved-investors/{oldId}`).
 */
export const heldOldIdKey = (userId: string, oldId: string): TableKey => ({
  pk: userPartition(userId),
  sk: `OLDID#${oldId}`,
});
export const heldOldIdModel = defineModel(
  'heldOldId',
  z.object({ userId: z.string(), oldId: z.string(), newId: z.string(), at: isoDate }),
  (v) => heldOldIdKey(v.userId, v.oldId),
);
export type HeldOldId = z.infer<typeof heldOldIdModel.schema>;
