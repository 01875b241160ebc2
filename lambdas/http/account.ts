import {
  boughtContactResponse,
  boughtInvestorsResponse,
  contactsResponse,
  crmExportQuery,
  crmExportResponse,
  FREE_UPDATES_ENDED,
  libraryQuery,
  meResponse,
  pipelineRemindersBody,
  purchaseCsvResponse,
  refreshedCsvResponse,
  updateEmailsBody,
} from '../../shared/api/account';
import { cartIdParams } from '../../shared/api/carts';
import {
  ALREADY_IN_LIBRARY,
  CREDIT_INVESTOR_NOT_FOUND,
  creditsResponse,
  NO_CREDITS,
  redeemCreditBody,
  redeemCreditResponse,
} from '../../shared/api/credits';
import { INVALID_CURSOR } from '../../shared/api/paging';
import { investorIdParams } from '../../shared/api/params';
import {
  createReportBody,
  createReportResponse,
  REPORT_ALREADY_OPEN,
  REPORT_LIMIT_REACHED,
} from '../../shared/api/reports';
import { DEFAULT_DIRECTION } from '../../shared/library/library-query';
import {
  AlreadyInLibraryError,
  CreditInvestorNotFoundError,
  creditsOf,
  redeemCredit,
} from '../lib/credits/redeem-credit';
import { reportInvestor } from '../lib/directory/reports';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import { endpoint, httpHandler } from '../lib/http';
import { exportLibraryForCrm, getLibraryContact, listLibraryPage } from '../lib/library/contact-library';
import { FreeUpdatesEndedError, refreshedPurchaseCsv } from '../lib/library/free-updates';
import { purchaseCsvLink } from '../lib/purchases/purchase-csv';
import { InvalidCursorError } from '../lib/table/model';
import { NoCreditsError } from '../lib/table/repositories/credits';
import { isInvestorAccount } from '../lib/table/repositories/investor-accounts';
import { ReportAlreadyOpenError, ReportLimitError } from '../lib/table/repositories/reports';
import {
  ensureUserProfile,
  listBoughtInvestorIds,
  setPipelineReminders,
  setUpdateEmails,
} from '../lib/table/repositories/users';

/** The caller's own user record, profile and contact library. */
export const handler = httpHandler(
  'account',
  {
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

    'GET /me/contacts': endpoint({
      auth: 'user',
      query: libraryQuery,
      handle: async ({ query, caller }) => {
        try {
          const page = await listLibraryPage(
            caller.sub,
            {
              search: query.q ?? '',
              sort: query.sort,
              direction: query.order ?? DEFAULT_DIRECTION[query.sort],
              limit: query.limit,
              cursor: query.cursor,
            },
            new Date(),
          );
          return contactsResponse.parse(page);
        } catch (error) {
          if (error instanceof InvalidCursorError) throw new BadRequestError(INVALID_CURSOR);
          throw error;
        }
      },
    }),

    'GET /me/contacts/{investorId}': endpoint({
      auth: 'user',
      params: investorIdParams,
      handle: async ({ params, caller }) => {
        const contact = await getLibraryContact(caller.sub, params.investorId, new Date());
        // Not bought by the caller (whoever else bought it) answers as a missing one.
        if (!contact) throw new NotFoundError('This investor is not in your Contact Library');
        return boughtContactResponse.parse(contact);
      },
    }),

    'GET /me/bought-investors': endpoint({
      auth: 'user',
      handle: async ({ caller }) =>
        boughtInvestorsResponse.parse({ investorIds: await listBoughtInvestorIds(caller.sub) }),
    }),

    'GET /me/crm-export': endpoint({
      auth: 'user',
      query: crmExportQuery,
      handle: async ({ query, caller }) =>
        crmExportResponse.parse(await exportLibraryForCrm(caller.sub, query.format, new Date())),
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

    'GET /me/purchases/{cartId}/refreshed-csv': endpoint({
      auth: 'user',
      params: cartIdParams,
      handle: async ({ params, caller }) => {
        try {
          const refreshed = await refreshedPurchaseCsv(params.cartId, caller.sub, new Date());
          // Someone else's purchase answers as a missing one.
          if (!refreshed) throw new NotFoundError('No delivered purchase with this cart id');
          return refreshedCsvResponse.parse(refreshed);
        } catch (error) {
          if (error instanceof FreeUpdatesEndedError) throw new ConflictError(FREE_UPDATES_ENDED);
          throw error;
        }
      },
    }),

    'GET /me/purchases/{cartId}/csv': endpoint({
      auth: 'user',
      params: cartIdParams,
      handle: async ({ params, caller }) => {
        const link = await purchaseCsvLink(params.cartId, caller.sub, new Date());
        // Someone else's purchase answers as a missing one.
        if (!link) throw new NotFoundError('No delivered purchase with this cart id');
        return purchaseCsvResponse.parse(link);
      },
    }),

    'POST /investors/{investorId}/reports': endpoint({
      auth: 'user',
      status: 201,
      params: investorIdParams,
      body: createReportBody,
      handle: async ({ params, body, caller }) => {
        try {
          const report = await reportInvestor({
            investorId: params.investorId,
            reporterUserId: caller.sub,
            reporterEmail: caller.email,
            reason: body.reason,
            note: body.note,
            field: body.field,
            now: new Date(),
          });
          if (!report) throw new NotFoundError('Investor not found');
          return createReportResponse.parse(report);
        } catch (error) {
          if (error instanceof ReportAlreadyOpenError) throw new ConflictError(REPORT_ALREADY_OPEN);
          if (error instanceof ReportLimitError) throw new ConflictError(REPORT_LIMIT_REACHED);
          throw error;
        }
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
          if (error instanceof CreditInvestorNotFoundError)
            throw new NotFoundError(CREDIT_INVESTOR_NOT_FOUND);
          if (error instanceof AlreadyInLibraryError) throw new ConflictError(ALREADY_IN_LIBRARY);
          if (error instanceof NoCreditsError) throw new ConflictError(NO_CREDITS);
          throw error;
        }
      },
    }),
  },
  { isInvestorAccount },
);
