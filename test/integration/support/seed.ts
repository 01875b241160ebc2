import { randomUUID } from 'node:crypto';
import { importRows } from '../../../infra/local/seed';
import { findSearchableIdOfEmail } from '../../../lambdas/lib/directory/mapping';
import { addTaxonomySynonym, loadTaxonomy } from '../../../lambdas/lib/table/repositories/taxonomy';
import { splitMultiValue } from '../../../shared/import/cell-values';
import { taxonomyKey } from '../../../shared/taxonomy/fold';
import { entryValueOf, type TaxonomyKind } from '../../../shared/taxonomy/taxonomy';
import { settleWorkflows } from './settle';

export interface SeedInvestor {
  name: string;
  email?: string;
  phone?: string;
  linkedin?: string;
  stages?: string[];
  sectors?: string[];
  role?: string;
  /** The other contact fields (each its own CSV column) and the free-text notes. */
  twitter?: string;
  crunchbase?: string;
  instagram?: string;
  youtube?: string;
  tiktok?: string;
  website?: string;
  notes?: string;
  /** Public facts. */
  title?: string;
  firm?: string;
  otherFirm?: string;
  city?: string;
  country?: string;
  region?: string;
  minCheck?: string;
  maxCheck?: string;
  portfolio?: string;
  /** Profile facts (issue 33), each its own column. */
  thesis?: string;
  leadOrFollow?: string;
  typicalCheque?: string;
  investsIn?: string;
  investments?: string;
}

/** A suffix that keeps one test's tags and emails apart from every other test's in the shared table. */
export const unique = () => randomUUID().slice(0, 8);

/**
 * Loads investors the way an admin import does: rows through the shared CSV mapping into imported
 * investors, mapping into searchable investors with tag postings, then aggregation. `source` names
 * the import (and when it happened) for provenance tests. It first lets running workflows end: a
 * correction's aggregation may be rewriting the search snapshot this import reads and rewrites.
 */
export async function seedInvestors(
  investors: SeedInvestor[],
  source: { sourceName?: string; sourceUrl?: string; importedAt?: Date } = {},
): Promise<void> {
  const headers = [
    'Investor Name',
    'Email',
    'Phone',
    'LinkedIn',
    'Investor Type',
    'Stage Focus',
    'Sector Focus',
    'Twitter',
    'Crunchbase',
    'Instagram',
    'YouTube',
    'TikTok',
    'Website',
    'Notes',
    'Title',
    'Firm',
    'Other Firms',
    'City',
    'Country',
    'Region',
    'Min Check Size',
    'Max Check Size',
    'Portfolio Companies',
    'Investment Thesis',
    'Lead/Follow',
    'Avg ticket',
    'Invests in',
    'Recent investments',
  ];
  const rows = investors.map((i) => [
    i.name,
    i.email ?? '',
    i.phone ?? '',
    i.linkedin ?? '',
    i.role ?? 'VC',
    (i.stages ?? []).join(', '),
    (i.sectors ?? []).join('; '),
    i.twitter ?? '',
    i.crunchbase ?? '',
    i.instagram ?? '',
    i.youtube ?? '',
    i.tiktok ?? '',
    i.website ?? '',
    i.notes ?? '',
    i.title ?? '',
    i.firm ?? '',
    i.otherFirm ?? '',
    i.city ?? '',
    i.country ?? '',
    i.region ?? '',
    i.minCheck ?? '',
    i.maxCheck ?? '',
    i.portfolio ?? '',
    i.thesis ?? '',
    i.leadOrFollow ?? '',
    i.typicalCheque ?? '',
    i.investsIn ?? '',
    i.investments ?? '',
  ]);
  const { importedAt } = source;
  await settleWorkflows();
  await defineOnTaxonomy(
    'sector',
    investors.flatMap((i) => i.sectors ?? []),
  );
  await defineOnTaxonomy(
    'stage',
    investors.flatMap((i) => i.stages ?? []),
  );
  await importRows(
    headers,
    rows,
    {
      sourceName: source.sourceName ?? 'integration test',
      sourceUrl: source.sourceUrl ?? 'https://example.com/test',
      importedByUserId: 'test-admin',
    },
    importedAt ? { importedAt: () => importedAt } : {},
  );
}

/**
 * Puts the test's own sectors and stages on the taxonomy, as an admin adds a sector: tests keep
 * their data apart with unique tags (`fintech-<u>`), which mapping would otherwise keep out of the
 * directory (the unmapped queue). Values the taxonomy knows (Fintech, Seed...) are left as they are.
 */
export async function defineOnTaxonomy(kind: TaxonomyKind, values: readonly string[]): Promise<void> {
  const taxonomy = await loadTaxonomy();
  const now = new Date().toISOString();
  const added = new Set<string>();
  for (const raw of values.flatMap(splitMultiValue)) {
    const label = raw.trim().replace(/\s+/g, ' ');
    if (label === '' || taxonomy.resolve(kind, label) || added.has(taxonomyKey(label))) continue;
    added.add(taxonomyKey(label));
    await addTaxonomySynonym({
      kind,
      value: entryValueOf(label),
      label,
      synonyms: [],
      added: true,
      updatedAt: now,
    });
  }
}

/** Waits until the clock has moved on by a millisecond, so two records get different creation times. */
export async function nextMillisecond(): Promise<void> {
  const start = Date.now();
  while (Date.now() <= start) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * The searchable id an email maps to, through its identity item (ids are random, never computed from
 * an email: issue 48). Throws when the email maps to no entry.
 */
export async function idOfEmail(email: string): Promise<string> {
  const id = await findSearchableIdOfEmail(email);
  if (!id) throw new Error(`no entry has the identity ${email}`);
  return id;
}
