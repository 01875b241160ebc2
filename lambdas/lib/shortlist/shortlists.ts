import * as z from 'zod/mini';
import type { WarmPathView } from '../../../shared/api/network';
import { searchFiltersOf, searchFiltersQuery } from '../../../shared/api/search-filters';
import {
  MAX_PASSES_PER_PROJECT,
  MAX_SAVED_SEARCHES,
  type SavedSearchView,
  type ShortlistItem,
} from '../../../shared/api/shortlist';
import type { CartInvestor } from '../../../shared/cart/cart';
import { type ResponseTimes, responseTimesReason } from '../../../shared/pipeline/response-times';
import type { SearchIndex } from '../../../shared/search/engine';
import type { SearchFilters } from '../../../shared/search/filters';
import { fitPage } from '../../../shared/search/fit-rank';
import type { FitRaise } from '../../../shared/shortlist/fit';
import { fitWords } from '../../../shared/shortlist/places-port';
import { savedFiltersWords } from '../../../shared/shortlist/saved-search-words';
import { onTaxonomy } from '../directory/filters-on-taxonomy';
import { currentSearchIndex } from '../directory/search-index';
import { warmPathsOf } from '../network/network';
import type { ProjectItem, SavedSearchItem } from '../table/models';
import { getProject } from '../table/repositories/projects';
import { getResponseTimesOf } from '../table/repositories/response-times';
import {
  addPass,
  createSavedSearch,
  deleteSavedSearch,
  getPassList,
  getSavedSearch,
  getShortlistHeader,
  listSavedSearches,
  markSavedSearchOpened,
  newSavedSearchId,
  removePass,
  renameSavedSearch,
} from '../table/repositories/shortlists';
import { currentTaxonomy } from '../table/repositories/taxonomy';
import { listBoughtInvestorIds } from '../table/repositories/users';

/**
 * Shortlists (issue 35; docs/decisions.md, "The shortlist: ranking by fit"): a project's investors
 * ranked by fit from the search index in memory, the founder's pass list and library marking or
 * leaving out investors, and saved searches with what is new in them. Errors know nothing of HTTP.
 */

export class ShortlistProjectNotFoundError extends Error {
  override readonly name = 'ShortlistProjectNotFoundError';
}
export class SavedSearchNotFoundError extends Error {
  override readonly name = 'SavedSearchNotFoundError';
}
export class SavedSearchesFullError extends Error {
  override readonly name = 'SavedSearchesFullError';
}
export class PassListFullError extends Error {
  override readonly name = 'PassListFullError';
}
export class UnknownInvestorError extends Error {
  override readonly name = 'UnknownInvestorError';
}
/** A saved shortlist whose project was deleted. */
export class SavedSearchProjectGoneError extends Error {
  override readonly name = 'SavedSearchProjectGoneError';
}

/** The project when the caller created it; otherwise as if it did not exist. */
export async function ownProject(projectId: string, userId: string): Promise<ProjectItem> {
  const project = await getProject(projectId);
  if (!project || project.creatorUserId !== userId) throw new ShortlistProjectNotFoundError(projectId);
  return project;
}

/** What a project raises, as the score reads it (its sectors included). */
export const raiseOf = (project: ProjectItem): FitRaise => ({
  round: project.raise?.round ?? null,
  amountUsd: project.raise?.amountUsd ?? null,
  country: project.raise?.country ?? null,
  city: project.raise?.city ?? null,
  leadWanted: project.raise?.leadWanted ?? null,
  sectors: project.sectors,
});

/** The ords of investor ids the index holds (ids it does not hold, such as a withdrawn entry, are left out). */
const ordsOf = (index: SearchIndex, ids: Iterable<string>): Set<number> => {
  const ords = new Set<number>();
  for (const id of ids) {
    const ord = index.ordOf(id);
    if (ord >= 0) ords.add(ord);
  }
  return ords;
};

export interface ShortlistOptions {
  filters: SearchFilters;
  bought: 'show' | 'hide';
  passed: 'show' | 'hide';
  rest: 'show' | 'hide';
  cursor: string | null;
  limit: number;
}

