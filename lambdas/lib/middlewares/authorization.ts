import type { MiddlewareObj } from '@middy/core';
import { callerFromClaims } from '../auth';
import { ForbiddenError, UnauthenticatedError } from '../errors';
import type { HttpContext, HttpEvent, HttpResult } from './http-types';

/**
 * Checks the route's auth level again from the JWT authorizer's claims (the API's authorizer checked
 * the token): public routes have no caller; `user` needs a verified email; `admin` the admin group.
 */
export function authorization(): MiddlewareObj<HttpEvent, HttpResult, Error, HttpContext> {
  return {
    before: ({ event, context }) => {
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
      context.caller = caller;
    },
  };
}
