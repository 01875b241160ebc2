import * as z from 'zod/mini';
import { CART_STATUSES } from '../../../../shared/cart/cart';
import { EXPORT_COLUMN_KEYS } from '../../../../shared/cart/export';
import { cartPricingSchema } from '../../../../shared/cart/pricing';
import { PAYMENT_STATUSES } from '../../../../shared/cart/purchase-state';
import { accessPattern, defineModel, padNumber, type TableKey } from '../model';
import { isoDate, userPartition } from './common';

const cartPartition = (id: string) => `CART#${id}`;
const CARTS = 'CARTS';
export const cartKey = (id: string): TableKey => ({ pk: cartPartition(id), sk: 'CART' });
export const cartDeliveryKey = (cartId: string): TableKey => ({ pk: cartPartition(cartId), sk: 'DELIVERY' });

/**
 * A saved cart. Items are not embedded: 2,500 cards would pass DynamoDB's 400 KB item limit, so the
 * cart keeps the ids (in order) and the cards are read back from the searchable investors.
 */
export const cartModel = defineModel(
  'cart',
  z.object({
    id: z.string(),
    startedDate: z.int(),
    searchableInvestorEntryIds: z.array(z.string()),
    pricing: cartPricingSchema,
    status: z.enum(CART_STATUSES),
    creatorUserId: z.string(),
    columnOrder: z.array(z.enum(EXPORT_COLUMN_KEYS)),
    exportFormat: z.literal('csv'),
    savedAt: isoDate,
    purchasedAt: z.nullable(isoDate),
    /** Set when a payment did not match the tier price: an admin must look at it. */
    flaggedReason: z.nullable(z.string()),
    /** Raised by every save; the webhook purchases the version it priced, no other. */
    version: z._default(z.int(), 1),
    /** When the founder opened the payment page: from then on the cart cannot change. */
    checkoutOpenedAt: z._default(z.nullable(isoDate), null),
    /** Where the CSV goes: the founder's verified address when the payment page was opened. */
    recipientEmail: z._default(z.nullable(z.string()), null),
    /** A payment that settles later ('pending'), or one that then failed ('failed'). */
    paymentStatus: z._default(z.nullable(z.enum(PAYMENT_STATUSES)), null),
    /** The Stripe checkout session that paid for the cart. */
    paidSessionId: z._default(z.nullable(z.string()), null),
    /** A cart of one investor "paid" with a bounce credit (issue 20): delivered like a purchase. */
    paidWithCredit: z._default(z.boolean(), false),
    /**
     * The investors' names when the cart was saved, by id: the credit history names an investor the
     * delivery could not deliver (no longer in the directory) by it. Empty for older carts.
     */
    investorNames: z._default(z.record(z.string(), z.string()), {}),
  }),
  (v) => ({
    ...cartKey(v.id),
    gsi1pk: CARTS,
    gsi1sk: `${padNumber(v.startedDate)}#${v.id}`,
    gsi2pk: userPartition(v.creatorUserId),
    gsi2sk: `CART#${padNumber(v.startedDate)}#${v.id}`,
  }),
);
export type CartRecord = z.infer<typeof cartModel.schema>;

/** Every cart, by start (`gsi1`; the admin carts page reads it newest first). */
export const allCarts = accessPattern(
  { index: 'gsi1', params: [], description: 'Every cart, by start (the admin carts page, newest first)' },
  () => ({ partition: CARTS }),
);

/** A founder's carts, by start (`gsi2`). */
export const cartsOfCreator = accessPattern(
  { index: 'gsi2', params: ['userId'], description: "A founder's carts" },
  (userId: string) => ({ partition: userPartition(userId), sortPrefix: 'CART#' }),
);

/**
 * The working cart (issue 32): a signed-in founder's export cart before it is saved, one item per
 * founder. Investor ids only (at most 2,500 ids of at most 64 characters: under 170 KB, well inside
 * DynamoDB's 400 KB item limit); `version` is raised by every write, each conditional on the one it
 * read.
 */
export const workingCartKey = (userId: string): TableKey => ({
  pk: userPartition(userId),
  sk: 'WORKING_CART',
});
export const workingCartModel = defineModel(
  'workingCart',
  z.object({
    userId: z.string(),
    investorIds: z.array(z.string()),
    columnOrder: z.array(z.enum(EXPORT_COLUMN_KEYS)),
    cartId: z.nullable(z.string()),
    version: z.int(),
    updatedAt: isoDate,
  }),
  (v) => workingCartKey(v.userId),
);
export type WorkingCartRecord = z.infer<typeof workingCartModel.schema>;

/** The index partition of the deliveries of paid carts not yet delivered (sparse, by payment time). */
const DELIVERIES_OPEN = 'DELIVERIES_OPEN';

/** The deliveries of carts paid before an instant and not yet delivered, oldest payment first (`gsi1`). */
export const openDeliveriesPaidBefore = accessPattern(
  {
    index: 'gsi1',
    params: ['paidBefore'],
    description:
      'The paid carts not yet delivered, paid before an instant, oldest first (the watch of paid carts)',
  },
  (paidBefore: string) => ({ partition: DELIVERIES_OPEN, sortBefore: paidBefore }),
);

/**
 * What export delivery has done for a purchased cart: each step is recorded so a retry skips it.
 * Created when the cart is paid (in the payment's transaction) and listed in `gsi1` (`DELIVERIES_OPEN`,
 * by payment time) until delivered, for the watch of paid carts (issue 30). What the cart delivers is
 * fixed by its first CSV build: the file, its rows and the investors it could not deliver.
 */
export const cartDeliveryModel = defineModel(
  'cartDelivery',
  z.object({
    cartId: z.string(),
    /** When the cart was paid (null on deliveries of carts paid before issue 30). */
    purchasedAt: z._default(z.nullable(isoDate), null),
    /** When a delivery execution was last started (the first, or an admin's Redeliver). */
    startedAt: z._default(z.nullable(isoDate), null),
    /** The CSV delivered, fixed by the first build (its key names the build). */
    csvKey: z.nullable(z.string()),
    /** The rows of that CSV with what the library keeps of each (JSON beside it). */
    rowsKey: z._default(z.nullable(z.string()), null),
    /** When the first build fixed what the cart delivers. */
    builtAt: z._default(z.nullable(isoDate), null),
    /** The cart's investors the first build could not deliver, each credited once. */
    undeliveredInvestorIds: z._default(z.array(z.string()), []),
    rowCount: z.int(),
    recipient: z.nullable(z.string()),
    emailSentAt: z.nullable(isoDate),
    libraryAddedAt: z.nullable(isoDate),
    deliveredAt: z.nullable(isoDate),
    /** Set when a step failed after its retries (an admin redelivers); cleared by a redelivery. */
    failedAt: z._default(z.nullable(isoDate), null),
    failureReason: z._default(z.nullable(z.string()), null),
    /**
     * How many of the cart's contacts the CSV could not hold (their investor no longer in the
     * directory): the buyer got one credit for each (CREDIT#GRANT#CART#<cartId>#<investorId>).
     */
    undeliveredCredited: z._default(z.int(), 0),
  }),
  (v) => ({
    ...cartDeliveryKey(v.cartId),
    ...(v.deliveredAt === null && v.purchasedAt
      ? { gsi1pk: DELIVERIES_OPEN, gsi1sk: `${v.purchasedAt}#${v.cartId}` }
      : {}),
  }),
);
export type CartDelivery = z.infer<typeof cartDeliveryModel.schema>;