/** One page of a project's shortlist for its creator. */
export async function projectShortlist(
  userId: string,
  projectId: string,
  options: ShortlistOptions,
  newSince: number | null = null,
) {
  const project = await ownProject(projectId, userId);
  const [index, bought, passed] = await Promise.all([
    currentSearchIndex(),
    listBoughtInvestorIds(userId),
    getPassList(userId, projectId),
  ]);
  const boughtIds = new Set(bought);
  const leaveOut = new Set<number>([
    ...(options.bought === 'hide' ? ordsOf(index, boughtIds) : []),
    ...(options.passed === 'hide' ? ordsOf(index, passed) : []),
  ]);
  const page = fitPage(index, raiseOf(project), fitWords, {
    filters: options.filters,
    leaveOut,
    rest: options.rest,
    cursor: options.cursor,
    limit: options.limit,
  });
  const isNew = newSince === null ? null : newMarks(index, newSince);
  const [warm, answers] = await Promise.all([
    warmPathsOf(
      userId,
      page.items.map((item) => item.investor),
    ),
    getResponseTimesOf(page.items.map((item) => item.investor.id)),
  ]);
  return {
    project: { id: project.id, name: project.name, sectors: project.sectors, raise: project.raise ?? null },
    items: page.items.map(
      (item): ShortlistItem => ({
        investor: item.investor,
        score: item.score,
        reasons: withAnswers(
          withWarmPath(item.reasons, warm.get(item.investor.id)),
          answers.get(item.investor.id),
        ),
        band: item.band,
        missing: item.missing,
        bought: boughtIds.has(item.investor.id),
        passed: passed.has(item.investor.id),
        isNew: isNew?.(item.investor) ?? false,
        warmPath: warm.get(item.investor.id) ?? null,
      }),
    ),
    total: page.total,
    counts: page.counts,
    cursor: page.cursor,
  };
}

/** The fit reasons with the founder's warm path last ("You know 2 people there: …"), when there is one. */
const withWarmPath = (reasons: ShortlistItem['reasons'], path: WarmPathView | undefined) =>
  path
    ? [...reasons, { criterion: 'network' as const, text: path.text, points: 0, tone: 'for' as const }]
    : reasons;

/**
 * The reasons with how fast the investor answers founders last ("Replied to 70% of 12 founders who
 * wrote, …"), when their figures are published and stand out (shared/pipeline/response-times.ts).
 */
const withAnswers = (reasons: ShortlistItem['reasons'], times: ResponseTimes | undefined) => {
  const reason = times ? responseTimesReason(times) : null;
  return reason ? [...reasons, { criterion: 'answers' as const, points: 0, ...reason }] : reasons;
};

/** Whether a card is new since an instant (a saved search's marks). */
function newMarks(index: SearchIndex, since: number) {
  const fresh = index.matching({ newSince: since }) as Uint32Array;
  return (card: CartInvestor) => {
    const ord = index.ordOf(card.id);
    return ord >= 0 && ((fresh[ord >>> 5] as number) & (1 << (ord & 31))) !== 0;
  };
}

/** Marks an investor "Not a fit" for the caller's project, or takes the mark back. */
export async function setPass(userId: string, projectId: string, investorId: string, passed: boolean) {
  await ownProject(projectId, userId);
  const at = new Date().toISOString();
  if (!passed) {
    await removePass(userId, projectId, investorId, at);
    return { investorId, passed: false };
  }
  // Only investors of the directory: the list holds nothing else.
  if ((await currentSearchIndex()).ordOf(investorId) < 0) throw new UnknownInvestorError(investorId);
  if (!(await addPass(userId, projectId, investorId, MAX_PASSES_PER_PROJECT, at)))
    throw new PassListFullError(projectId);
  return { investorId, passed: true };
}

// ---------------------------------------------------------------- saved searches

