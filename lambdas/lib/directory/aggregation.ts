import { randomUUID } from 'node:crypto';
import { INVESTOR_ROLES, UNKNOWN_ROLE_KEY } from '../../../shared/investors/roles';
import type { SearchableInvestor } from '../../../shared/investors/types';
import { logger } from '../observability/logger';
import type { DirectoryMetadata, TagKind } from '../table/models';
import {
  type DirectoryTotals,
  getDirectoryTotals,
  listTagCounters,
  putDirectoryMetadata,
  scanDirectoryPage,
  setDirectoryTotals,
  setTagCounters,
  type TagCounter,
  tagSpellings,
} from '../table/repositories/investors';
import {
  deleteRecountRun,
  foldSearchChanges,
  getRecountState,
  putRecountPart,
  putRecountState,
  readRecountParts,
  writeRecountSnapshot,
} from './search-index';

/** The weighted list of one kind: tags carried by someone, most carried first, with their spellings in use. */
const weighted = (counters: TagCounter[], kind: TagKind) =>
  counters
    .filter((c) => c.kind === kind && c.count > 0)
    .map((c) => ({
      tagKey: c.tagKey,
      count: c.count,
      variants: Object.keys(c.variants)
        .filter((spelling) => (c.variants[spelling] ?? 0) > 0)
        .sort(),
    }))
    .sort((a, b) => b.count - a.count || a.tagKey.localeCompare(b.tagKey));

/** A new directory-metadata record from the totals and the tag counters, written as the latest. */
async function writeMetadata(
  totals: DirectoryTotals,
  counters: TagCounter[],
  now: Date,
): Promise<DirectoryMetadata> {
  const stageFocusWeighted = weighted(counters, 'stage');
  const sectorFocusWeighted = weighted(counters, 'sector');
  const countsByRole: Record<string, number> = Object.fromEntries(
    [...INVESTOR_ROLES, UNKNOWN_ROLE_KEY].map((role) => [role, Math.max(0, totals.byRole[role] ?? 0)]),
  );
  const metadata: DirectoryMetadata = {
    id: randomUUID(),
    stageFocus: stageFocusWeighted.map((t) => t.tagKey),
    sectorFocus: sectorFocusWeighted.map((t) => t.tagKey),
    stageFocusWeighted,
    sectorFocusWeighted,
    totalInvestors: totals.investors,
    totalInvestorsWithEmail: totals.withEmail,
    totalInvestorsWithPhone: totals.withPhone,
    totalInvestorsWithLinkedIn: totals.withLinkedIn,
    totalInvestorsWithTwitter: totals.withTwitter,
    totalInvestorsWithCrunchbase: totals.withCrunchbase,
    countsByRole,
    createdAt: now.toISOString(),
  };
  await putDirectoryMetadata(metadata);
  return metadata;
}

/**
 * Aggregation (after every import and mapping run): writes a new directory-metadata record (totals,
 * contact totals, counts by role, weighted stage and sector lists) from the counters that mapping
 * keeps in step: one read of the totals and one Query of the tag counters, whatever the size of the
 * directory. Data written before the counters existed has no totals yet: then it recounts. Then it
 * folds the recorded changes into the search snapshot, which combined search reads (no Scan either);
 * a snapshot whose size differs from the totals (deleted, or a change lost) makes it recount.
 */
export async function aggregateDirectory(now: Date = new Date()): Promise<DirectoryMetadata> {
  const totals = await getDirectoryTotals();
  if (!totals) return recountDirectory(now);
  const metadata = await writeMetadata(totals, await listTagCounters(), now);
  const folded = await foldSearchChanges(now);
  // A snapshot that does not hold every investor (deleted, or a change lost) is rebuilt by the recount.
  if (folded.investors !== totals.investors) {
    logger.warn('the search snapshot disagrees with the directory totals: recounting', {
      snapshot: folded.investors,
      totals: totals.investors,
    });
    return recountDirectory(now);
  }
  return metadata;
}

/** What a recount carries from one step to the next (saved in S3 between steps). */
interface RecountState {
  runId: string;
  cursor: string | null;
  done: boolean;
  /** Parts of cards written so far (part n holds the cards step n read). */
  parts: number;
  scanStartedAt: string;
  totals: DirectoryTotals;
  exact: TagCounter[];
  stored: TagCounter[];
}

const emptyTotals = (): DirectoryTotals => ({
  investors: 0,
  withEmail: 0,
  withPhone: 0,
  withLinkedIn: 0,
  withTwitter: 0,
  withCrunchbase: 0,
  byRole: Object.fromEntries([...INVESTOR_ROLES, UNKNOWN_ROLE_KEY].map((role) => [role, 0])),
});

