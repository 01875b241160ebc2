import { area, httpHandler } from '../lib/http';

/**
 * Investor accounts (issue 21): joining a partner portal as an investor, and the investor's own
 * profile. The only function that may add a user to a Cognito group (the `investor` one). And the
 * listed person's own remedy (issue 30, public): a code to the email the directory holds, then the
 * code hides the entry (like a withdrawal) or opens a correction. Each area is a module of its own,
 * loaded at the first request of one of its routes (a chunk of its own in the bundle).
 */
const membership = area('membership', () => import('./investor-portal/membership'));
const profile = area('profile', () => import('./investor-portal/profile'));
const remedy = area('remedy', () => import('./investor-portal/remedy'));

export const handler = httpHandler('investorPortal', {
  'POST /investor/join': membership,
  'GET /investor/profile': profile,
  'PATCH /investor/profile': profile,
  'POST /investor/profile/submit': profile,
  'POST /investor/profile/confirm': profile,
  'POST /investor/profile/withdraw': profile,
  'POST /investors/{investorId}/data-requests': remedy,
  'POST /data-requests/{requestId}/confirm': remedy,
});