/**
 * A saved search's filters as the index takes them (what was saved was checked by the same rules),
 * on the taxonomy as the search's are: any spelling of a sector, stage or place names its entry.
 */
export async function filtersOf(saved: Pick<SavedSearchItem, 'filters'>): Promise<SearchFilters> {
  return onTaxonomy(searchFiltersOf(z.parse(searchFiltersQuery, saved.filters)));
}

/** Only the filters given, as the search page's URL names them (blank ones dropped). */
const keptFilters = (filters: Readonly<Record<string, string | undefined>>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(filters).filter((entry): entry is [string, string] => (entry[1] ?? '').trim() !== ''),
  );

/** How many investors are new in a saved search since its last opening (a shortlist: its passes left out). */
async function newCountOf(index: SearchIndex, saved: SavedSearchItem): Promise<number> {
  const since = Date.parse(saved.lastOpenedAt);
  const filters = { ...(await filtersOf(saved)), newSince: since };
  if (saved.kind === 'search') return index.count(filters);
  const fresh = index.matching(filters) as Uint32Array;
  let passedAmongThem = 0;
  for (const ord of ordsOf(index, await getPassList(saved.userId, saved.projectId as string)))
    if (((fresh[ord >>> 5] as number) & (1 << (ord & 31))) !== 0) passedAmongThem++;
  return index.count(filters) - passedAmongThem;
}

async function viewOf(
  index: SearchIndex,
  saved: SavedSearchItem,
  projects: Map<string, ProjectItem | null>,
): Promise<SavedSearchView> {
  const project = saved.projectId ? (projects.get(saved.projectId) ?? null) : null;
  return {
    id: saved.id,
    name: saved.name,
    kind: saved.kind,
    filters: saved.filters,
    filterWords: savedFiltersWords(saved.filters, await currentTaxonomy()),
    projectId: saved.projectId,
    projectName: project?.name ?? null,
    createdAt: saved.createdAt,
    lastOpenedAt: saved.lastOpenedAt,
    newCount: saved.kind === 'shortlist' && !project ? 0 : await newCountOf(index, saved),
  };
}

/** The caller's projects named by saved searches (null: gone, or not theirs). */
async function projectsOf(userId: string, saved: readonly SavedSearchItem[]) {
  const ids = [...new Set(saved.flatMap((s) => (s.projectId ? [s.projectId] : [])))];
  const found = await Promise.all(ids.map((id) => getProject(id)));
  return new Map(ids.map((id, i) => [id, found[i]?.creatorUserId === userId ? (found[i] ?? null) : null]));
}

/** Every saved search of the caller with what is new in each, and the alert's switch. */
export async function listSavedSearchViews(userId: string) {
  const [saved, header, index] = await Promise.all([
    listSavedSearches(userId),
    getShortlistHeader(userId),
    currentSearchIndex(),
  ]);
  const projects = await projectsOf(userId, saved);
  return {
    savedSearches: await Promise.all(saved.map((s) => viewOf(index, s, projects))),
    max: MAX_SAVED_SEARCHES,
    alerts: header?.alerts ?? true,
  };
}

/** Saves a search or a project's shortlist under a name (at most {@link MAX_SAVED_SEARCHES}). */
export async function saveSearch(
  userId: string,
  input: {
    name: string;
    filters: Readonly<Record<string, string | undefined>>;
    projectId?: string | undefined;
  },
  now: Date = new Date(),
): Promise<SavedSearchView> {
  if (input.projectId !== undefined) await ownProject(input.projectId, userId);
  const at = now.toISOString();
  const saved: SavedSearchItem = {
    id: newSavedSearchId(now),
    userId,
    name: input.name,
    kind: input.projectId !== undefined ? 'shortlist' : 'search',
    filters: keptFilters(input.filters),
    projectId: input.projectId ?? null,
    createdAt: at,
    // What is there when it is saved is not new: "new" counts from now.
    lastOpenedAt: at,
  };
  if (!(await createSavedSearch(saved, MAX_SAVED_SEARCHES))) throw new SavedSearchesFullError(userId);
  const index = await currentSearchIndex();
  return viewOf(index, saved, await projectsOf(userId, [saved]));
}

