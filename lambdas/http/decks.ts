import { area, httpHandler } from '../lib/http';
import { isInvestorAccount } from '../lib/table/repositories/investor-accounts';

/**
 * Deck links per investor (issue 53): a project's deck (upload, versions), each pipeline entry's
 * links (create, revoke, what their viewers did) for the project's creator only, and the public
 * viewer's side, reached by a link's token. Each area is a module of its own, loaded at the first
 * request of one of its routes: the viewer's requests do not load pdf-lib.
 */
const founder = area('founder', () => import('./decks/founder'));
const viewer = area('viewer', () => import('./decks/viewer'));

export const handler = httpHandler(
  'decks',
  {
    'GET /projects/{projectId}/decks': founder,
    'POST /projects/{projectId}/decks/uploads': founder,
    'POST /projects/{projectId}/decks': founder,
    'GET /projects/{projectId}/pipeline/entries/{entryId}/deck-links': founder,
    'POST /projects/{projectId}/pipeline/entries/{entryId}/deck-links': founder,
    'POST /projects/{projectId}/pipeline/entries/{entryId}/deck-links/{linkId}/revoke': founder,
    'GET /deck-links/{token}': viewer,
    'POST /deck-links/{token}/views': viewer,
    'POST /deck-links/{token}/views/{viewId}/events': viewer,
  },
  { isInvestorAccount },
);
