import {
  confirmDataRequestBody,
  createDataRequestBody,
  dataRequestConfirmedSchema,
  dataRequestCreatedSchema,
  dataRequestParams,
} from '../../../shared/api/investor-requests';
import { investorIdParams } from '../../../shared/api/params';
import { endpoint } from '../../lib/http';
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
        // API Gateway's own view of the caller's address (not a header a client could set).
        await createDataRequest(params.investorId, body, event.requestContext.http.sourceIp, new Date()),
      ),
  }),

  'POST /data-requests/{requestId}/confirm': endpoint({
    auth: 'public',
    params: dataRequestParams,
    body: confirmDataRequestBody,
    handle: async ({ params, body }) =>
      dataRequestConfirmedSchema.parse(await confirmDataRequest(params.requestId, body.code, new Date())),
  }),
};