export async function renameSearch(userId: string, id: string, name: string): Promise<SavedSearchView> {
  const renamed = await renameSavedSearch(userId, id, name);
  if (!renamed) throw new SavedSearchNotFoundError(id);
  return viewOf(await currentSearchIndex(), renamed, await projectsOf(userId, [renamed]));
}

export async function deleteSearch(userId: string, id: string): Promise<void> {
  if (!(await deleteSavedSearch(userId, id))) throw new SavedSearchNotFoundError(id);
}

const encodeOpenCursor = (since: string, inner: string) =>
  encodeURIComponent(JSON.stringify(['open', since, inner]));

export class InvalidOpenCursorError extends Error {
  override readonly name = 'InvalidOpenCursorError';
}

function decodeOpenCursor(cursor: string): { since: string; inner: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(decodeURIComponent(cursor));
  } catch {
    throw new InvalidOpenCursorError('Not a cursor of a saved search');
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 3 ||
    parsed[0] !== 'open' ||
    typeof parsed[1] !== 'string' ||
    Number.isNaN(Date.parse(parsed[1])) ||
    typeof parsed[2] !== 'string'
  )
    throw new InvalidOpenCursorError('Not a cursor of a saved search');
  return { since: parsed[1], inner: parsed[2] };
}

/**
 * Opens a saved search: a page of its investors, the new ones marked (or only those). The first
 * page records the opening; the next pages count "new" from the same instant (their cursor keeps it).
 */
export async function openSavedSearch(
  userId: string,
  id: string,
  options: { onlyNew: boolean; cursor: string | null; limit: number },
  now: Date = new Date(),
) {
  const saved = await getSavedSearch(userId, id);
  if (!saved) throw new SavedSearchNotFoundError(id);
  const resumed = options.cursor === null ? null : decodeOpenCursor(options.cursor);
  const since = resumed?.since ?? saved.lastOpenedAt;
  const sinceMs = Date.parse(since);
  const filters = await filtersOf(saved);
  const index = await currentSearchIndex();
  const view = await viewOf(index, { ...saved, lastOpenedAt: since }, await projectsOf(userId, [saved]));
  if (saved.kind === 'shortlist' && view.projectName === null) throw new SavedSearchProjectGoneError(id);
  if (resumed === null) await markSavedSearchOpened(userId, id, now.toISOString());
  let page: { items: ShortlistItem[]; total: number; cursor: string | null };
  if (saved.kind === 'shortlist') {
    const shortlist = await projectShortlist(
      userId,
      saved.projectId as string,
      {
        filters: options.onlyNew ? { ...filters, newSince: sinceMs } : filters,
        bought: 'show',
        passed: 'hide',
        // A saved shortlist lists everyone, fits first (its alert counts them all alike).
        rest: 'show',
        cursor: resumed?.inner ?? null,
        limit: options.limit,
      },
      sinceMs,
    );
    page = shortlist;
  } else {
    const [bought, result] = await Promise.all([
      listBoughtInvestorIds(userId),
      Promise.resolve(
        index.page(
          options.onlyNew ? { ...filters, newSince: sinceMs } : filters,
          'name',
          resumed?.inner ?? null,
          options.limit,
        ),
      ),
    ]);
    const boughtIds = new Set(bought);
    const isNew = newMarks(index, sinceMs);
    page = {
      items: result.items.map((investor) => ({
        investor,
        score: null,
        reasons: [],
        band: null,
        missing: [],
        bought: boughtIds.has(investor.id),
        passed: false,
        isNew: isNew(investor),
      })),
      total: result.total,
      cursor: result.cursor,
    };
  }
  return {
    savedSearch: { ...view, lastOpenedAt: resumed === null ? now.toISOString() : since },
    since,
    items: page.items,
    total: page.total,
    cursor: page.cursor === null ? null : encodeOpenCursor(since, page.cursor),
  };
}
