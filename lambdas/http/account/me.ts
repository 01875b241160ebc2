import {
  meResponse,
  movedInvestorResponse,
  pipelineRemindersBody,
  shareResponseTimesBody,
  updateEmailsBody,
} from '../../../shared/api/account';
import {
  ALREADY_IN_LIBRARY,
  CREDIT_INVESTOR_NOT_FOUND,
  creditsResponse,
  NO_CREDITS,
  redeemCreditBody,
  redeemCreditResponse,
} from '../../../shared/api/credits';
import { investorIdParams } from '../../../shared/api/params';
import {
  AlreadyInLibraryError,
  CreditInvestorNotFoundError,
  creditsOf,
  redeemCredit,
} from '../../lib/credits/redeem-credit';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { endpoint } from '../../lib/http';
import { NoCreditsError } from '../../lib/table/repositories/credits';
import { getHeldOldId } from '../../lib/table/repositories/investor-identities';
import {
  ensureUserProfile,
  setPipelineReminders,
  setShareResponseTimes,
  setUpdateEmails,
} from '../../lib/table/repositories/users';

/**
 * The account function's area for the founder's own record: the profile, email settings, pipeline
 * reminders and credits. A module of its own, loaded at the first request of one of its routes
 * (`lambdas/http/account.ts`).
 */
export const endpoints = {
  // Issue 48: an old id answers only the founder whose own data held it (recorded by the migration).
  'GET /me/moved-investors/{investorId}': endpoint({
    auth: 'user',
    params: investorIdParams,
    handle: async ({ params, caller }) => {
      const held = await getHeldOldId(caller.sub, params.investorId);
      if (!held) throw new NotFoundError('Investor not found');
      return movedInvestorResponse.parse({ id: held.newId });
    },
  }),

  'GET /me': endpoint({
    auth: 'user',
    handle: async ({ caller }) => {
      const profile = await ensureUserProfile({
        userId: caller.sub,
        email: caller.email,
        now: new Date().toISOString(),
      });
      return meResponse.parse({ ...profile, isAdmin: caller.isAdmin });
    },
  }),

  'PUT /me/update-emails': endpoint({
    auth: 'user',
    body: updateEmailsBody,
    handle: async ({ body, caller }) => {
      await ensureUserProfile({ userId: caller.sub, email: caller.email, now: new Date().toISOString() });
      const profile = await setUpdateEmails(caller.sub, body.enabled);
      return meResponse.parse({ ...profile, isAdmin: caller.isAdmin });
    },
  }),

  'PUT /me/pipeline-reminders': endpoint({
    auth: 'user',
    body: pipelineRemindersBody,
    handle: async ({ body, caller }) => {
      await ensureUserProfile({ userId: caller.sub, email: caller.email, now: new Date().toISOString() });
      const profile = await setPipelineReminders(caller.sub, body.enabled);
      return meResponse.parse({ ...profile, isAdmin: caller.isAdmin });
    },
  }),

  // Issue 52: the founder's pipeline dates counted in investors' response times (the daily run reads it).
  'PUT /me/response-times': endpoint({
    auth: 'user',
    body: shareResponseTimesBody,
    handle: async ({ body, caller }) => {
      await ensureUserProfile({ userId: caller.sub, email: caller.email, now: new Date().toISOString() });
      const profile = await setShareResponseTimes(caller.sub, body.enabled);
      return meResponse.parse({ ...profile, isAdmin: caller.isAdmin });
    },
  }),

  'GET /me/credits': endpoint({
    auth: 'user',
    handle: async ({ caller }) => creditsResponse.parse(await creditsOf(caller.sub)),
  }),

  'POST /me/credits/redemptions': endpoint({
    auth: 'user',
    body: redeemCreditBody,
    handle: async ({ body, caller }) => {
      try {
        const redeemed = await redeemCredit({
          userId: caller.sub,
          recipientEmail: caller.email,
          investorId: body.investorId,
          now: new Date(),
        });
        return redeemCreditResponse.parse(redeemed);
      } catch (error) {
        if (error instanceof CreditInvestorNotFoundError) throw new NotFoundError(CREDIT_INVESTOR_NOT_FOUND);
        if (error instanceof AlreadyInLibraryError) throw new ConflictError(ALREADY_IN_LIBRARY);
        if (error instanceof NoCreditsError) throw new ConflictError(NO_CREDITS);
        throw error;
      }
    },
  }),
};
