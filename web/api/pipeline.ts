import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AddEntryBody,
  addEntryResponse,
  deleteEntryResponse,
  entryDetailResponse,
  type ImportRow,
  importRowsResponse,
  matchRowsResponse,
  type PipelineEntry,
  type PipelineResponse,
  pipelineEntrySchema,
  pipelineResponse,
  type UpdateEntryBody,
} from '../../shared/api/pipeline';
import { useAuth } from '../auth/auth-provider';
import { apiRequest } from './client';
import { useSetMeSwitch } from './me-switches';
import { queryKeys } from './query-keys';

/** The fundraising pipeline of a project (issue 36): `lambdas/http/pipeline.ts`. */

const base = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/pipeline`;
const entryPath = (projectId: string, entryId: string) =>
  `${base(projectId)}/entries/${encodeURIComponent(entryId)}`;

export function getPipeline(projectId: string, signal?: AbortSignal) {
  return apiRequest(pipelineResponse, base(projectId), { auth: true, signal });
}

export function usePipeline(projectId: string | undefined) {
  const { user } = useAuth();
  return useQuery({
    queryKey: queryKeys.pipeline(user?.userId ?? '', projectId ?? ''),
    queryFn: ({ signal }) => getPipeline(projectId ?? '', signal),
    enabled: user !== null && Boolean(projectId),
  });
}

/**
 * Which of these projects' pipelines hold the directory investor (issue 50: "Add to pipeline" shows
 * "In pipeline", on reload too): read from the pipelines themselves, cached per project, so a page of
 * forty cards asks each pipeline once. `undefined` while a pipeline is read.
 */
export function usePipelinesHolding(projectIds: readonly string[], investorId: string) {
  const { user } = useAuth();
  const boards = useQueries({
    queries: projectIds.map((projectId) => ({
      queryKey: queryKeys.pipeline(user?.userId ?? '', projectId),
      queryFn: ({ signal }: { signal: AbortSignal }) => getPipeline(projectId, signal),
      enabled: user !== null,
    })),
  });
  // A pipeline that could not be read holds nobody as far as the button knows: adding again is
  // harmless (the server answers the entry it has).
  if (boards.some((board) => board.isPending)) return undefined;
  return new Set(
    projectIds.filter((_, i) => boards[i]?.data?.entries.some((entry) => entry.investorId === investorId)),
  );
}

/** Adds a directory investor to a project's pipeline, and to the cached board (so the button says so). */
export function useAddInvestorToPipeline() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return async (projectId: string, investorId: string) => {
    const answer = await addToPipeline(projectId, { investorId });
    queryClient.setQueryData<PipelineResponse>(queryKeys.pipeline(user?.userId ?? '', projectId), (board) =>
      withEntry(board, answer.entry),
    );
    return answer;
  };
}

export function useEntryDetail(projectId: string, entryId: string | null, version: number | undefined) {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...queryKeys.pipeline(user?.userId ?? '', projectId), 'entry', entryId ?? '', version ?? 0],
    queryFn: ({ signal }) =>
      apiRequest(entryDetailResponse, entryPath(projectId, entryId ?? ''), { auth: true, signal }),
    enabled: user !== null && entryId !== null,
  });
}

export function addToPipeline(projectId: string, body: AddEntryBody) {
  return apiRequest(addEntryResponse, `${base(projectId)}/entries`, { method: 'POST', body, auth: true });
}

/** Replaces one entry in the cached board (after a change the server accepted). */
function withEntry(board: PipelineResponse | undefined, entry: PipelineEntry): PipelineResponse | undefined {
  if (!board) return board;
  const exists = board.entries.some((e) => e.id === entry.id);
  return {
    ...board,
    entries: exists ? board.entries.map((e) => (e.id === entry.id ? entry : e)) : [...board.entries, entry],
  };
}

export function useAddToPipeline(projectId: string) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: (body: AddEntryBody) => addToPipeline(projectId, body),
    onSuccess: ({ entry }) =>
      queryClient.setQueryData<PipelineResponse>(queryKeys.pipeline(user?.userId ?? '', projectId), (board) =>
        withEntry(board, entry),
      ),
  });
}

export function updateEntry(projectId: string, entryId: string, body: UpdateEntryBody) {
  return apiRequest(pipelineEntrySchema, entryPath(projectId, entryId), {
    method: 'PATCH',
    body,
    auth: true,
  });
}

export function useUpdateEntry(projectId: string) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: ({ entryId, body }: { entryId: string; body: UpdateEntryBody }) =>
      updateEntry(projectId, entryId, body),
    onSuccess: (entry) =>
      queryClient.setQueryData<PipelineResponse>(queryKeys.pipeline(user?.userId ?? '', projectId), (board) =>
        withEntry(board, entry),
      ),
  });
}

export function useRemoveEntry(projectId: string) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: (entryId: string) =>
      apiRequest(deleteEntryResponse, entryPath(projectId, entryId), {
        method: 'DELETE',
        auth: true,
      }),
    onSuccess: (_data, entryId) =>
      queryClient.setQueryData<PipelineResponse>(
        queryKeys.pipeline(user?.userId ?? '', projectId),
        (board) => (board ? { ...board, entries: board.entries.filter((e) => e.id !== entryId) } : board),
      ),
  });
}

export function matchImportRows(projectId: string, rows: ImportRow[]) {
  return apiRequest(matchRowsResponse, `${base(projectId)}/import/matches`, {
    method: 'POST',
    body: { rows },
    auth: true,
  });
}

export function importPipelineRows(
  projectId: string,
  rows: ImportRow[],
  accepted: { row: number; investorId: string }[],
) {
  return apiRequest(importRowsResponse, `${base(projectId)}/import`, {
    method: 'POST',
    body: { rows, accepted },
    auth: true,
  });
}

/** PUT /me/pipeline-reminders: the daily email of due next steps, on or off. */
export const useSetPipelineReminders = () => useSetMeSwitch('/me/pipeline-reminders');
