/**
 * Stripe Connect's OAuth authorize address for a project (spec section 7): a code response, read_write
 * scope, the platform's client id, a redirect to /connect/stripe on this host, and the single-use
 * `state` the server made for the founder and the project (the server checks it on return).
 */
export function stripeAuthorizeUrl(
  connect: { authorizeUrl: string; clientId: string },
  redirectUri: string,
  state: string,
): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: connect.clientId,
    scope: 'read_write',
    redirect_uri: redirectUri,
    state,
  });
  const separator = connect.authorizeUrl.includes('?') ? '&' : '?';
  return `${connect.authorizeUrl}${separator}${query.toString()}`;
}
