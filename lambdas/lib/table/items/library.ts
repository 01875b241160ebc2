import * as z from 'zod/mini';
import { accessPattern, defineModel, type TableKey } from '../model';
import { isoDate, userPartition } from './common';

/** The buyers-of-an-investor index key of a library item (`gsi1`). */
const buyersIndexKey = (searchableInvestorId: string) => `BUYERS#${searchableInvestorId}`;

const CONTACT_PREFIX = 'CONTACT#';
/** The key of one bought contact in a user's library. */
export const purchasedContactKey = (userId: string, searchableInvestorId: string): TableKey => ({
  pk: userPartition(userId),
  sk: `${CONTACT_PREFIX}${searchableInvestorId}`,
});
/** The investor id of a library row's sort key. */
export const investorIdOfContactKey = (sk: string) => sk.slice(CONTACT_PREFIX.length);

/** A founder's contact library: their bought contacts (one Query of their partition). */
export const purchasedContactsOf = accessPattern(
  { index: 'table', params: ['userId'], description: "A founder's contact library (their bought contacts)" },
  (userId: string) => ({ partition: userPartition(userId), sortPrefix: CONTACT_PREFIX }),
);

/** The founders who bought one investor: their library rows (`gsi1`). */
export const buyersOf = accessPattern(
  {
    index: 'gsi1',
    params: ['investorId'],
    description: "The founders who bought one investor (the admins' review of a join)",
  },
  (investorId: string) => ({ partition: buyersIndexKey(investorId) }),
);

/** A contact the user bought: kept in their contact library with the values they paid for. */
export const purchasedContactModel = defineModel(
  'purchasedContact',
  z.object({
    userId: z.string(),
    searchableInvestorId: z.string(),
    importedInvestorId: z.string(),
    name: z.string(),
    email: z.nullable(z.string()),
    linkedinUrl: z.nullable(z.string()),
    /** The other contact values bought (issue 20; absent on contacts bought before). */
    phone: z._default(z.nullable(z.string()), null),
    twitterUrl: z._default(z.nullable(z.string()), null),
    crunchbaseUrl: z._default(z.nullable(z.string()), null),
    /**
     * Per field, the contact sheet's `changedAt` of the value bought: a later `changedAt` in the sheet
     * means the value changed since (docs/data-model.md, "Provenance"). Null when not bought.
     */
    emailChangedAt: z._default(z.nullable(isoDate), null),
    linkedinChangedAt: z._default(z.nullable(isoDate), null),
    phoneChangedAt: z._default(z.nullable(isoDate), null),
    twitterChangedAt: z._default(z.nullable(isoDate), null),
    crunchbaseChangedAt: z._default(z.nullable(isoDate), null),
    /**
     * The investor's firm (public) as the directory had it at the last purchase (issue 32: the
     * library's firm column, search and order). Absent on rows bought before: read from the card.
     */
    firmName: z.optional(z.nullable(z.string())),
    /** The first cart that bought this contact, and when. */
    cartId: z.string(),
    purchasedAt: isoDate,
    /** Every cart that included it: a later purchase adds fields, never removes one. */
    cartIds: z._default(z.array(z.string()), []),
    /**
     * When each cart that included it was paid, by cart id, and the cart whose purchase gave each value
     * (issue 30): free updates and the bounce-credit window count from the purchase of the value.
     * Empty on rows written before (their values count from `purchasedAt`).
     */
    purchases: z._default(z.record(z.string(), isoDate), {}),
    boughtIn: z._default(
      z.object({
        email: z.optional(z.string()),
        linkedinUrl: z.optional(z.string()),
        phone: z.optional(z.string()),
        twitterUrl: z.optional(z.string()),
        crunchbaseUrl: z.optional(z.string()),
      }),
      {},
    ),
    /** Counts the row's writes: each is conditional on the version it read (two deliveries at once). */
    version: z._default(z.int(), 0),
  }),
  // By investor too (issue 30): how many founders bought an entry, for the admins' review of a join.
  (v) => ({
    ...purchasedContactKey(v.userId, v.searchableInvestorId),
    gsi1pk: buyersIndexKey(v.searchableInvestorId),
    gsi1sk: v.userId,
  }),
);
export type PurchasedContact = z.infer<typeof purchasedContactModel.schema>;
