import {
  confirmDataRequestBody,
  createDataRequestBody,
  dataRequestConfirmedSchema,
  dataRequestCreatedSchema,
  dataRequestParams,
} from '../../../shared/api/investor-requests';
import { investorIdParams } from '../../../shared/api/params';
import { addressOfViewerHeader, VIEWER_ADDRESS_HEADER } from '../../../shared/api/viewer-address';
import { endpoint, type HttpEvent } from '../../lib/http';
import { confirmDataRequest, createDataRequest } from '../../lib/portals/data-requests';

/**
 * The investorPortal function's area for the listed person's own remedy: a code to the email the
 * directory holds, then a withdrawal or a correction. A module of its own, loaded at the first
 * request of one of its routes (`lambdas/http/investor-portal.ts`).
 */
export const endpoints = {
  'POST /investors/{investorId}/data-requests': endpoint({
    auth: 'public',
    params: investorIdParams,
    body: createDataRequestBody,
    status: 201,
    handle: async ({ params, body, event }) =>
      dataRequestCreatedSchema.parse(
        await createDataRequest(params.investorId, body, viewerAddress(event), new Date()),
      ),
  }),

  'POST /data-requests/{requestId}/confirm': endpoint({
    auth: 'public',
    params: dataRequestParams,
    body: confirmDataRequestBody,
    handle: async ({ params, body }) =>
      dataRequestConfirmedSchema.parse(
        await confirmDataRequest(
          params.requestId,
          body.token !== undefined ? { token: body.token } : { code: body.code ?? '' },
          new Date(),
          { action: body.action, details: body.details },
        ),
      ),
  }),
};

/**
 * The requester's address as CloudFront saw the viewer: its `CloudFront-Viewer-Address` (`ip:port`),
 * which the edge sets and overwrites whatever a client sent (infra/edge.ts; the local edge does the
 * same from its socket). Without it (a call that did not come through the edge) API Gateway's own
 * `sourceIp`. Behind CloudFront, `sourceIp` is an edge server's, shared by many viewers.
 */
function viewerAddress(event: HttpEvent): string {
  return addressOfViewerHeader(event.headers?.[VIEWER_ADDRESS_HEADER]) ?? event.requestContext.http.sourceIp;
}
