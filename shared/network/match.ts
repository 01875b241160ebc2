import { foldText, wordsOfFolded } from '../search/fold';
import type { Connection } from './connections';

/**
 * Warm paths (issue 52): which of a founder's connections can introduce them to an investor — the
 * investor themself, a colleague at their firm, or a founder or employee of a company in their
 * portfolio. Pure, over plain facts; names folded as the search folds them (`shared/search/fold.ts`:
 * "Weiß" is "Weiss"). The rules are in docs/decisions.md, "Warm paths: matching rules".
 */

/** Words a firm's or company's name may end with that do not tell two firms apart ("Acme Ventures" is "Acme"). */
const FIRM_SUFFIXES: ReadonlySet<string> = new Set([
  'ventures',
  'venture',
  'capital',
  'partners',
  'partner',
  'vc',
  'fund',
  'funds',
  'management',
  'investments',
  'investment',
  'holdings',
  'group',
  'llc',
  'llp',
  'lp',
  'ltd',
  'limited',
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'co',
  'company',
  'gmbh',
  'ag',
  'sa',
  'sas',
  'bv',
  'ab',
  'as',
  'oy',
  'plc',
  'the',
  'and',
]);

/** A firm or company name as matched: folded, its trailing (and a leading "The") generic words dropped. */
export function firmKey(name: string | null | undefined): string {
  const words = wordsOfFolded(foldText(name ?? ''));
  let start = 0;
  let end = words.length;
  if (words[0] === 'the') start = 1;
  while (end > start + 1 && FIRM_SUFFIXES.has(words[end - 1] as string)) end--;
  const key = words.slice(start, end).join(' ');
  // A name of generic words only ("Capital Partners") or one letter tells nothing.
  return key.length < 2 || (end - start === 1 && FIRM_SUFFIXES.has(key)) ? '' : key;
}

/** A person's name as words, folded (punctuation and initials' dots dropped). */
const nameWords = (name: string) => wordsOfFolded(foldText(name));

/**
 * Whether two names are one person's: the last words equal, and the first words equal or one an
 * initial of the other ("F. Weiss" and "Florian Weiß"); middle names are not compared. `initial`
 * says whether an initial was needed (a weaker match: the firm must agree too).
 */
export function sameName(a: string, b: string): { same: boolean; initial: boolean } {
  const x = nameWords(a);
  const y = nameWords(b);
  if (x.length < 2 || y.length < 2) {
    const same = x.length > 0 && x.join(' ') === y.join(' ');
    return { same, initial: false };
  }
  if (x.at(-1) !== y.at(-1)) return { same: false, initial: false };
  const fx = x[0] as string;
  const fy = y[0] as string;
  if (fx === fy) return { same: true, initial: false };
  const initial = (fx.length === 1 && fy.startsWith(fx)) || (fy.length === 1 && fx.startsWith(fy));
  return { same: initial, initial };
}

