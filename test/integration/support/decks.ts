import { expect } from 'vitest';
import type { ApiResponse } from '../../../infra/local/api-client';
import {
  addDeckResponse,
  type CreateDeckLinkBody,
  type DeckLink,
  deckLinkResponse,
  deckUploadResponse,
  type OpenDeck,
  openDeckResponse,
} from '../../../shared/api/decks';
import { apiSuccessEnvelope } from '../../../shared/api/errors';
import { deckPdf } from '../../support/deck-pdfs';
import { call, type TestUser } from './home';

/** Decks and their links as the tests make them (issue 53): through the API, as the web app does. */

/** Asks for an upload URL and PUTs the bytes to it (as the browser does). Returns the upload id. */
export async function uploadFile(user: TestUser, projectId: string, bytes: Uint8Array): Promise<string> {
  const started = await call('POST', `/projects/${projectId}/decks/uploads`, {
    token: user.token,
    body: { fileName: 'deck.pdf', fileSize: bytes.length },
  });
  expect(started.status, started.text).toBe(201);
  const { uploadId, uploadUrl } = apiSuccessEnvelope(deckUploadResponse).parse(started.body).data;
  const put = await fetch(uploadUrl, {
    method: 'PUT',
    headers: { 'content-type': 'application/pdf' },
    body: Buffer.from(bytes),
  });
  expect(put.status).toBe(200);
  return uploadId;
}

/** Uploads and keeps a deck (a fresh version); fails the test if it is refused. */
export async function addDeck(user: TestUser, projectId: string, bytes?: Uint8Array) {
  const uploadId = await uploadFile(user, projectId, bytes ?? (await deckPdf()));
  const added = await call('POST', `/projects/${projectId}/decks`, {
    token: user.token,
    body: { uploadId, fileName: 'Our deck.pdf' },
  });
  expect(added.status, added.text).toBe(201);
  return apiSuccessEnvelope(addDeckResponse).parse(added.body).data.deck;
}

/** The upload's answer when it is kept, whatever its status (refusals are tested on it). */
export async function tryAddDeck(user: TestUser, projectId: string, bytes: Uint8Array): Promise<ApiResponse> {
  const uploadId = await uploadFile(user, projectId, bytes);
  return call('POST', `/projects/${projectId}/decks`, {
    token: user.token,
    body: { uploadId, fileName: 'deck.pdf' },
  });
}

export async function createLink(
  user: TestUser,
  projectId: string,
  entryId: string,
  options: Partial<CreateDeckLinkBody> = {},
): Promise<DeckLink> {
  const made = await call('POST', `/projects/${projectId}/pipeline/entries/${entryId}/deck-links`, {
    token: user.token,
    body: { askEmail: false, allowDownload: false, expiresOn: null, version: null, ...options },
  });
  expect(made.status, made.text).toBe(201);
  return apiSuccessEnvelope(deckLinkResponse).parse(made.body).data.link;
}

/** A link's token, from its URL. */
export const tokenOf = (link: Pick<DeckLink, 'url'>): string => link.url.slice(link.url.lastIndexOf('/') + 1);

export async function openLink(link: Pick<DeckLink, 'url'>, email?: string): Promise<OpenDeck> {
  const opened = await call('POST', `/deck-links/${tokenOf(link)}/views`, {
    body: email === undefined ? {} : { email },
  });
  expect(opened.status, opened.text).toBe(201);
  return apiSuccessEnvelope(openDeckResponse).parse(opened.body).data;
}

export function pageEvent(
  link: Pick<DeckLink, 'url'>,
  viewId: string,
  page: number,
  kind: 'shown' | 'hidden',
) {
  return call('POST', `/deck-links/${tokenOf(link)}/views/${viewId}/events`, { body: { page, kind } });
}
