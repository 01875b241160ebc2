import { normalizeTag } from './normalize-tag';

/**
 * The order founders think of funding stages in (the taxonomy's stages, shared/taxonomy/sectors.ts,
 * and older spellings). Matching stays on the normalised tag; this is only
 * how stages are listed: these first, in this order, then any other stage alphabetically.
 */
export const CANONICAL_STAGES = [
  'pre-seed',
  'seed',
  'series a',
  'series b',
  'series c',
  'series c+',
  'growth',
  'late stage',
] as const;

const stageRank = new Map<string, number>(CANONICAL_STAGES.map((stage, index) => [stage, index]));

/** Compares two stage tags in the canonical order (case and spacing ignored). */
export function compareStages(a: string, b: string): number {
  const ka = normalizeTag(a);
  const kb = normalizeTag(b);
  const ra = stageRank.get(ka) ?? CANONICAL_STAGES.length;
  const rb = stageRank.get(kb) ?? CANONICAL_STAGES.length;
  return ra - rb || ka.localeCompare(kb, 'en');
}

/** Stage tags in the canonical order (a new array). */
export function sortStages<T>(stages: readonly T[], tagOf: (item: T) => string): T[];
export function sortStages(stages: readonly string[]): string[];
export function sortStages<T>(stages: readonly T[], tagOf?: (item: T) => string): T[] {
  const key = tagOf ?? ((item: T) => String(item));
  return [...stages].sort((a, b) => compareStages(key(a), key(b)));
}

/** Words shown in capitals wherever they appear in a tag. */
const ACRONYMS = new Map(
  [
    'ai',
    'ml',
    'ar',
    'vr',
    'xr',
    'b2b',
    'b2c',
    'b2b2c',
    'd2c',
    'dtc',
    'iot',
    'api',
    'hr',
    'ev',
    'nft',
    'saas',
    'paas',
    'iaas',
    'llm',
    'ui',
    'ux',
  ].map((word) => [word, word.toUpperCase()]),
);
// Spelled by convention rather than in capitals.
for (const [word, spelling] of [
  ['saas', 'SaaS'],
  ['paas', 'PaaS'],
  ['iaas', 'IaaS'],
  ['web3', 'Web3'],
  ['fintech', 'Fintech'],
  ['iot', 'IoT'],
] as const) {
  ACRONYMS.set(word, spelling);
}

const displayWord = (word: string): string => {
  const known = ACRONYMS.get(word);
  if (known) return known;
  return word.charAt(0).toUpperCase() + word.slice(1);
};

/**
 * A tag as people read it: every word capitalised ("Series A", "Late Stage", "Developer Tools"),
 * known acronyms in capitals ("AI", "B2B") or their usual spelling ("SaaS"), parts joined by a
 * hyphen or inside parentheses capitalised too ("Pre-Seed", "Fintech (Payments, Lending)"). Only for
 * display: the tag itself, in links and matching, stays as stored.
 */
export function tagLabel(tag: string): string {
  return normalizeTag(tag).replace(/[\p{L}\p{N}]+/gu, (word) => displayWord(word));
}

/** Words of a place name kept in lower case inside it ("Rio de Janeiro", "Frankfurt am Main"). */
const PLACE_PARTICLES = new Set([
  'de',
  'da',
  'do',
  'dos',
  'das',
  'di',
  'del',
  'della',
  'la',
  'le',
  'les',
  'of',
  'and',
  'am',
  'an',
  'der',
  'den',
  'en',
  'sur',
  'upon',
  'on',
  'y',
  'el',
]);

/**
 * A place (country or city) as people write it, from a stored or typed form in any case: "sweden" →
 * "Sweden", "new york" → "New York", "rio de janeiro" → "Rio de Janeiro", "aix-en-provence" →
 * "Aix-en-Provence". Only for display when the directory's own spelling is not at hand.
 */
export function placeLabel(place: string): string {
  let first = true;
  return place
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[\p{L}\p{N}']+/gu, (word) => {
      const lower = word.toLocaleLowerCase('en');
      const keep = !first && PLACE_PARTICLES.has(lower);
      first = false;
      if (keep) return lower;
      if (word !== lower && word !== word.toLocaleUpperCase('en')) return word; // Mixed case: as written ("McAllen").
      return lower.charAt(0).toLocaleUpperCase('en') + lower.slice(1);
    });
}
