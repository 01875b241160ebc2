/**
 * Stripe Connect's OAuth authorize address for a project (spec section 7): a code response, read_write
 * scope, the platform's client id, a redirect to /connect/stripe on this host, and the project id as
 * `state` (checked on return against the one kept in local storage).
 */
export function stripeAuthorizeUrl(
  connect: { authorizeUrl: string; clientId: string },
  redirectUri: string,
  projectId: string,
): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: connect.clientId,
    scope: 'read_write',
    redirect_uri: redirectUri,
    state: projectId,
  });
  const separator = connect.authorizeUrl.includes('?') ? '&' : '?';
  return `${connect.authorizeUrl}${separator}${query.toString()}`;
}
