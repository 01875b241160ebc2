import { Link } from 'react-router-dom';
import { cartItemCount } from '../../shared/cart/cart';
import { cartTierSummary, startingPrice } from '../../shared/cart/pricing';
import { paths } from '../config/paths';
import { useExportCart } from '../stores/export-cart';

/**
 * The price beside "Add to Export Cart" (issue 32): where the cart stands ("12 in cart · $5.00 tier
 * (up to 50)"), or with an empty cart what a list starts at, with a link to the prices.
 */
export function CartTierNote({ className = '' }: { className?: string }) {
  const count = cartItemCount(useExportCart());
  return (
    <p className={`small text-body-secondary mb-0 ${className}`.trim()} data-testid="cart-tier-note">
      {count > 0 ? (
        <Link to={paths.cart.href()}>{cartTierSummary(count)}</Link>
      ) : (
        <>Lists from {startingPrice()}</>
      )}
      {' · '}
      <Link to={paths.pricing.href()}>Prices</Link>
    </p>
  );
}
