import {
  investorProfileResponse,
  saveInvestorProfileBody,
  withdrawBody,
} from '../../../shared/api/investor-profile';
import { endpoint } from '../../lib/http';
import {
  confirmOwnProfile,
  readOwnProfile,
  saveOwnProfile,
  submitOwnProfile,
  withdrawOwn,
} from '../../lib/portals/investor-accounts';
import { onTheList } from '../../lib/taxonomy-checks';

/**
 * The investorPortal function's area for the investor's own profile: read, save, submit, confirm,
 * withdraw. A module of its own, loaded at the first request of one of its routes
 * (`lambdas/http/investor-portal.ts`).
 */
export const endpoints = {
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
};
