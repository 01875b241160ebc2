import { contactsResponse, meResponse, purchaseCsvResponse } from '../../shared/api/account';
import { cartIdParams } from '../../shared/api/carts';
import { NotFoundError } from '../lib/errors';
import { endpoint, httpHandler } from '../lib/http';
import { purchaseCsvLink } from '../lib/purchases/purchase-csv';
import { ensureUserProfile, listPurchasedContacts } from '../lib/table/repositories/users';

/** The caller's own user record, profile and contact library. */
export const handler = httpHandler('account', {
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
    handle: async ({ caller }) =>
      contactsResponse.parse({ contacts: await listPurchasedContacts(caller.sub) }),
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
});
