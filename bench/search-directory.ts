/**
 * The search engine bench's directory, built directly rather than through the import (issue 34
 * allows it at 1,000,000): the benchmark's import rows (bench/csv.ts: the demo directory's
 * generator with the bench tags), each turned into a card by the product's own code
 * (`buildImportedInvestor`, `toSearchableInvestor`, `toCard`), one card per searchable id (a row
 * whose identity repeats an earlier one is left out, as mapping would merge it). The product
 * indexes each investor's own one-line thesis (issue 33: the card's `thesisLine`, from their profile
 * facts); here 60% of investors get a synthetic one instead, from a made-up lexicon of 20,000 words,
 * so the word table is the size a real directory's would be (the demo generator's theses repeat a
 * few hundred words).
 * Deterministic: the same count always gives the same directory.
 */
import { createHash } from 'node:crypto';
import { DEMO_HEADERS, seededRandom } from '../infra/local/seed';
import { toCard } from '../lambdas/lib/table/repositories/investors';
import { buildImportedInvestor } from '../shared/import/build-imported-investor';
import { columnsFromHeaders } from '../shared/import/header-matching';
import { importedProfileFacts } from '../shared/investors/profile-facts';
import { identityKeyOf, toSearchableInvestor } from '../shared/investors/types';
import type { IndexedInvestor } from '../shared/search/index-data';
import { benchRows } from './csv';

const SYLLABLES = [
  'ba',
  'ce',
  'di',
  'fo',
  'gu',
  'ka',
  'le',
  'mi',
  'no',
  'pu',
  'ra',
  'se',
  'ti',
  'vo',
  'zu',
  'an',
  'er',
  'in',
  'or',
  'un',
  'bra',
  'cre',
  'dri',
  'fla',
  'glo',
  'pre',
  'sta',
  'tro',
  'ven',
  'mar',
  'tel',
  'nik',
];
const COMMON = [
  'we',
  'back',
  'invest',
  'in',
  'early',
  'founders',
  'building',
  'the',
  'future',
  'of',
  'software',
  'with',
  'strong',
  'teams',
  'and',
  'global',
  'ambition',
  'lead',
  'rounds',
  'for',
  'technical',
  'markets',
];

/** A made-up lexicon (pseudo-words of 2 to 4 syllables), the same every run. */
function lexicon(size: number): string[] {
  const random = seededRandom(11);
  const words = new Set<string>();
  while (words.size < size) {
    const n = 2 + Math.floor(random() * 3);
    words.add(Array.from({ length: n }, () => SYLLABLES[Math.floor(random() * SYLLABLES.length)]).join(''));
  }
  return [...words];
}

export function benchDirectory(count: number): IndexedInvestor[] {
  return directoryOfRows(benchRows(count), { theses: true });
}

/**
 * Demo import rows as the search index holds them (the relevance bench's demo directory passes the
 * local seed's rows, `generateInvestorRows(2400)`, without synthetic theses).
 */
export function directoryOfRows(rows: string[][], options: { theses: boolean }): IndexedInvestor[] {
  const columns = columnsFromHeaders(DEMO_HEADERS);
  const words = lexicon(20_000);
  const random = seededRandom(23);
  const seen = new Set<string>();
  const out: IndexedInvestor[] = [];
  const now = new Date('2026-11-01T00:00:00.000Z');
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as string[];
    (rows as unknown[])[i] = undefined;
    const importedAt = new Date(now.getTime() - Math.floor(random() * 540) * 86_400_000 - i);
    const imported = {
      id: `bench-${i}`,
      ...buildImportedInvestor(columns, row, {
        sourceName: 'bench',
        sourceUrl: 'https://example.com/bench',
        importedByUserId: 'bench',
        now: importedAt,
      }),
    };
    const identity = identityKeyOf(imported) ?? `imported#${imported.id}`;
    const id = `inv_${createHash('sha256').update(identity).digest('hex').slice(0, 24)}`;
    const hasThesis = options.theses && random() < 0.6;
    const thesis = hasThesis
      ? Array.from({ length: 8 + Math.floor(random() * 8) }, () =>
          random() < 0.5
            ? COMMON[Math.floor(random() * COMMON.length)]
            : words[Math.floor(random() * words.length)],
        ).join(' ')
      : null;
    if (seen.has(id)) continue;
    seen.add(id);
    // What the shortlist ranks on (issue 35), from the row's profile columns as mapping would keep them.
    const profile = importedProfileFacts(imported);
    out.push({
      card: toCard(toSearchableInvestor(imported, id)),
      updatedAt: importedAt.toISOString(),
      ...(thesis ? { thesis } : {}),
      facts: {
        leadOrFollow: profile.leadOrFollow,
        typicalCheque: profile.typicalCheque,
        investsIn: profile.geographicFocus,
        addedAt: importedAt.toISOString(),
      },
    });
  }
  return out;
}
