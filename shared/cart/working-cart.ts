/**
 * The working cart (issue 32): a signed-in founder's export cart before it is saved, kept on the
 * server so it follows them to any browser. Investor ids only (a card is read back from the
 * directory), at most {@link MAX_CART_ITEMS}, with a version raised by every write: a write names the
 * version it read, and a stale one is refused so the writer reads again and re-applies its change.
 */
import { MAX_CART_ITEMS } from './pricing';

/** The stored cart's version before the founder's first write: nothing kept yet. */
export const NO_WORKING_CART_VERSION = 0;

/**
 * Not in the spec: a write naming a version that is no longer the cart's (another tab or browser
 * changed the cart in between). The web app re-reads and applies its change again, so a founder only
 * sees it if that keeps failing.
 */
export const WORKING_CART_CHANGED =
  'Your cart was changed in another tab or browser. We reloaded it: please try again.';

/** Not in the spec: the same investor listed twice in a write. */
export const workingCartDuplicate = (investorId: string) =>
  `Investor ${investorId} is listed more than once: a cart holds each investor once.`;

/** What merging investors into a cart did. */
export interface WorkingCartMerge {
  /** The cart's investors after the merge: the cart's own first, then the new ones in the order given. */
  readonly investorIds: string[];
  readonly added: number;
  /** Given, and in the cart already (or given twice). */
  readonly alreadyInCart: number;
  /** Left out because the cart reached {@link MAX_CART_ITEMS}. */
  readonly leftOut: number;
}

/**
 * The union of the cart's investors and `incoming` (each once, the cart's order kept, the new ones
 * appended in their order), cut at {@link MAX_CART_ITEMS}: what the cart already holds is never
 * dropped to make room.
 */
export function mergeInvestorIds(current: readonly string[], incoming: readonly string[]): WorkingCartMerge {
  const investorIds = [...new Set(current)];
  const present = new Set(investorIds);
  let added = 0;
  let alreadyInCart = 0;
  let leftOut = 0;
  for (const id of incoming) {
    if (present.has(id)) alreadyInCart++;
    else if (investorIds.length >= MAX_CART_ITEMS) leftOut++;
    else {
      investorIds.push(id);
      present.add(id);
      added++;
    }
  }
  return { investorIds, added, alreadyInCart, leftOut };
}

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * Not in the spec: what a founder reads when the cart of this browser could not all go into their
 * account's cart, which was full: "Your cart holds at most 2,500 contacts, so 12 investors from this
 * browser were not added."
 */
export function mergeLeftOutMessage(leftOut: number): string | null {
  if (leftOut <= 0) return null;
  return `Your cart holds at most ${MAX_CART_ITEMS.toLocaleString('en-US')} contacts, so ${count(leftOut, 'investor', 'investors')} from this browser ${leftOut === 1 ? 'was' : 'were'} not added.`;
}
