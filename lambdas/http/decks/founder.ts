import { addDeckBody, createDeckLinkBody, deckLinkParams, deckUploadBody } from '../../../shared/api/decks';
import { projectIdParams } from '../../../shared/api/params';
import { entryIdParams } from '../../../shared/api/pipeline';
import {
  addDeckVersion,
  createEntryLink,
  readDecks,
  readEntryLinks,
  revokeEntryLink,
  startDeckUpload,
} from '../../lib/decks/decks';
import { endpoint, WithStatus } from '../../lib/http';

/**
 * The decks function's area for the founder (issue 53): the project's deck versions and their
 * upload, each pipeline entry's links and what their viewers did. The project's creator only.
 */
export const endpoints = {
  'GET /projects/{projectId}/decks': endpoint({
    auth: 'user',
    params: projectIdParams,
    handle: async ({ params, caller }) => readDecks(params.projectId, caller.sub),
  }),

  'POST /projects/{projectId}/decks/uploads': endpoint({
    auth: 'user',
    params: projectIdParams,
    body: deckUploadBody,
    status: 201,
    handle: async ({ params, body, caller }) => startDeckUpload(params.projectId, caller.sub, body.fileSize),
  }),

  'POST /projects/{projectId}/decks': endpoint({
    auth: 'user',
    params: projectIdParams,
    body: addDeckBody,
    status: 201,
    handle: async ({ params, body, caller }) =>
      addDeckVersion(params.projectId, caller.sub, body, new Date()),
  }),

  'GET /projects/{projectId}/pipeline/entries/{entryId}/deck-links': endpoint({
    auth: 'user',
    params: entryIdParams,
    handle: async ({ params, caller }) =>
      readEntryLinks(params.projectId, params.entryId, caller.sub, new Date()),
  }),

  'POST /projects/{projectId}/pipeline/entries/{entryId}/deck-links': endpoint({
    auth: 'user',
    params: entryIdParams,
    body: createDeckLinkBody,
    handle: async ({ params, body, caller }) =>
      new WithStatus(201, await createEntryLink(params.projectId, params.entryId, caller, body, new Date())),
  }),

  'POST /projects/{projectId}/pipeline/entries/{entryId}/deck-links/{linkId}/revoke': endpoint({
    auth: 'user',
    params: deckLinkParams,
    handle: async ({ params, caller }) =>
      revokeEntryLink(params.projectId, params.entryId, params.linkId, caller.sub, new Date()),
  }),
};
