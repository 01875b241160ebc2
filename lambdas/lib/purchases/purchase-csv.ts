import { EXPORT_LINK_SECONDS, presignExportDownload } from '../storage';
import { getCart } from '../table/repositories/carts';
import { getCartDelivery } from '../table/repositories/deliveries';

/**
 * A short-lived link to the CSV of the buyer's delivered purchase, or null when the cart is not the
 * buyer's or has no CSV yet.
 */
export async function purchaseCsvLink(
  cartId: string,
  buyerUserId: string,
  now: Date,
): Promise<{ url: string; expiresAt: string } | null> {
  const [cart, delivery] = await Promise.all([getCart(cartId), getCartDelivery(cartId)]);
  if (!cart || cart.creatorUserId !== buyerUserId || cart.status !== 'purchased' || !delivery?.csvKey)
    return null;
  return {
    url: await presignExportDownload(delivery.csvKey, `contacts-${cartId}.csv`),
    expiresAt: new Date(now.getTime() + EXPORT_LINK_SECONDS * 1000).toISOString(),
  };
}