/** Starts a recount: a new run, its state saved before the first step. */
export async function startRecount(now: Date = new Date()): Promise<{ runId: string }> {
  const runId = `recount-${now.toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
  const state: RecountState = {
    runId,
    cursor: null,
    done: false,
    parts: 0,
    scanStartedAt: now.toISOString(),
    totals: emptyTotals(),
    exact: [],
    stored: [],
  };
  await putRecountState(runId, state);
  return { runId };
}

/**
 * One step of the recount: resumes the Scan from the saved cursor, tallies every searchable investor
 * (totals, roles, tag counts and spellings) until the time budget is spent, writes the cards it read
 * as one part, then saves the state. A step that dies before saving is run again from the same state
 * (it writes the same part again), so counts are never doubled.
 */
export async function recountStep(
  runId: string,
  options: { budgetMs?: number; pageSize?: number } = {},
): Promise<{ runId: string; done: boolean; investors: number }> {
  const state = await getRecountState<RecountState>(runId);
  if (!state) throw new Error(`Recount ${runId} was not started`);
  if (state.done) return { runId, done: true, investors: state.totals.investors };
  const deadline = Date.now() + (options.budgetMs ?? 60_000);
  const exact = new Map(state.exact.map((c) => [`${c.kind}#${c.tagKey}`, c]));
  const { totals } = state;
  const read: SearchableInvestor[] = [];
  let { cursor } = state;
  do {
    const page = await scanDirectoryPage(cursor, options.pageSize ?? 1000);
    state.stored.push(...page.counters);
    for (const investor of page.investors) {
      read.push(investor);
      totals.investors++;
      if (investor.hasEmail) totals.withEmail++;
      if (investor.hasPhone) totals.withPhone++;
      if (investor.hasLinkedIn) totals.withLinkedIn++;
      if (investor.hasTwitter) totals.withTwitter++;
      if (investor.hasCrunchbase) totals.withCrunchbase++;
      const role = investor.investorRole ?? UNKNOWN_ROLE_KEY;
      totals.byRole[role] = (totals.byRole[role] ?? 0) + 1;
      for (const kind of ['stage', 'sector'] as const) {
        for (const [tagKey, spelling] of tagSpellings(investor, kind)) {
          const key = `${kind}#${tagKey}`;
          const counter = exact.get(key) ?? { kind, tagKey, count: 0, variants: {} };
          counter.count++;
          counter.variants[spelling] = (counter.variants[spelling] ?? 0) + 1;
          exact.set(key, counter);
        }
      }
    }
    cursor = page.cursor;
  } while (cursor !== null && Date.now() < deadline);
  await putRecountPart(runId, state.parts, read);
  const next: RecountState = {
    ...state,
    cursor,
    done: cursor === null,
    parts: state.parts + 1,
    totals,
    exact: [...exact.values()],
  };
  await putRecountState(runId, next);
  return { runId, done: next.done, investors: totals.investors };
}

/**
 * The recount's last step: sets every counter to its exact value (and to 0 those no investor carries
 * any more), writes the totals and a new metadata record, rebuilds the search snapshot from the cards
 * the steps read with the changes recorded since the Scan began folded in (a withdrawal during the
 * recount stays withdrawn), and deletes the run's folder. Counters and totals are the Scan's: when a
 * withdrawal during the Scan leaves them one investor over the snapshot, the next aggregation (the
 * withdrawal starts one) finds the two disagree and recounts.
 */
export async function finishRecount(
  runId: string,
  now: Date = new Date(),
  options: { beforeSnapshotWrite?: () => Promise<void> } = {},
): Promise<DirectoryMetadata> {
  const state = await getRecountState<RecountState>(runId);
  if (!state?.done) throw new Error(`Recount ${runId} has not read the whole table`);
  const exact = new Set(state.exact.map((c) => `${c.kind}#${c.tagKey}`));
  const gone = state.stored
    .filter((c) => !exact.has(`${c.kind}#${c.tagKey}`))
    .map((c) => ({ ...c, count: 0, variants: {} }));
  await setTagCounters([...state.exact, ...gone]);
  await setDirectoryTotals(state.totals);
  const metadata = await writeMetadata(state.totals, state.exact, now);
  await writeRecountSnapshot(await readRecountParts(runId, state.parts), new Date(state.scanStartedAt), now, {
    beforeWrite: options.beforeSnapshotWrite,
  });
  await deleteRecountRun(runId, state.parts);
  return metadata;
}

/**
 * The full recount in one go (a small directory, tests, and aggregation when the counters are
 * missing): every step of the resumable recount, one after the other. The workflow runs the steps as
 * separate tasks, so the recount finishes within the task timeout at any size.
 */
export async function recountDirectory(now: Date = new Date()): Promise<DirectoryMetadata> {
  const { runId } = await startRecount(now);
  while (!(await recountStep(runId)).done);
  return finishRecount(runId, now);
}
