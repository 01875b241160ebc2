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
  scanDirectory,
  setDirectoryTotals,
  setTagCounters,
  type TagCounter,
  tagSpellings,
} from '../table/repositories/investors';
import { foldSearchChanges, rebuildSearchSnapshot } from './search-index';

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

/**
 * The full recount (the admin's "aggregate" function): reads every searchable investor, sets every
 * counter (tag counts with their spellings, totals by contact kind and role) to its exact value,
 * then writes the metadata record. It repairs counters that drifted, e.g. after an interrupted
 * mapping run, at the price of a Scan of the whole table.
 */
export async function recountDirectory(now: Date = new Date()): Promise<DirectoryMetadata> {
  const exact = new Map<string, TagCounter>();
  const stored: TagCounter[] = [];
  const scanStartedAt = new Date();
  const searchable: SearchableInvestor[] = [];
  const totals: DirectoryTotals = {
    investors: 0,
    withEmail: 0,
    withPhone: 0,
    withLinkedIn: 0,
    withTwitter: 0,
    withCrunchbase: 0,
    byRole: Object.fromEntries([...INVESTOR_ROLES, UNKNOWN_ROLE_KEY].map((role) => [role, 0])),
  };

  for await (const chunk of scanDirectory()) {
    stored.push(...chunk.counters);
    for (const investor of chunk.investors) {
      searchable.push(investor);
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
  }

  const gone = stored
    .filter((c) => !exact.has(`${c.kind}#${c.tagKey}`))
    .map((c) => ({ ...c, count: 0, variants: {} }));
  const counters = [...exact.values()];
  await setTagCounters([...counters, ...gone]);
  await setDirectoryTotals(totals);
  const metadata = await writeMetadata(totals, counters, now);
  await rebuildSearchSnapshot(searchable, scanStartedAt, now);
  return metadata;
}
