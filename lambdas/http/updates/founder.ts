import { projectIdParams } from '../../../shared/api/params';
import {
  draftResponse,
  sendUpdateBody,
  sendUpdateResponse,
  updateDetailResponse,
  updateIdParams,
  updatesResponse,
} from '../../../shared/api/updates';
import { endpoint } from '../../lib/http';
import { projectUpdates, sendUpdate, updateDetail, updateDraft } from '../../lib/updates/updates';

/** The updates function's area for the project's creator: draft, send, figures (`lambdas/http/updates.ts`). */
export const endpoints = {
  'GET /projects/{projectId}/updates': endpoint({
    auth: 'user',
    params: projectIdParams,
    handle: async ({ params, caller }) =>
      updatesResponse.parse(await projectUpdates(params.projectId, caller.sub)),
  }),

  'GET /projects/{projectId}/updates/draft': endpoint({
    auth: 'user',
    params: projectIdParams,
    handle: async ({ params, caller }) =>
      draftResponse.parse(await updateDraft(params.projectId, caller.sub, new Date())),
  }),

  'POST /projects/{projectId}/updates': endpoint({
    auth: 'user',
    params: projectIdParams,
    body: sendUpdateBody,
    status: 201,
    handle: async ({ params, body, caller }) =>
      sendUpdateResponse.parse({ update: await sendUpdate(params.projectId, caller, body, new Date()) }),
  }),

  'GET /projects/{projectId}/updates/{updateId}': endpoint({
    auth: 'user',
    params: updateIdParams,
    handle: async ({ params, caller }) =>
      updateDetailResponse.parse(await updateDetail(params.projectId, params.updateId, caller.sub)),
  }),
};
