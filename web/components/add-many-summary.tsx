import { Link } from 'react-router-dom';
import type { AddManyPlan } from '../../shared/cart/cart';
import { cartTierSummary, formatUsd, MAX_CART_ITEMS, tierForCount } from '../../shared/cart/pricing';
import { paths } from '../config/paths';

/**
 * What adding many investors at once does to the cart (the search's "Add All Results", the
 * shortlist's "Add the top N"): how many go in, the cart's size and price tier after, what was left
 * out and why.
 */
export const investorCount = (n: number) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? 'investor' : 'investors'}`;

export const addedToCart = (n: number) => `${investorCount(n)} added to your export cart`;

/** Issue 50: said before investors without an email go in ("3 of the 20 have no email address"). */
export const withoutEmailNote = (without: number, of: number) =>
  of === 1
    ? 'This investor has no email address.'
    : without === of
      ? `None of the ${of.toLocaleString('en-US')} has an email address.`
      : `${without.toLocaleString('en-US')} of the ${of.toLocaleString('en-US')} ${without === 1 ? 'has' : 'have'} no email address.`;

/** How many go in, what the cart then costs, and what was left out and why. */
export function AddAllSummary({ plan }: { plan: AddManyPlan }) {
  const tier = tierForCount(plan.itemCountAfter);
  const leftOut = [
    plan.alreadyInCart > 0 ? `${investorCount(plan.alreadyInCart)} already in your cart` : null,
    plan.alreadyBought > 0 ? `${investorCount(plan.alreadyBought)} already bought` : null,
    plan.overLimit > 0
      ? `${investorCount(plan.overLimit)} over the cart's limit of ${MAX_CART_ITEMS.toLocaleString('en-US')}`
      : null,
  ].filter(Boolean);
  return (
    <>
      <p>
        {investorCount(plan.toAdd.length)} will be added. Your cart will then hold{' '}
        {plan.itemCountAfter.toLocaleString('en-US')} contacts: {tier.tierDescription.toLowerCase()},{' '}
        {formatUsd(tier.priceX100)}.
      </p>
      {plan.withoutEmail > 0 ? <p>{withoutEmailNote(plan.withoutEmail, plan.toAdd.length)}</p> : null}
      <p className="small text-body-secondary">
        {cartTierSummary(plan.itemCountAfter)} · <Link to={paths.pricing.href()}>Prices</Link>
      </p>
      {leftOut.length > 0 ? (
        <p className="mb-0 text-body-secondary">Left out: {leftOut.join('; ')}.</p>
      ) : null}
    </>
  );
}
