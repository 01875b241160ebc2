import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addDeckResponse,
  type CreateDeckLinkBody,
  type DeckEvent,
  deckLinkInfoResponse,
  deckLinkResponse,
  deckLinksResponse,
  decksResponse,
  deckUploadResponse,
  openDeckResponse,
} from '../../shared/api/decks';
import { ApiError } from '../../shared/api/errors';
import { useAuth } from '../auth/auth-provider';
import { getRuntimeConfig } from '../config/runtime-config';
import { apiRequest } from './client';

/** Deck links per investor (issue 53): `lambdas/http/decks.ts`. */

const decksPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/decks`;
const linksPath = (projectId: string, entryId: string) =>
  `/projects/${encodeURIComponent(projectId)}/pipeline/entries/${encodeURIComponent(entryId)}/deck-links`;
const tokenPath = (token: string) => `/deck-links/${encodeURIComponent(token)}`;

const decksKey = (userId: string, projectId: string) =>
  ['user', userId, 'projects', projectId, 'decks'] as const;
const linksKey = (userId: string, projectId: string, entryId: string) =>
  ['user', userId, 'projects', projectId, 'deck-links', entryId] as const;

export function useDecks(projectId: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: decksKey(user?.userId ?? '', projectId),
    queryFn: ({ signal }) => apiRequest(decksResponse, decksPath(projectId), { auth: true, signal }),
    enabled: user !== null && projectId !== '',
  });
}

/** Not in the spec: the PDF could not be stored. */
export const DECK_UPLOAD_FAILED = 'The file could not be uploaded. Please try again.';

/** Uploads a PDF: an upload URL, the PUT of the file (exactly its size), then the server's checks. */
export function useUploadDeck(projectId: string) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: async (file: File) => {
      const { uploadId, uploadUrl } = await apiRequest(
        deckUploadResponse,
        `${decksPath(projectId)}/uploads`,
        {
          method: 'POST',
          auth: true,
          body: { fileName: file.name, fileSize: file.size },
        },
      );
      let response: Response;
      try {
        response = await fetch(uploadUrl, {
          method: 'PUT',
          headers: { 'content-type': 'application/pdf' },
          body: file,
        });
      } catch (error) {
        throw new ApiError('unavailable', DECK_UPLOAD_FAILED, { cause: error });
      }
      if (!response.ok) throw new ApiError('unavailable', DECK_UPLOAD_FAILED, { status: response.status });
      return apiRequest(addDeckResponse, decksPath(projectId), {
        method: 'POST',
        auth: true,
        body: { uploadId, fileName: file.name },
      });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: decksKey(user?.userId ?? '', projectId) }),
        queryClient.invalidateQueries({
          queryKey: ['user', user?.userId ?? '', 'projects', projectId, 'deck-links'],
        }),
      ]),
  });
}

export function useDeckLinks(projectId: string, entryId: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: linksKey(user?.userId ?? '', projectId, entryId),
    queryFn: ({ signal }) =>
      apiRequest(deckLinksResponse, linksPath(projectId, entryId), { auth: true, signal }),
    enabled: user !== null && entryId !== '',
  });
}

export function useCreateDeckLink(projectId: string, entryId: string) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: (body: CreateDeckLinkBody) =>
      apiRequest(deckLinkResponse, linksPath(projectId, entryId), { method: 'POST', auth: true, body }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: linksKey(user?.userId ?? '', projectId, entryId) }),
  });
}

export function useRevokeDeckLink(projectId: string, entryId: string) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: (linkId: string) =>
      apiRequest(deckLinkResponse, `${linksPath(projectId, entryId)}/${encodeURIComponent(linkId)}/revoke`, {
        method: 'POST',
        auth: true,
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: linksKey(user?.userId ?? '', projectId, entryId) }),
  });
}

// ------------------------------------------------------------------ the public viewer

export function useDeckLinkInfo(token: string) {
  return useQuery({
    queryKey: ['deck-links', token],
    queryFn: ({ signal }) => apiRequest(deckLinkInfoResponse, tokenPath(token), { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function openDeck(token: string, email: string | null) {
  return apiRequest(openDeckResponse, `${tokenPath(token)}/views`, {
    method: 'POST',
    body: email ? { email } : {},
  });
}

/** A page shown or hidden. `keepalive`: a "hidden" sent as the tab closes still arrives. */
export async function postDeckEvent(token: string, viewId: string, event: DeckEvent): Promise<void> {
  const base = getRuntimeConfig().apiUrl.replace(/\/$/, '');
  const url = `${base}${tokenPath(token)}/views/${encodeURIComponent(viewId)}/events`;
  try {
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(event),
      keepalive: true,
    });
  } catch {
    // Reading goes on when an event is lost: only the founder's minutes are a little short.
  }
}
