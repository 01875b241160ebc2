import { batchGet } from '../batch';
import { indexKeysRemove, indexKeysSet } from '../model';
import { type CartDelivery, cartDeliveryKey, cartDeliveryModel, openDeliveriesPaidBefore } from '../models';
import { conditionalWrite, getItem, queryAll, updateItem } from '../table';

/** The delivery record of a cart, or null before delivery started. */
export async function getCartDelivery(cartId: string): Promise<CartDelivery | null> {
  const item = await getItem(cartDeliveryKey(cartId), true);
  return item ? cartDeliveryModel.fromItem(item) : null;
}

/** The delivery records of many carts, by cart id (admin carts page). */
export async function getCartDeliveries(cartIds: string[]): Promise<Map<string, CartDelivery>> {
  const items = await batchGet(cartIds.map((id) => cartDeliveryKey(id)));
  const deliveries = items.map((item) => cartDeliveryModel.fromItem(item));
  return new Map(deliveries.map((d) => [d.cartId, d]));
}

type DeliveryStep = Partial<Omit<CartDelivery, 'cartId'>>;

const DEFAULTS: Omit<CartDelivery, 'cartId'> = {
  purchasedAt: null,
  startedAt: null,
  csvKey: null,
  rowsKey: null,
  builtAt: null,
  undeliveredInvestorIds: [],
  rowCount: 0,
  recipient: null,
  emailSentAt: null,
  libraryAddedAt: null,
  deliveredAt: null,
  failedAt: null,
  failureReason: null,
  undeliveredCredited: 0,
};

/** The `SET` clause that writes `step` and creates every other field with its default if missing. */
function deliveryUpdate(cartId: string, step: DeliveryStep) {
  const names: Record<string, string> = { '#entity': 'entity', '#cartId': 'cartId' };
  const values: Record<string, unknown> = { ':entity': cartDeliveryModel.entity, ':cartId': cartId };
  const sets = ['#entity = :entity', '#cartId = :cartId'];
  for (const [i, [key, fallback]] of Object.entries(DEFAULTS).entries()) {
    names[`#f${i}`] = key;
    if (key in step) {
      values[`:v${i}`] = step[key as keyof DeliveryStep];
      sets.push(`#f${i} = :v${i}`);
    } else {
      values[`:d${i}`] = fallback;
      sets.push(`#f${i} = if_not_exists(#f${i}, :d${i})`);
    }
  }
  return { sets, names, values };
}

