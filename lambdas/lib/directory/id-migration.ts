import { randomUUID } from 'node:crypto';
import { type KindCounts, moveReferencesPage } from '../table/repositories/id-migration';
import { claimIdentity, recordMove } from '../table/repositories/investor-identities';
import { scanImportedInvestorsPage } from '../table/repositories/investors';
import { identityKeyFor, legacySearchableIdOfKey } from './mapping';
import { recordSearchChanges, recordSearchRemovals } from './search-index';

/**
 * The migration of investor ids (issue 48): every entry whose id is the old hash of its identity key
 * gets a random id, and every reference we hold moves to it. Two passes, each a paged Scan in
 * resumable steps (the state is the workflow's: phase, cursor, counts):
 *
 * 1. `identities`: every imported record whose entry is its identity key's old id. The move
 *    (`MOVED#<old>` → new id) is created once (conditional put; a re-run reads it back) and the
 *    identity item made to point at the new id: from then on mapping, approvals and the pipeline's
 *    matcher find the new id.
 * 2. `references`: every item of the table, each reference to a moved id rewritten (the entry, its
 *    sheets, postings, withdrawal mark and holder under their new keys; carts, deliveries, libraries,
 *    pipelines, saved searches, passes, reports, credits, listings, data requests…), and each founder
 *    whose data held an old id recorded as its holder.
 *
 * Then the workflow recounts the directory, which rebuilds the search snapshot from the table. Each
 * step is idempotent: a run stopped anywhere and started again finishes, and a run after a finished
 * one moves nothing. docs/decisions.md, "Opaque investor ids"; docs/operations.md, "Migrating
 * investor ids".
 */

export type MigrationPhase = 'identities' | 'references';

export interface MigrationState {
  runId: string;
  phase: MigrationPhase;
  cursor: string | null;
  /** Per kind (an item's entity; `identity` for the first pass): items scanned and moved. */
  counts: Record<string, KindCounts>;
  done: boolean;
}

export const startMigration = (): MigrationState => ({
  runId: randomUUID(),
  phase: 'identities',
  cursor: null,
  counts: {},
  done: false,
});

function add(counts: Record<string, KindCounts>, more: Record<string, KindCounts>) {
  for (const [kind, count] of Object.entries(more)) {
    const total = counts[kind] ?? { scanned: 0, moved: 0 };
    counts[kind] = { scanned: total.scanned + count.scanned, moved: total.moved + count.moved };
  }
}

/** One page of the identities pass: a move for each old entry found, its identity pointed at the new id. */
async function identitiesPage(cursor: string | null, limit: number, at: string) {
  const page = await scanImportedInvestorsPage(cursor, limit);
  const count: KindCounts = { scanned: 0, moved: 0 };
  for (const record of page.items) {
    count.scanned++;
    const entry = record.searchableInvestorEntryId;
    const key = identityKeyFor(record);
    if (!entry || entry !== legacySearchableIdOfKey(key)) continue;
    const { move, created } = await recordMove(entry, at);
    await claimIdentity(key, move.newId, at, entry);
    if (created) count.moved++;
  }
  return { cursor: page.cursor, counts: { identity: count } };
}

/** Pages of the migration until the time budget is spent; `done` once both passes are. */
export async function migrationStep(
  state: MigrationState,
  options: { budgetMs?: number; pageSize?: number; now?: () => Date } = {},
): Promise<MigrationState> {
  const deadline = Date.now() + (options.budgetMs ?? 60_000);
  const pageSize = options.pageSize ?? 200;
  const now = options.now ?? (() => new Date());
  const counts = structuredClone(state.counts);
  let { phase, cursor } = state;
  do {
    const at = now().toISOString();
    const page =
      phase === 'identities'
        ? await identitiesPage(cursor, pageSize, at)
        : await moveReferencesPage(cursor, pageSize, at, {
            // The search snapshot drops the old card and takes the new one at its next fold, whatever
            // change of the old id was recorded before (the recount then rebuilds it from the table).
            beforeMoving: async (moving) => {
              await recordSearchRemovals(moving.map((m) => m.before));
              await recordSearchChanges(moving.map((m) => m.after));
            },
          });
    add(counts, page.counts);
    cursor = page.cursor;
    if (cursor === null) {
      if (phase === 'references') return { ...state, phase, cursor, counts, done: true };
      phase = 'references';
    }
  } while (Date.now() < deadline);
  return { ...state, phase, cursor, counts, done: false };
}
