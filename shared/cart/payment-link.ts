/**
 * The tier's hosted payment page for this cart: the cart id as `client_reference_id` (how the payment is
 * matched to the cart) and the buyer's email prefilled.
 */
export function cartPaymentUrl(stripePaymentLink: string, cartId: string, email: string): string {
  const separator = stripePaymentLink.includes('?') ? '&' : '?';
  return `${stripePaymentLink}${separator}client_reference_id=${encodeURIComponent(cartId)}&prefilled_email=${encodeURIComponent(email)}`;
}
