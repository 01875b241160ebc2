import {
  boughtContactResponse,
  boughtInvestorsResponse,
  contactsResponse,
  crmExportQuery,
  crmExportResponse,
  FREE_UPDATES_ENDED,
  libraryQuery,
  purchaseCsvResponse,
  refreshedCsvResponse,
} from '../../../shared/api/account';
import { cartIdParams } from '../../../shared/api/carts';
import { INVALID_CURSOR } from '../../../shared/api/paging';
import { investorIdParams } from '../../../shared/api/params';
import { DEFAULT_DIRECTION } from '../../../shared/library/library-query';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { endpoint } from '../../lib/http';
import { exportLibraryForCrm, getLibraryContact, listLibraryPage } from '../../lib/library/contact-library';
import { FreeUpdatesEndedError, refreshedPurchaseCsv } from '../../lib/library/free-updates';
import { purchaseCsvLink } from '../../lib/purchases/purchase-csv';
import { InvalidCursorError } from '../../lib/table/model';
import { listBoughtInvestorIds } from '../../lib/table/repositories/users';

/**
 * The account function's area for the contact library: bought contacts, the CRM export and the CSV
 * of each purchase. A module of its own, loaded at the first request of one of its routes
 * (`lambdas/http/account.ts`).
 */
export const endpoints = {
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
};
