import { investorMembershipSchema, joinPortalBody } from '../../../shared/api/investor-profile';
import { endpoint } from '../../lib/http';
import { joinPortal } from '../../lib/portals/investor-accounts';

/**
 * The investorPortal function's area for joining a partner portal as an investor (the one route
 * that adds a user to the `investor` group, through its own function). A module of its own, loaded
 * at the first request of one of its routes (`lambdas/http/investor-portal.ts`).
 */
export const endpoints = {
  'POST /investor/join': endpoint({
    auth: 'verified',
    body: joinPortalBody,
    handle: async ({ body, caller }) =>
      investorMembershipSchema.parse(await joinPortal(caller, body.portalId, new Date())),
  }),
};
