import { area, httpHandler } from '../lib/http';
import { isInvestorAccount } from '../lib/table/repositories/investor-accounts';

/**
 * A project's fundraising pipeline (issue 36): the board, adding investors (directory or private),
 * moves and edits with versions, the spreadsheet import and the CRM export. Only the project's
 * creator. Each area is a module of its own, loaded at the first request of one of its routes (a
 * chunk of its own in the bundle).
 */
const board = area('board', () => import('./pipeline/board'));
const files = area('files', () => import('./pipeline/files'));

export const handler = httpHandler(
  'pipeline',
  {
    'GET /projects/{projectId}/pipeline': board,
    'POST /projects/{projectId}/pipeline/entries': board,
    'GET /projects/{projectId}/pipeline/entries/{entryId}': board,
    'PATCH /projects/{projectId}/pipeline/entries/{entryId}': board,
    'DELETE /projects/{projectId}/pipeline/entries/{entryId}': board,
    'GET /projects/{projectId}/pipeline/export': files,
    'POST /projects/{projectId}/pipeline/import/matches': files,
    'POST /projects/{projectId}/pipeline/import': files,
  },
  { isInvestorAccount },
);