/** A LinkedIn profile address as compared: host, query and trailing slash dropped, lower case. */
export function linkedinKey(url: string | null | undefined): string {
  const text = (url ?? '').trim().toLowerCase();
  const match = /linkedin\.com\/(in|pub)\/([^/?#\s]+)/.exec(text);
  return match ? `${match[1]}/${decodeURIComponentSafe(match[2] as string)}` : '';
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The investor's facts a warm path reads (all public but `linkedinUrl`, which only a buyer's library holds). */
export interface NetworkInvestor {
  id: string;
  name: string;
  firmName: string | null;
  /** Only when the founder bought it (never matched otherwise: a match would tell the address). */
  linkedinUrl?: string | null;
  /** The names of their portfolio companies (profile facts). */
  portfolio: readonly string[];
}

export type WarmRelation = 'investor' | 'colleague' | 'portfolio';

/** One connection who can introduce the founder, and how they are near the investor. */
export interface WarmPerson {
  name: string;
  email: string | null;
  linkedinUrl: string | null;
  position: string | null;
  company: string | null;
  relation: WarmRelation;
  /** "partner at their firm", "founder of Acme, in their portfolio", "the investor". */
  words: string;
}

/** A founder's connections, indexed once for many investors (by last name, and by firm key). */
export interface NetworkIndex {
  readonly size: number;
  readonly byLastName: ReadonlyMap<string, readonly Connection[]>;
  readonly byFirm: ReadonlyMap<string, readonly Connection[]>;
  readonly byLinkedin: ReadonlyMap<string, Connection>;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Indexes connections: one pass, so a page of investors is matched by lookups alone. */
export function indexConnections(connections: readonly Connection[]): NetworkIndex {
  const byLastName = new Map<string, Connection[]>();
  const byFirm = new Map<string, Connection[]>();
  const byLinkedin = new Map<string, Connection>();
  for (const connection of connections) {
    const last = nameWords(connection.name).at(-1);
    if (last) push(byLastName, last, connection);
    const firm = firmKey(connection.company);
    if (firm !== '') push(byFirm, firm, connection);
    const url = linkedinKey(connection.linkedinUrl);
    if (url !== '') byLinkedin.set(url, connection);
  }
  return { size: connections.length, byLastName, byFirm, byLinkedin };
}

const positionWords = (position: string | null) => (position ?? '').trim().toLowerCase();
const isFounder = (position: string | null) => /\b(co-?)?founder\b|\bfounding\b/i.test(position ?? '');

/** Whether a connection is the investor themself: their LinkedIn, or their name at their firm (or either firm not known). */
function isTheInvestor(connection: Connection, investor: NetworkInvestor): boolean {
  const theirs = linkedinKey(investor.linkedinUrl);
  if (theirs !== '' && linkedinKey(connection.linkedinUrl) === theirs) return true;
  const name = sameName(connection.name, investor.name);
  if (!name.same) return false;
  const firm = firmKey(investor.firmName);
  const company = firmKey(connection.company);
  if (firm !== '' && company !== '') return firm === company;
  // Without a firm on one side only the full name counts (an initial alone could be anyone).
  return !name.initial;
}

/**
 * The founder's connections near one investor: the investor themself first, then colleagues at
 * their firm, then founders and staff of their portfolio companies (each person once, nearest first).
 */
export function warmPeople(index: NetworkIndex, investor: NetworkInvestor): WarmPerson[] {
  if (index.size === 0) return [];
  const seen = new Set<Connection>();
  const out: WarmPerson[] = [];
  const add = (connection: Connection, relation: WarmRelation, words: string) => {
    if (seen.has(connection)) return;
    seen.add(connection);
    out.push({
      name: connection.name,
      email: connection.email,
      linkedinUrl: connection.linkedinUrl,
      position: connection.position,
      company: connection.company,
      relation,
      words,
    });
  };
  const byUrl = index.byLinkedin.get(linkedinKey(investor.linkedinUrl));
  if (byUrl) add(byUrl, 'investor', 'the investor');
  const last = nameWords(investor.name).at(-1);
  for (const connection of (last && index.byLastName.get(last)) || [])
    if (isTheInvestor(connection, investor)) add(connection, 'investor', 'the investor');

  const firm = firmKey(investor.firmName);
  if (firm !== '')
    for (const connection of index.byFirm.get(firm) ?? []) {
      const position = positionWords(connection.position);
      add(connection, 'colleague', position ? `${position} at their firm` : 'at their firm');
    }

  const companies = new Set<string>();
  for (const company of investor.portfolio) {
    const key = firmKey(company);
    if (key === '' || key === firm || companies.has(key)) continue;
    companies.add(key);
    for (const connection of index.byFirm.get(key) ?? []) {
      const role = isFounder(connection.position)
        ? `founder of ${company}`
        : connection.position
          ? `${positionWords(connection.position)} at ${company}`
          : `at ${company}`;
      add(connection, 'portfolio', `${role}, in their portfolio`);
    }
  }
  return out;
}

/** How many people a reason names; the others are counted ("and 3 more"). */
export const NAMED_IN_REASON = 3;

/** A person as the reason names them: the first name, or the whole name when two share it. */
function shortNames(people: readonly WarmPerson[]): string[] {
  const first = people.map((p) => nameWords(p.name)[0] ?? '');
  const counts = new Map<string, number>();
  for (const word of first) counts.set(word, (counts.get(word) ?? 0) + 1);
  return people.map((p, i) => {
    const shown = p.name.split(' ')[0] ?? p.name;
    return (counts.get(first[i] as string) ?? 0) > 1 ? p.name : shown;
  });
}

/**
 * The fit reason: "You know 2 people there: Ana (partner at their firm), Ben (founder of Acme, in
 * their portfolio)"; null without anyone.
 */
export function warmPathText(people: readonly WarmPerson[]): string | null {
  if (people.length === 0) return null;
  const names = shortNames(people);
  const named = people.slice(0, NAMED_IN_REASON).map((p, i) => `${names[i]} (${p.words})`);
  const more = people.length > NAMED_IN_REASON ? ` and ${people.length - NAMED_IN_REASON} more` : '';
  const count = people.length === 1 ? '1 person' : `${people.length.toLocaleString('en-US')} people`;
  return `You know ${count} there: ${named.join(', ')}${more}`;
}
