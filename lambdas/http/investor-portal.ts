import {
  investorMembershipSchema,
  investorProfileResponse,
  joinPortalBody,
  saveInvestorProfileBody,
  withdrawBody,
} from '../../shared/api/investor-profile';
import {
  confirmDataRequestBody,
  createDataRequestBody,
  dataRequestConfirmedSchema,
  dataRequestCreatedSchema,
  dataRequestParams,
} from '../../shared/api/investor-requests';
import { investorIdParams } from '../../shared/api/params';
import { endpoint, httpHandler } from '../lib/http';
import { confirmDataRequest, createDataRequest } from '../lib/portals/data-requests';
import {
  confirmOwnProfile,
  joinPortal,
  readOwnProfile,
  saveOwnProfile,
  submitOwnProfile,
  withdrawOwn,
} from '../lib/portals/investor-accounts';
import { onTheList } from '../lib/taxonomy-checks';

/**
 * Investor accounts (issue 21): joining a partner portal as an investor, and the investor's own
 * profile. The only function that may add a user to a Cognito group (the `investor` one). And the
 * listed person's own remedy (issue 30, public): a code to the email the directory holds, then the
 * code hides the entry (like a withdrawal) or opens a correction.
 */
export const handler = httpHandler('investorPortal', {
  'POST /investor/join': endpoint({
    auth: 'verified',
    body: joinPortalBody,
    handle: async ({ body, caller }) =>
      investorMembershipSchema.parse(await joinPortal(caller, body.portalId, new Date())),
  }),

  'GET /investor/profile': endpoint({
    auth: 'investor',
    handle: async ({ caller }) => investorProfileResponse.parse(await readOwnProfile(caller)),
  }),

  'PATCH /investor/profile': endpoint({
    auth: 'investor',
    body: saveInvestorProfileBody,
    handle: async ({ body, caller }) => {
      // Sectors from the taxonomy's list (any spelling of an entry), or the 400 naming the one off it.
      const sectors = body.sectors === undefined ? {} : { sectors: await onTheList('sector', body.sectors) };
      return investorProfileResponse.parse(await saveOwnProfile(caller, { ...body, ...sectors }, new Date()));
    },
  }),

  'POST /investor/profile/submit': endpoint({
    auth: 'investor',
    handle: async ({ caller }) => investorProfileResponse.parse(await submitOwnProfile(caller, new Date())),
  }),

  'POST /investor/profile/confirm': endpoint({
    auth: 'investor',
    handle: async ({ caller }) => investorProfileResponse.parse(await confirmOwnProfile(caller, new Date())),
  }),

  'POST /investor/profile/withdraw': endpoint({
    auth: 'investor',
    body: withdrawBody,
    handle: async ({ body, caller }) =>
      investorProfileResponse.parse(await withdrawOwn(caller, body, new Date())),
  }),

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
});
