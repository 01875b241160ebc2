import {
  copyQuery,
  copyTokenParams,
  updateUnsubscribeQuery,
  updateUnsubscribeResponse,
  webCopyResponse,
} from '../../../shared/api/updates';
import { endpoint } from '../../lib/http';
import { updateUnsubscribe, updateUnsubscribeStatus } from '../../lib/updates/unsubscribe';
import { webCopy } from '../../lib/updates/updates';

/**
 * The updates function's public area (issue 53): the web copy of an update by its token (the link of
 * a recipient's email adds their token, which records the open) and a recipient's one-click
 * unsubscribe (RFC 8058: POST stops the updates, GET only says what the link does).
 */
export const endpoints = {
  'GET /update-copies/{token}': endpoint({
    auth: 'public',
    params: copyTokenParams,
    query: copyQuery,
    handle: async ({ params, query }) =>
      webCopyResponse.parse(await webCopy(params.token, query.r, new Date())),
  }),

  'GET /update-unsubscribe': endpoint({
    auth: 'public',
    query: updateUnsubscribeQuery,
    handle: async ({ query }) => updateUnsubscribeResponse.parse(await updateUnsubscribeStatus(query.token)),
  }),

  'POST /update-unsubscribe': endpoint({
    auth: 'public',
    query: updateUnsubscribeQuery,
    oneClickForm: true,
    handle: async ({ query }) =>
      updateUnsubscribeResponse.parse(await updateUnsubscribe(query.token, new Date())),
  }),
};
