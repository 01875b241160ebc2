import {
  type BounceCreditGuard,
  bounceCreditGuardModel,
  type CartRecord,
  type CreditBalance,
  type CreditEntry,
  cartModel,
  creditBalanceModel,
  creditEntriesOf,
  creditEntryModel,
} from '../models';
import { conditionalWrite, getItem, queryAll, transactWriteRetryingConflicts } from '../table';
import { openDeliveryWrite } from './deliveries';

/**
 * Bounce credits (docs/data-model.md, "Credits"): the balance item `USER#<sub>`/`CREDITS` and one
 * history item per grant (`CREDIT#GRANT#<reportId>`), per contact a paid cart could not deliver
 * (`CREDIT#GRANT#CART#<cartId>#<investorId>`) and per redemption (`CREDIT#REDEEM#<investorId>`).
 * Every change of the balance is in one transaction with the history item that explains it, and that
 * item's write is conditional on its absence: a grant or a redemption happens once.
 */

const balanceKeys = (userId: string) =>
  creditBalanceModel.keys({ userId, balance: 0, granted: 0, redeemed: 0 });

/** Why a redemption was refused: the balance has no credit left (nothing was written). */
export class NoCreditsError extends Error {
  override readonly name = 'NoCreditsError';
}

/**
 * The transaction items of a grant: the grant's history item (once per report) and the balance raised
 * by one (created on the first grant). Part of the report's resolution (repositories/reports.ts).
 */
export function grantCreditWrites(grant: CreditEntry) {
  return [
    { Put: { Item: creditEntryModel.toItem(grant), ConditionExpression: 'attribute_not_exists(pk)' } },
    {
      Update: {
        Key: balanceKeys(grant.userId),
        UpdateExpression:
          'SET entity = :entity, userId = :user, redeemed = if_not_exists(redeemed, :zero) ADD balance :one, granted :one',
        ExpressionAttributeValues: {
          ':entity': creditBalanceModel.entity,
          ':user': grant.userId,
          ':zero': 0,
          ':one': 1,
        },
      },
    },
  ];
}

/**
 * The transaction items of a bounce credit (issue 30): the grant's ({@link grantCreditWrites}) and its
 * guard, once per purchase, investor and contact kind (conditional on its absence).
 */
export function bounceCreditWrites(grant: CreditEntry, guard: BounceCreditGuard) {
  return [
    ...grantCreditWrites(grant),
    { Put: { Item: bounceCreditGuardModel.toItem(guard), ConditionExpression: 'attribute_not_exists(pk)' } },
  ];
}

/** Whether a bounce credit was granted for this purchase, investor and contact kind. */
export async function bounceCreditGranted(guard: BounceCreditGuard): Promise<boolean> {
  const keys = bounceCreditGuardModel.keys(guard);
  return (await getItem(keys.pk, keys.sk, true)) !== undefined;
}

/** Two redemptions at once conflict: the loser is retried (a few times) and its conditions checked. */
const REDEMPTION_ATTEMPTS = 5;

/**
 * Grants one credit for a contact a paid cart could not deliver: its history item
 * (`CREDIT#GRANT#CART#<cartId>#<investorId>`, conditional on its absence) and the balance raised by
 * one, in one transaction. Returns false when an earlier or concurrent attempt already granted it
 * (nothing more is written): a delivery step retried, or run twice at once, grants once.
 */
export async function grantUndeliveredCredit(entry: CreditEntry): Promise<boolean> {
  if (entry.kind !== 'undelivered' || !entry.cartId)
    throw new Error('Not a credit for an undelivered contact');
  return conditionalWrite(transactWriteRetryingConflicts(grantCreditWrites(entry), REDEMPTION_ATTEMPTS));
}

export async function getCreditBalance(userId: string): Promise<CreditBalance> {
  const keys = balanceKeys(userId);
  const item = await getItem(keys.pk, keys.sk, true);
  return item ? creditBalanceModel.fromItem(item) : { userId, balance: 0, granted: 0, redeemed: 0 };
}

/** The founder's credit history, newest first: one Query of their partition. */
export async function listCreditEntries(userId: string): Promise<CreditEntry[]> {
  const items = await queryAll({
    ...creditEntriesOf(userId),
  });
  return items.map((item) => creditEntryModel.fromItem(item)).sort((a, b) => b.at.localeCompare(a.at));
}

/** The redemption of one investor by the founder, if any. */
export async function getRedemption(userId: string, investorId: string): Promise<CreditEntry | null> {
  const keys = creditEntryModel.keys({
    userId,
    kind: 'redeemed',
    investorId,
    investorName: '',
    at: '',
    reportId: null,
    cartId: null,
  });
  const item = await getItem(keys.pk, keys.sk, true);
  return item ? creditEntryModel.fromItem(item) : null;
}

/**
 * Spends one credit: the balance lowered by one (conditional on a credit left), the redemption's
 * history item (conditional on none for this investor), the one-investor cart it is delivered as
 * (already purchased) and that cart's open delivery record, in one transaction. Returns the redemption that holds: this one, or the one an
 * earlier or concurrent attempt for the same investor wrote (nothing more is spent then).
 *
 * @throws NoCreditsError when no credit is left and the investor was not redeemed.
 */
export async function spendCredit(redemption: CreditEntry, cart: CartRecord): Promise<CreditEntry> {
  const keys = balanceKeys(redemption.userId);
  const spent = await conditionalWrite(
    transactWriteRetryingConflicts(
      [
        {
          Update: {
            Key: keys,
            UpdateExpression: 'SET balance = balance - :one, redeemed = redeemed + :one',
            ConditionExpression: 'balance >= :one',
            ExpressionAttributeValues: { ':one': 1 },
          },
        },
        {
          Put: { Item: creditEntryModel.toItem(redemption), ConditionExpression: 'attribute_not_exists(pk)' },
        },
        { Put: { Item: cartModel.toItem(cart), ConditionExpression: 'attribute_not_exists(pk)' } },
        // Paid with the credit: its delivery is open (the watch of paid carts finds it if none starts).
        openDeliveryWrite(cart.id, cart.purchasedAt ?? redemption.at),
      ],
      REDEMPTION_ATTEMPTS,
    ),
  );
  if (spent) return redemption;
  const existing = await getRedemption(redemption.userId, redemption.investorId);
  if (existing) return existing;
  throw new NoCreditsError('No credit left');
}
