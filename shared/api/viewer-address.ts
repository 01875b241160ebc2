/**
 * The header the edge gives the API with the viewer's address (`ip:port`): CloudFront's own
 * `CloudFront-Viewer-Address`, which CloudFront sets itself over any value a client sent (the API
 * behaviour's origin request policy, AllViewerExceptHostHeader, forwards CloudFront's headers); the
 * local edge sets it the same way from its socket (infra/edge.ts, infra/local/edge-server.ts).
 */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

/** The address of a `CloudFront-Viewer-Address` value (`ip:port`, IPv6 unbracketed), or null. */
export function addressOfViewerHeader(value: string | undefined): string | null {
  const header = value?.trim();
  if (!header) return null;
  const colon = header.lastIndexOf(':');
  if (colon <= 0 || !/^\d{1,5}$/.test(header.slice(colon + 1))) return null;
  return header.slice(0, colon);
}
