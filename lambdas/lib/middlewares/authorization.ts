import type { MiddlewareObj } from '@middy/core';
import { investorAccountMessages } from '../../../shared/api/error-messages';
import { callerFromClaims } from '../auth';
import { ForbiddenError, UnauthenticatedError } from '../errors';
import type { HttpContext, HttpEvent, HttpResult } from './http-types';

/**
 * Checks the route's auth level again from the JWT authorizer's claims (the API's authorizer checked
 * the token): public routes have no caller; every other level needs a verified email; `admin` the
 * admin group; `investor` the investor group. `user` (a founder's routes) refuses investors: by the
 * group in the token, and by the membership in the table, since a token issued before the user
 * joined a portal still lacks the group for up to its hour (docs/decisions.md, "Investor accounts").
 * The membership check is given by the handler groups that have founder routes
 * (`repositories/investor-accounts.ts`), so that the others do not carry it.
 */
export function authorization(
  isInvestorAccount: ((userId: string) => Promise<boolean>) | undefined,
): MiddlewareObj<HttpEvent, HttpResult, Error, HttpContext> {
  return {
    before: async ({ event, context }) => {
      const auth = context.route?.auth;
      if (!auth) throw new Error('authorization() runs after routeTable()');
      if (auth === 'public') {
        context.caller = null;
        return;
      }
      const claims = event.requestContext.authorizer?.jwt?.claims;
      const caller = claims ? callerFromClaims(claims) : null;
      if (!caller) throw new UnauthenticatedError();
      if (!caller.emailVerified) throw new ForbiddenError('Please verify your email address first.');
      if (auth === 'admin' && !caller.isAdmin) throw new ForbiddenError('Only admins can do this.');
      if (auth === 'investor' && !caller.isInvestor)
        throw new ForbiddenError(investorAccountMessages.investorsOnly);
      if (auth === 'user' && !isInvestorAccount)
        throw new Error('A founder route needs the membership check: give it to httpHandler');
      if (auth === 'user' && (caller.isInvestor || (await isInvestorAccount?.(caller.sub))))
        throw new ForbiddenError(investorAccountMessages.investorNotFounder);
      context.caller = caller;
    },
  };
}
