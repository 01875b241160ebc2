import { area, httpHandler } from '../lib/http';
import { isInvestorAccount } from '../lib/table/repositories/investor-accounts';

/**
 * Monthly investor updates (issue 53): the composer's draft, sending, each update's figures (the
 * project's creator only), and the public web copy and unsubscribe of the recipients (each behind a
 * random token). Each area is a module of its own, loaded at the first request of one of its routes.
 */
const founder = area('founder', () => import('./updates/founder'));
const recipients = area('recipients', () => import('./updates/recipients'));

export const handler = httpHandler(
  'updates',
  {
    'GET /projects/{projectId}/updates': founder,
    'GET /projects/{projectId}/updates/draft': founder,
    'POST /projects/{projectId}/updates': founder,
    'GET /projects/{projectId}/updates/{updateId}': founder,
    'GET /update-copies/{token}': recipients,
    'GET /update-unsubscribe': recipients,
    'POST /update-unsubscribe': recipients,
  },
  { isInvestorAccount },
);
