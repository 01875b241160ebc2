/**
 * The relevance benchmark's cases (issue 49): raises a founder sets, and searches a founder types,
 * each with what it means (the judge, ./judge.ts, decides which answers the founder accepts).
 */
import type { IndexedInvestor } from '../../shared/search/index-data';
import type { JudgedRaise, QueryMeaning } from './judge';

export interface RaiseCase {
  label: string;
  raise: JudgedRaise;
}

export const RAISE_CASES: readonly RaiseCase[] = [
  {
    label: 'Berlin seed, Robotics/Logistics/Hardware, $2.5M, lead wanted',
    raise: {
      round: 'seed',
      amountUsd: 2_500_000,
      country: 'Germany',
      city: 'Berlin',
      leadWanted: true,
      sectors: ['robotics', 'logistics', 'hardware'],
    },
  },
  {
    label: 'New York Series A fintech, $8M, lead wanted',
    raise: {
      round: 'series a',
      amountUsd: 8_000_000,
      country: 'United States',
      city: 'New York',
      leadWanted: true,
      sectors: ['fintech'],
    },
  },
  {
    label: 'London pre-seed AI/SaaS, $500K, no lead wanted',
    raise: {
      round: 'pre-seed',
      amountUsd: 500_000,
      country: 'United Kingdom',
      city: 'London',
      leadWanted: false,
      sectors: ['ai', 'saas'],
    },
  },
  {
    label: 'Paris seed, no sectors, $1.5M, lead wanted',
    raise: {
      round: 'seed',
      amountUsd: 1_500_000,
      country: 'France',
      city: 'Paris',
      leadWanted: true,
      sectors: [],
    },
  },
  {
    label: 'Singapore Series B health, $20M, lead not said',
    raise: {
      round: 'series b',
      amountUsd: 20_000_000,
      country: 'Singapore',
      city: 'Singapore',
      leadWanted: null,
      sectors: ['health'],
    },
  },
];

export interface QueryCase {
  label: string;
  q: string;
  meaning: QueryMeaning;
}

/** Searches of a sector, a stage misspelt, a sector by a synonym, a city. */
export const QUERY_CASES: readonly QueryCase[] = [
  { label: 'a sector by a synonym ("healthtech")', q: 'healthtech', meaning: { sector: 'health' } },
  { label: 'a stage misspelt ("seris a")', q: 'seris a', meaning: { stage: 'series a' } },
  { label: 'a sector ("robotics")', q: 'robotics', meaning: { sector: 'robotics' } },
  { label: 'a city ("berlin")', q: 'berlin', meaning: { city: 'Berlin' } },
];

/** One letter of a word changed to its neighbour in the alphabet (a typo of one edit). */
function misspell(word: string): string {
  const at = Math.max(1, word.length - 3);
  const letter = word[at] as string;
  const changed = letter === 'z' ? 'y' : String.fromCharCode(letter.charCodeAt(0) + 1);
  return `${word.slice(0, at)}${changed}${word.slice(at + 1)}`;
}

/**
 * A person's name misspelt: the first investor past a third of the directory whose name is two
 * words of letters, the surname at least 6 letters and the full name no one else's; the surname gets
 * one letter wrong.
 */
export function personCase(investors: readonly IndexedInvestor[]): QueryCase & { name: string } {
  const names = new Map<string, number>();
  for (const { card } of investors)
    names.set(card.name.toLowerCase(), (names.get(card.name.toLowerCase()) ?? 0) + 1);
  for (let i = Math.floor(investors.length / 3); i < investors.length; i++) {
    const { card } = investors[i] as IndexedInvestor;
    const words = card.name.split(' ');
    if (words.length !== 2 || !words.every((w) => /^[A-Za-z]+$/.test(w))) continue;
    const [first, surname] = words as [string, string];
    if (surname.length < 6 || names.get(card.name.toLowerCase()) !== 1) continue;
    const q = `${first} ${misspell(surname.toLowerCase())}`;
    return {
      label: `a person's name misspelt ("${q}" for ${card.name})`,
      q,
      meaning: { person: card.id },
      name: card.name,
    };
  }
  throw new Error('No investor with a name to misspell');
}
