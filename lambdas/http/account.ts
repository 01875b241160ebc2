import { contactsResponse, meResponse } from '../../shared/api/account';
import { endpoint, httpHandler } from '../lib/http';
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
});