/** Records delivery progress, creating the record on the first step. */
export async function recordCartDelivery(cartId: string, step: DeliveryStep): Promise<void> {
  const { sets, names, values } = deliveryUpdate(cartId, step);
  await updateItem({
    Key: cartDeliveryKey(cartId),
    UpdateExpression: `SET ${sets.join(', ')}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  });
}

/**
 * The transaction item that opens a paid cart's delivery record (with the payment that marks it
 * purchased, or the redemption that spends a credit): paid at `purchasedAt`, in the open deliveries'
 * index until delivered, nothing started yet.
 */
export function openDeliveryWrite(cartId: string, purchasedAt: string) {
  const { sets, names, values } = deliveryUpdate(cartId, { purchasedAt });
  // Into the open deliveries' index, with the keys the model gives a paid, undelivered delivery.
  const index = indexKeysSet(cartDeliveryModel.keys({ ...DEFAULTS, cartId, purchasedAt }));
  return {
    Update: {
      Key: cartDeliveryKey(cartId),
      UpdateExpression: `SET ${[...sets, ...index.sets].join(', ')}`,
      ExpressionAttributeNames: { ...names, ...index.names },
      ExpressionAttributeValues: { ...values, ...index.values },
    },
  };
}

/** What the first CSV build of a cart fixes: the file, its rows, and the investors it cannot deliver. */
export interface FixedDelivery {
  csvKey: string;
  rowsKey: string;
  rowCount: number;
  undeliveredInvestorIds: string[];
  builtAt: string;
}

/**
 * Fixes what the cart delivers, once: true for the first build, false when an earlier or concurrent
 * build fixed it (its file is then the one delivered, and this build's is never used).
 */
export async function fixCartDelivery(cartId: string, fixed: FixedDelivery): Promise<boolean> {
  const { sets, names, values } = deliveryUpdate(cartId, fixed);
  return conditionalWrite(
    updateItem({
      Key: cartDeliveryKey(cartId),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: 'attribute_not_exists(csvKey) OR csvKey = :none',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: { ...values, ':none': null },
    }),
  );
}

/** The delivery is complete: recorded, any failure cleared, and out of the open deliveries' index. */
export async function completeDelivery(cartId: string, at: string): Promise<void> {
  const { sets, names, values } = deliveryUpdate(cartId, {
    deliveredAt: at,
    failedAt: null,
    failureReason: null,
  });
  const openIndex = indexKeysRemove('gsi1');
  await updateItem({
    Key: cartDeliveryKey(cartId),
    UpdateExpression: `SET ${sets.join(', ')} REMOVE ${openIndex.removes.join(', ')}`,
    ExpressionAttributeNames: { ...names, ...openIndex.names },
    ExpressionAttributeValues: values,
  });
}

/**
 * The deliveries of carts paid before `paidBefore` and not yet delivered, oldest first: one Query of
 * the open deliveries' index (it holds only undelivered paid carts, so it stays small), at most `limit`.
 */
export async function listOpenDeliveries(paidBefore: string, limit = 1000): Promise<CartDelivery[]> {
  const items = await queryAll({
    ...openDeliveriesPaidBefore(paidBefore),
    ScanIndexForward: true,
  });
  return items.slice(0, limit).map((item) => cartDeliveryModel.fromItem(item));
}

/**
 * Claims the sending of the CSV email before it is sent (issue 48, the weekly alerts' claim → send →
 * mark, with the credit ledger's lease): 'claimed' for one caller at a time, 'sent' once it was sent,
 * 'held' while another attempt's lease runs (a Redeliver overlapping a retry). A lease that lapsed
 * (its process died before marking) may be claimed again, so the email is never lost either.
 */
export async function claimDeliveryEmail(
  cartId: string,
  claimant: string,
  now: Date,
  leaseMs: number,
): Promise<'claimed' | 'sent' | 'held'> {
  const claimed = await conditionalWrite(
    updateItem({
      Key: cartDeliveryKey(cartId),
      UpdateExpression: 'SET emailClaim = :claim',
      ConditionExpression:
        'attribute_exists(pk) AND emailSentAt = :null AND (attribute_not_exists(emailClaim) OR emailClaim = :null OR emailClaim.#until < :now)',
      ExpressionAttributeNames: { '#until': 'until' },
      ExpressionAttributeValues: {
        ':claim': { by: claimant, until: new Date(now.getTime() + leaseMs).toISOString() },
        ':null': null,
        ':now': now.toISOString(),
      },
    }),
  );
  if (claimed) return 'claimed';
  return (await getCartDelivery(cartId))?.emailSentAt ? 'sent' : 'held';
}

/** Gives the claim back after the send failed: the step's retry (or a Redeliver) sends it. */
export async function releaseDeliveryEmail(cartId: string, claimant: string): Promise<void> {
  await conditionalWrite(
    updateItem({
      Key: cartDeliveryKey(cartId),
      UpdateExpression: 'REMOVE emailClaim',
      ConditionExpression: 'emailClaim.#by = :by',
      ExpressionAttributeNames: { '#by': 'by' },
      ExpressionAttributeValues: { ':by': claimant },
    }),
  );
}

/**
 * Marks the CSV email sent (after its claim): true for the first caller, false once it was marked.
 * A later attempt then skips the email instead of sending it twice.
 */
export async function markDeliveryEmailSent(cartId: string, sentAt: string): Promise<boolean> {
  return conditionalWrite(
    updateItem({
      Key: cartDeliveryKey(cartId),
      UpdateExpression: 'SET emailSentAt = :at REMOVE emailClaim',
      ConditionExpression: 'attribute_exists(pk) AND emailSentAt = :null',
      ExpressionAttributeValues: { ':at': sentAt, ':null': null },
    }),
  );
}
