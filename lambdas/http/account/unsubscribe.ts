import { unsubscribeQuery, unsubscribeResponse } from '../../../shared/api/unsubscribe';
import { unsubscribe, unsubscribeStatus } from '../../lib/account/unsubscribe';
import { endpoint } from '../../lib/http';

/**
 * The account function's area for one-click unsubscribe (issue 48, RFC 8058): public, the link's
 * random token is the only key. POST turns the email off (mail apps POST `List-Unsubscribe=One-Click`);
 * GET changes nothing and says what the link turns off.
 */
export const endpoints = {
  'GET /unsubscribe': endpoint({
    auth: 'public',
    query: unsubscribeQuery,
    handle: async ({ query }) => unsubscribeResponse.parse(await unsubscribeStatus(query.token)),
  }),

  'POST /unsubscribe': endpoint({
    auth: 'public',
    query: unsubscribeQuery,
    oneClickForm: true,
    handle: async ({ query }) => unsubscribeResponse.parse(await unsubscribe(query.token, new Date())),
  }),
};
