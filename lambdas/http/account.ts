import { area, httpHandler } from '../lib/http';
import { isInvestorAccount } from '../lib/table/repositories/investor-accounts';

/**
 * The caller's own user record, profile and contact library. Each area is a module of its own,
 * loaded at the first request of one of its routes (a chunk of its own in the bundle).
 */
const me = area('me', () => import('./account/me'));
const library = area('library', () => import('./account/library'));
const reports = area('reports', () => import('./account/reports'));
const unsubscribe = area('unsubscribe', () => import('./account/unsubscribe'));

export const handler = httpHandler(
  'account',
  {
    'GET /me': me,
    'GET /me/contacts': library,
    'GET /me/contacts/{investorId}': library,
    'GET /me/bought-investors': library,
    'GET /me/moved-investors/{investorId}': me,
    'GET /me/crm-export': library,
    'PUT /me/update-emails': me,
    'PUT /me/pipeline-reminders': me,
    'PUT /me/response-times': me,
    'GET /me/purchases/{cartId}/refreshed-csv': library,
    'GET /me/purchases/{cartId}/csv': library,
    'POST /investors/{investorId}/reports': reports,
    'GET /me/credits': me,
    'POST /me/credits/redemptions': me,
    'GET /unsubscribe': unsubscribe,
    'POST /unsubscribe': unsubscribe,
  },
  { isInvestorAccount },
);
