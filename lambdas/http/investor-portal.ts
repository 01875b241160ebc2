import {
  investorMembershipSchema,
  investorProfileResponse,
  joinPortalBody,
  saveInvestorProfileBody,
  withdrawBody,
} from '../../shared/api/investor-profile';
import { endpoint, httpHandler } from '../lib/http';
import {
  confirmOwnProfile,
  joinPortal,
  readOwnProfile,
  saveOwnProfile,
  submitOwnProfile,
  withdrawOwn,
} from '../lib/portals/investor-accounts';

/**
 * Investor accounts (issue 21): joining a partner portal as an investor, and the investor's own
 * profile. The only function that may add a user to a Cognito group (the `investor` one).
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
    handle: async ({ body, caller }) =>
      investorProfileResponse.parse(await saveOwnProfile(caller, body, new Date())),
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
});
