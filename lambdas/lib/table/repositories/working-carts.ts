import type { CartInvestor } from '../../../../shared/cart/cart';
import { DEFAULT_COLUMN_ORDER, type ExportColumnKey } from '../../../../shared/cart/export';
import {
  mergeInvestorIds,
  NO_WORKING_CART_VERSION,
  type WorkingCartMerge,
} from '../../../../shared/cart/working-cart';
import { type WorkingCartRecord, workingCartKey, workingCartModel } from '../models';
import { conditionalWrite, getItem, putItem } from '../table';
import { getSearchableInvestors, toCartCard } from './investors';

/** A write that named a version the cart no longer has: nothing was written. */
export class WorkingCartConflictError extends Error {
  override readonly name = 'WorkingCartConflictError';
}

/** The founder's working cart as the API shows it: version 0 and empty when none was written yet. */
export interface WorkingCartState {
  version: number;
  investorIds: string[];
  columnOrder: ExportColumnKey[];
  cartId: string | null;
  updatedAt: string | null;
}

const emptyCart = (): WorkingCartState => ({
  version: NO_WORKING_CART_VERSION,
  investorIds: [],
  columnOrder: [...DEFAULT_COLUMN_ORDER],
  cartId: null,
  updatedAt: null,
});

function stateOf(record: WorkingCartRecord | null): WorkingCartState {
  if (!record) return emptyCart();
  return {
    version: record.version,
    investorIds: record.investorIds,
    columnOrder: record.columnOrder,
    cartId: record.cartId,
    updatedAt: record.updatedAt,
  };
}

/** The founder's working cart (a consistent read: a write that follows names this version). */
export async function getWorkingCart(userId: string): Promise<WorkingCartState> {
  const item = await getItem(workingCartKey(userId), true);
  return stateOf(item ? workingCartModel.fromItem(item) : null);
}

/**
 * Replaces the founder's working cart if it is still at `expectedVersion` (0: none written yet), and
 * returns it at its new version.
 *
 * @throws WorkingCartConflictError when the cart is at another version: nothing is written.
 */
export async function putWorkingCart(
  userId: string,
  expectedVersion: number,
  cart: { investorIds: string[]; columnOrder: ExportColumnKey[]; cartId: string | null },
  now: Date,
): Promise<WorkingCartState> {
  const record: WorkingCartRecord = {
    userId,
    investorIds: [...cart.investorIds],
    columnOrder: [...cart.columnOrder],
    cartId: cart.cartId,
    version: expectedVersion + 1,
    updatedAt: now.toISOString(),
  };
  const written = await conditionalWrite(
    putItem(
      workingCartModel.toItem(record),
      expectedVersion === NO_WORKING_CART_VERSION
        ? 'attribute_not_exists(pk)'
        : { expression: 'version = :expected', values: { ':expected': expectedVersion } },
    ),
  );
  if (!written)
    throw new WorkingCartConflictError(`The working cart of ${userId} is not at version ${expectedVersion}`);
  return stateOf(record);
}

/** How many times a merge reads again after another write came first, before giving up (a 409). */
const MERGE_ATTEMPTS = 8;

/**
 * Adds investors to the founder's working cart (the union, each once, capped at 2,500: see
 * {@link mergeInvestorIds}); a write that lost the race to another reads again and merges again, so
 * no concurrent add is lost. `cartId` names a new cart only.
 *
 * @throws WorkingCartConflictError when every attempt lost the race.
 */
export async function mergeIntoWorkingCart(
  userId: string,
  incoming: readonly string[],
  cartId: string | null,
  now: Date,
): Promise<{ cart: WorkingCartState } & Omit<WorkingCartMerge, 'investorIds'>> {
  let lastConflict: unknown;
  for (let attempt = 0; attempt < MERGE_ATTEMPTS; attempt++) {
    const current = await getWorkingCart(userId);
    const merge = mergeInvestorIds(current.investorIds, incoming);
    const counts = { added: merge.added, alreadyInCart: merge.alreadyInCart, leftOut: merge.leftOut };
    // Nothing new: no write, no new version (a repeated sign-in merges nothing twice).
    if (merge.added === 0 && current.version !== NO_WORKING_CART_VERSION) return { cart: current, ...counts };
    try {
      const cart = await putWorkingCart(
        userId,
        current.version,
        {
          investorIds: merge.investorIds,
          columnOrder: current.columnOrder,
          cartId: current.cartId ?? cartId,
        },
        now,
      );
      return { cart, ...counts };
    } catch (error) {
      if (!(error instanceof WorkingCartConflictError)) throw error;
      lastConflict = error;
    }
  }
  throw new WorkingCartConflictError(`The working cart of ${userId} kept changing during a merge`, {
    cause: lastConflict,
  });
}

/** Each investor of the cart with its public card, or null when it is no longer in the directory. */
export async function cardsOfWorkingCart(
  investorIds: readonly string[],
): Promise<{ id: string; card: CartInvestor | null }[]> {
  const investors = await getSearchableInvestors([...investorIds]);
  return investorIds.map((id) => {
    const investor = investors.get(id);
    return { id, card: investor ? toCartCard(investor) : null };
  });
}
