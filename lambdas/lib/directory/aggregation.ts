import { randomUUID } from 'node:crypto';
import { INVESTOR_ROLES } from '../../../shared/investors/roles';
import { normalizeTag } from '../../../shared/tags/normalize-tag';
import type { DirectoryMetadata, TagKind } from '../table/models';
import { putDirectoryMetadata, scanDirectory, setTagCounters } from '../table/repositories/investors';

interface TagTally {
  count: number;
  variants: Set<string>;
}

const weighted = (tally: Map<string, TagTally>) =>
  [...tally.entries()]
    .map(([tagKey, t]) => ({ tagKey, count: t.count, variants: [...t.variants].sort() }))
    .sort((a, b) => b.count - a.count || a.tagKey.localeCompare(b.tagKey));

/**
 * Aggregation: reads every searchable investor and writes a new directory-metadata record (totals,
 * contact totals, counts by role, weighted stage and sector lists). It also sets every tag counter
 * to its exact value, so counters stay right even after an interrupted mapping run.
 */
export async function aggregateDirectory(now: Date = new Date()): Promise<DirectoryMetadata> {
  const tallies: Record<TagKind, Map<string, TagTally>> = { stage: new Map(), sector: new Map() };
  const counters = new Map<string, { kind: TagKind; tagKey: string; count: number }>();
  const countsByRole: Record<string, number> = Object.fromEntries(
    [...INVESTOR_ROLES, 'unknown'].map((r) => [r, 0]),
  );
  const totals = { all: 0, email: 0, phone: 0, linkedIn: 0, twitter: 0, crunchbase: 0 };

  for await (const chunk of scanDirectory()) {
    for (const counter of chunk.counters) counters.set(`${counter.kind}#${counter.tagKey}`, counter);
    for (const investor of chunk.investors) {
      totals.all++;
      if (investor.hasEmail) totals.email++;
      if (investor.hasPhone) totals.phone++;
      if (investor.hasLinkedIn) totals.linkedIn++;
      if (investor.hasTwitter) totals.twitter++;
      if (investor.hasCrunchbase) totals.crunchbase++;
      const role = investor.investorRole ?? 'unknown';
      countsByRole[role] = (countsByRole[role] ?? 0) + 1;
      for (const [kind, values] of [
        ['stage', investor.stageFocus],
        ['sector', investor.sectorFocus],
      ] as const) {
        const seen = new Set<string>();
        for (const value of values) {
          const key = normalizeTag(value);
          if (!key || seen.has(key)) continue;
          seen.add(key);
          const tally = tallies[kind].get(key) ?? { count: 0, variants: new Set<string>() };
          tally.count++;
          tally.variants.add(value);
          tallies[kind].set(key, tally);
        }
      }
    }
  }

  const exact: { kind: TagKind; tagKey: string; count: number }[] = [];
  for (const kind of ['stage', 'sector'] as const) {
    for (const [tagKey, tally] of tallies[kind]) exact.push({ kind, tagKey, count: tally.count });
  }
  const exactKeys = new Set(exact.map((c) => `${c.kind}#${c.tagKey}`));
  const drifted = exact.filter((c) => counters.get(`${c.kind}#${c.tagKey}`)?.count !== c.count);
  const gone = [...counters.values()].filter((c) => !exactKeys.has(`${c.kind}#${c.tagKey}`) && c.count !== 0);
  await setTagCounters([...drifted, ...gone.map((c) => ({ ...c, count: 0 }))]);

  const stageFocusWeighted = weighted(tallies.stage);
  const sectorFocusWeighted = weighted(tallies.sector);
  const metadata: DirectoryMetadata = {
    id: randomUUID(),
    stageFocus: stageFocusWeighted.map((t) => t.tagKey),
    sectorFocus: sectorFocusWeighted.map((t) => t.tagKey),
    stageFocusWeighted,
    sectorFocusWeighted,
    totalInvestors: totals.all,
    totalInvestorsWithEmail: totals.email,
    totalInvestorsWithPhone: totals.phone,
    totalInvestorsWithLinkedIn: totals.linkedIn,
    totalInvestorsWithTwitter: totals.twitter,
    totalInvestorsWithCrunchbase: totals.crunchbase,
    countsByRole,
    createdAt: now.toISOString(),
  };
  await putDirectoryMetadata(metadata);
  return metadata;
}
