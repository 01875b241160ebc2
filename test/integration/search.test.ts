import { beforeAll, describe, expect, it } from 'vitest';
import { currentSearchIndex } from '../../lambdas/lib/directory/search-index';
import { postingsForTag } from '../../lambdas/lib/table/repositories/investors';
import {
  CHEQUE_RANGE_MESSAGE,
  CLOSE_MESSAGE,
  HAS_MESSAGE,
  searchFacetsResponse,
  searchInvestorsResponse,
  suggestionsResponse,
} from '../../shared/api/directory';
import { apiErrorEnvelopeSchema, apiSuccessEnvelope } from '../../shared/api/errors';
import { INVALID_CURSOR } from '../../shared/api/paging';
import type { SearchIndex } from '../../shared/search/engine';
import { runFieldMerger } from './support/curation';
import { call, createUser } from './support/home';
import { seedInvestors, unique } from './support/seed';
import { settleWorkflows } from './support/settle';

// This worker runs the directory's loader in-process (the freshness tests) with the age AWS uses; the
// local home's handlers, behind the gateway, use 0. Set before this worker first reads its config.
process.env.SEARCH_INDEX_MAX_AGE_SECONDS = '30';

const pageResponse = apiSuccessEnvelope(searchInvestorsResponse);
const facetsResponse = apiSuccessEnvelope(searchFacetsResponse);
const suggestionsBody = apiSuccessEnvelope(suggestionsResponse);

const u = unique();
const sector = `Sector${u}`;
const zembla = `Zembla${u}`;
const gallia = `Gallia${u}`;

/** Known answers: names share a word across two investors, accents and case vary, one has no place. */
const SEEDED = [
  {
    key: 'zoe',
    name: 'Zoë Ørsted',
    firm: `Nordic-${u}`,
    role: 'Angel',
    stages: ['Seed', 'Pre-Seed'],
    sectors: ['AI', sector],
    city: 'København',
    country: zembla,
    minCheck: '25k',
    maxCheck: '100k',
    email: `zoe-${u}@example.com`,
  },
  {
    key: 'adaVc',
    name: 'Ada Ivers',
    firm: `Ivers-${u}`,
    role: 'VC',
    stages: ['seed', 'Series A'],
    sectors: [sector.toLowerCase()],
    city: 'London',
    country: zembla.toUpperCase(),
    minCheck: '500k',
    maxCheck: '2m',
    linkedin: `https://www.linkedin.com/in/ada-${u}`,
  },
  {
    key: 'adaAngel',
    name: 'Ada Ivers',
    firm: `Blue-${u}`,
    role: 'Angel',
    stages: ['Series A'],
    sectors: [sector.toUpperCase(), 'Health'],
    minCheck: '1m',
    email: `ada-${u}@example.com`,
    phone: '+44 20 7946 0000',
  },
  {
    key: 'emile',
    name: 'Émile Durand',
    firm: `Durand-${u}`,
    role: 'Family Office',
    sectors: [sector],
    city: 'Paris',
    country: gallia,
  },
] as const;
type Key = (typeof SEEDED)[number]['key'];

const idOf: Partial<Record<Key, string>> = {};
const keyOf = (id: string): Key | 'other' =>
  (Object.entries(idOf).find(([, value]) => value === id)?.[0] as Key | undefined) ?? 'other';

async function page(query: string) {
  const response = await call('GET', `/investors?${query}`);
  expect(response.status, `${query}: ${JSON.stringify(response.body)}`).toBe(200);
  return pageResponse.parse(response.body).data;
}

/** Every result of a search, walked page by page with the cursor, as seeded keys (others as 'other'). */
async function all(query: string, limit = 100): Promise<{ keys: (Key | 'other')[]; totals: Set<number> }> {
  const keys: (Key | 'other')[] = [];
  const ids = new Set<string>();
  const totals = new Set<number>();
  let cursor: string | null = null;
  do {
    const next: Awaited<ReturnType<typeof page>> = await page(
      `${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    for (const item of next.items) {
      expect(ids.has(item.id), `duplicate ${item.id}`).toBe(false);
      ids.add(item.id);
      keys.push(keyOf(item.id));
    }
    totals.add(next.total);
    cursor = next.cursor;
  } while (cursor);
  expect(totals.size).toBe(1);
  expect([...totals][0]).toBe(ids.size);
  return { keys, totals };
}

const mine = async (query: string) => (await all(query)).keys.filter((key) => key !== 'other');

/** The two 'Ada Ivers' tie on name and come in the order of their random ids: compare them as one. */
const ADA = 'ada';
const adasAsOne = (keys: (Key | 'other')[]) =>
  keys
    .map((key) => (key === 'adaVc' || key === 'adaAngel' ? ADA : key))
    .filter((k, i, all) => k !== ADA || all.indexOf(ADA) === i);
const mineWithAdas = async (query: string) => {
  const keys = await mine(query);
  return { order: adasAsOne(keys), adas: keys.filter((key) => key.startsWith('ada')).sort() };
};

async function facets(query: string) {
  const response = await call('GET', `/directory/facets?${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return facetsResponse.parse(response.body).data;
}

const counts = (values: { value: string; count: number }[]) =>
  Object.fromEntries(values.map((v) => [v.value, v.count]));

beforeAll(async () => {
  await seedInvestors(
    SEEDED.map(({ key: _, ...investor }) => ({
      ...investor,
      stages: 'stages' in investor ? [...investor.stages] : [],
      sectors: [...investor.sectors],
    })),
  );
  const found = await page(`sectorFocus=${sector}&limit=100`);
  for (const item of found.items) {
    const seeded = SEEDED.find((s) => item.firmName?.endsWith(u) && item.firmName === s.firm);
    if (seeded) idOf[seeded.key] = item.id;
  }
  expect(Object.keys(idOf).sort()).toEqual(['adaAngel', 'adaVc', 'emile', 'zoe']);
});

describe('combined search, against a seeded table with known answers', () => {
  it("keeps the spec's tag search as it was: every case of the tag, by name", async () => {
    expect(await mineWithAdas(`sectorFocus=${sector.toUpperCase()}`)).toEqual({
      order: [ADA, 'emile', 'zoe'],
      adas: ['adaAngel', 'adaVc'],
    });
  });

  it('finds names and firms by the start of a word, accents and case folded', async () => {
    expect(await mine(`q=${encodeURIComponent(`ZOE ${u}`)}`)).toEqual(['zoe']);
    expect(await mine(`q=${encodeURIComponent(`orst ${u}`)}`)).toEqual(['zoe']);
    expect(await mine(`q=${encodeURIComponent(`emile ${u}`)}`)).toEqual(['emile']);
    expect((await mine(`q=${encodeURIComponent(`ivers ${u}`)}`)).sort()).toEqual(['adaAngel', 'adaVc']);
    expect(await mine(`q=${encodeURIComponent(`vers ${u}`)}`)).toEqual([]);
  });

  it('filters by each filter alone', async () => {
    expect(await mine(`country=${zembla.toLowerCase()}`)).toEqual(['adaVc', 'zoe']);
    expect(await mine(`country=${gallia}`)).toEqual(['emile']);
    expect(await mine('city=kobenhavn')).toEqual(['zoe']);
    expect(await mine('role=family_office')).toEqual(['emile']);
    expect(await mine('role=angel')).toEqual(['adaAngel', 'zoe']);
    expect(await mine('stageFocus=series%20a&sort=updated')).toEqual(
      expect.arrayContaining(['adaVc', 'adaAngel']),
    );
    expect(await mine('has=phone')).toEqual(['adaAngel']);
    expect((await mine('checkMin=1500000')).sort()).toEqual(['adaAngel', 'adaVc']);
  });

  it('combines role, stage and sector; a cheque range that only overlaps; contact kinds', async () => {
    expect(await mine(`role=angel&stageFocus=SEED&sectorFocus=${sector}`)).toEqual(['zoe']);
    expect(await mine(`sectorFocus=${sector}&checkMin=90000&checkMax=600000`)).toEqual(['adaVc', 'zoe']);
    expect(await mine(`sectorFocus=${sector}&checkMin=3000000`)).toEqual(['adaAngel']);
    expect(await mine(`sectorFocus=${sector}&has=email,phone`)).toEqual(['adaAngel']);
    expect(await mine(`sectorFocus=${sector}&has=linkedin&country=${zembla}`)).toEqual(['adaVc']);
  });

  it('finds nothing where two filters do not meet, and says 0', async () => {
    const empty = await page(`country=${gallia}&role=angel`);
    expect(empty).toEqual({ items: [], total: 0, cursor: null });
  });

  it('sorts by most recently updated', async () => {
    const byUpdate = await mine(`sectorFocus=${sector}&sort=updated`);
    expect([...byUpdate].sort()).toEqual(['adaAngel', 'adaVc', 'emile', 'zoe']);
  });

  it('pages across a combination without a duplicate or a gap', async () => {
    const whole = await all(`sectorFocus=${sector}&sort=updated`, 100);
    const oneByOne = await all(`sectorFocus=${sector}&sort=updated`, 1);
    expect(oneByOne.keys).toEqual(whole.keys);
    expect((await all(`q=${u}&has=email`, 1)).keys).toEqual(['adaAngel', 'zoe']);
  });

  it('counts facet values over the other filters, so a count is what clicking it finds', async () => {
    // Scoped to this file's investors by the word every firm of theirs holds.
    const result = await facets(`q=${u}&sectorFocus=${sector}&role=angel`);
    expect(result.total).toBe(2);
    expect(counts(result.facets.role)).toEqual({ angel: 2, vc: 1, family_office: 1 });
    expect(counts(result.facets.sector)).toEqual({ [sector.toLowerCase()]: 2, ai: 1, health: 1 });
    expect(counts(result.facets.country)).toEqual({ [zembla.toLowerCase()]: 1 });
    expect(result.has).toEqual({ email: 2, linkedin: 0, phone: 1, deployed: 0 });
    // The label is a spelling from the data (the most common one).
    expect([sector, sector.toLowerCase(), sector.toUpperCase()]).toContain(
      result.facets.sector.find((v) => v.value === sector.toLowerCase())?.label,
    );
  });

  it('refuses bad filters with a message naming them', async () => {
    const error = async (query: string) => {
      const response = await call('GET', `/investors?${query}`);
      expect(response.status).toBe(400);
      return apiErrorEnvelopeSchema.parse(response.body).error.message;
    };
    expect(await error('checkMin=600000&checkMax=1000')).toContain(CHEQUE_RANGE_MESSAGE);
    expect(await error('has=email,fax')).toContain(HAS_MESSAGE);
    expect(await error('role=banker')).toContain('role');
    expect(await error('checkMin=-5')).toContain('Cheque sizes must be whole amounts');
    const { cursor } = await page(`sectorFocus=${sector}&sort=updated&limit=1`);
    expect(await error(`sectorFocus=${sector}&cursor=${encodeURIComponent(cursor ?? '')}`)).toBe(
      INVALID_CURSOR,
    );
    expect(await error(`sectorFocus=${sector}&sort=updated&cursor=not-a-cursor`)).toBe(INVALID_CURSOR);
  });
});

describe("data past DynamoDB's key limits (DynamoDB Local takes them, AWS would not)", () => {
  it('imports a 1,500-character name, a 1,200-character tag and a 1,100-character email, and finds the investor', async () => {
    const v = unique();
    const longName = `Longname${v} ${'Ö'.repeat(1_500)}`;
    const longTag = `tag${v}${'x'.repeat(1_200)}`;
    await seedInvestors([
      { name: longName, sectors: [longTag], email: `${'e'.repeat(1_100)}${v}@example.com` },
    ]);
    const found = await page(`q=longname${v}`);
    expect(found.items.map((item) => [item.name, item.sectorFocus])).toEqual([[longName, [longTag]]]);
    // The tag's postings were written under a key cut to fit, where the tag's reads find them.
    const posted: string[] = [];
    for await (const chunk of postingsForTag('sector', longTag.toUpperCase()))
      posted.push(...chunk.map((i) => i.name));
    expect(posted).toEqual([longName]);
    // A cursor whose sort key is past 1,024 bytes is refused before DynamoDB is asked.
    const forged = Buffer.from(
      JSON.stringify({ pk: `TAG#sector#${sector.toLowerCase()}`, sk: `NAME#${'a'.repeat(1_100)}` }),
    ).toString('base64url');
    const response = await call('GET', `/investors?sectorFocus=${sector}&cursor=${forged}`);
    expect(response.status).toBe(400);
  });
});

describe('freshness of the search snapshot after a write', () => {
  it('a function holds its snapshot for SEARCH_INDEX_MAX_AGE_SECONDS, then sees the one the next aggregation wrote', async () => {
    const late = `Late${u}`;
    const count = (index: SearchIndex) => index.page({ q: late }, 'name', null, 10).total;
    const t0 = Date.now();
    expect(count(await currentSearchIndex(t0))).toBe(0);

    await seedInvestors([{ name: 'Late Comer', firm: late, sectors: [sector], role: 'Other' }]);

    expect(count(await currentSearchIndex(t0 + 29_999))).toBe(0);
    expect(count(await currentSearchIndex(t0 + 30_000))).toBe(1);
    // Through the local home (age 0), the next request already sees it.
    expect(await mine(`q=${late}`)).toEqual([]);
    expect((await page(`q=${late}`)).total).toBe(1);
  });

  it('a curation run aggregates before it ends, and combined search shows the edit', async () => {
    const admin = await createUser({ admin: true });
    const merged = `Merged${u}`;
    const run = await runFieldMerger(admin, {
      action: 'merge',
      field: 'sectorFocus',
      selectedValues: [sector],
      finalValue: merged,
    });
    expect(run.job).toMatchObject({ status: 'succeeded', updated: 5 });
    // The tag search reads the postings; the run aggregated before it ended.
    expect((await page(`sectorFocus=${merged}`)).total).toBe(5);
    await settleWorkflows();
    // Combined search reads the snapshot the run's aggregation rewrote.
    expect((await page(`sectorFocus=${merged}&sort=updated`)).total).toBe(5);
    expect((await page(`sectorFocus=${sector}&sort=updated`)).total).toBe(0);
  });
});

describe('the box: every field, typos, "did you mean", suggestions', () => {
  const v = unique();
  // One word made unique to this run: a name word of five investors, so a typo of it is theirs alone.
  const surname = `Marchetti${v}`;
  const firm = `Quillon${v} Partners`;
  const town = `Vellmora${v}`;
  const country = `Ostravia${v}`;
  const typo = (word: string) => `${word.slice(0, 2)}${word[3]}${word[2]}${word.slice(4)}`.toLowerCase();

  beforeAll(async () => {
    await seedInvestors([
      { name: `Ada ${surname}`, firm, sectors: [`Sector${v}`], stages: ['Seed'], city: town, country },
      {
        name: `Bram ${surname}`,
        firm: `Other${v}`,
        sectors: ['AI'],
        stages: ['Series A'],
        city: 'London',
        country,
      },
      { name: `Cleo ${surname}`, firm: `Other${v}`, sectors: ['AI'] },
      { name: `Dario ${surname}`, firm: `Other${v}`, sectors: ['AI'] },
      { name: `Edda ${surname}`, firm: `Other${v}`, sectors: ['AI'] },
    ]);
  });

  const names = async (q: string) =>
    (await page(`q=${encodeURIComponent(q)}&limit=100`)).items.map((i) => i.name);

  it('finds investors by name, firm, sector, stage, city and country typed in the box', async () => {
    expect(await names(surname.toUpperCase())).toHaveLength(5);
    expect(await names(`quillon${v}`)).toEqual([`Ada ${surname}`]);
    expect(await names(`sector${v}`)).toEqual([`Ada ${surname}`]);
    expect(await names(`${surname} seed`)).toEqual([`Ada ${surname}`]);
    expect(await names(`${surname} series a`)).toEqual([`Bram ${surname}`]);
    expect(await names(town)).toEqual([`Ada ${surname}`]);
    expect((await names(country)).sort()).toEqual([`Ada ${surname}`, `Bram ${surname}`]);
    expect(await names(`${country} london`)).toEqual([`Bram ${surname}`]);
  });

  it('forgives a typo and says what it meant, "did you mean", only when nothing matched exactly', async () => {
    const result = await page(`q=${encodeURIComponent(typo(surname))}`);
    expect(result.total).toBe(5);
    expect(result.didYouMean).toBe(surname.toLowerCase());
    expect((await page(`q=${surname}`)).didYouMean ?? null).toBeNull();
    // A word too short to forgive a typo finds nothing, and the closest word is offered.
    const short = await page(`q=${encodeURIComponent(`${surname} seef`)}`);
    expect(short.total).toBe(0);
    expect(short.didYouMean).toBe(`${surname.toLowerCase()} seed`);
    // Two edits in a word of 5 to 8 letters finds nobody; the word meant is offered all the same.
    const far = await page(`q=${encodeURIComponent(`${surname} sirees`)}`);
    expect(far.total).toBe(0);
    expect(far.didYouMean).toBe(`${surname.toLowerCase()} series`);
    expect((await page(`q=zzzzqqqq${v}`)).didYouMean ?? null).toBeNull();
  });

  it('pages through a typo search without a gap or a duplicate', async () => {
    const whole = await all(`q=${encodeURIComponent(typo(surname))}`, 100);
    const byTwo = await all(`q=${encodeURIComponent(typo(surname))}`, 2);
    expect(byTwo.keys).toHaveLength(5);
    const names = async (limit: number) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const next: Awaited<ReturnType<typeof page>> = await page(
          `q=${encodeURIComponent(typo(surname))}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        seen.push(...next.items.map((i) => i.name));
        cursor = next.cursor;
      } while (cursor);
      return seen;
    };
    expect(await names(2)).toEqual(await names(100));
    expect(whole.keys).toHaveLength(5);
  });

  it('suggests investors, firms and places as a founder types, from GET /directory/suggestions', async () => {
    const response = await call(
      'GET',
      `/directory/suggestions?q=${encodeURIComponent(`quillon${v.slice(0, 3)}`)}`,
    );
    expect(response.status).toBe(200);
    const { suggestions } = suggestionsBody.parse(response.body).data;
    expect(suggestions).toContainEqual({ kind: 'firm', label: firm, value: firm, detail: null, count: 1 });
    expect(suggestions).toContainEqual(
      expect.objectContaining({ kind: 'investor', label: `Ada ${surname}`, detail: firm }),
    );
    const places = suggestionsBody.parse(
      (await call('GET', `/directory/suggestions?q=vellmora${v}`)).body,
    ).data;
    expect(places.suggestions).toEqual([
      { kind: 'city', label: town, value: town.toLowerCase(), detail: null, count: 1 },
    ]);
  });

  it('refuses a suggestion request without words, saying what to send', async () => {
    for (const query of ['', '?q=', `?q=${'x'.repeat(101)}`]) {
      const response = await call('GET', `/directory/suggestions${query}`);
      expect(response.status).toBe(400);
      expect(apiErrorEnvelopeSchema.parse(response.body).error.message).toContain('q');
    }
  });
});

describe('what a search counts: exact and synonym matches, close ones apart (issue 49)', () => {
  const w = unique();
  // A word every investor here holds in its firm, so the search is scoped to them.
  const scope = `Tessaly${w}`;
  const q = (words: string) => `q=${encodeURIComponent(`${words} ${scope}`)}`;
  const seeded = {
    // Exact: the sector "healthtech" names (a synonym of Health), or the word itself in a thesis.
    healthA: { name: `Ada Brook${w}`, firm: `${scope} Capital`, sectors: ['Health'], stages: ['Series A'] },
    healthB: {
      name: `Bram Cole${w}`,
      firm: `${scope} Labs`,
      sectors: ['Health'],
      stages: ['Series B'],
      email: `bram-${w}@example.com`,
    },
    thesis: {
      name: `Cleo Dunn${w}`,
      firm: `${scope} Fund`,
      sectors: ['AI'],
      thesis: 'We back healthtech founders',
    },
    // Close: the start of a word; one typo.
    prefix: {
      name: `Dario Eve${w}`,
      firm: `${scope} Fund`,
      sectors: ['AI'],
      thesis: 'Healthtechs and biotech',
    },
    typo: { name: `Edda Ford${w}`, firm: `${scope} Fund`, sectors: ['AI'], thesis: 'Healthtach and more' },
    // "seris a": its thesis has "series" and words that start with "a", its stage is Series C.
    seriesC: {
      name: `Fenn Gray${w}`,
      firm: `${scope} Fund`,
      sectors: ['AI'],
      stages: ['Series C'],
      thesis: 'Series B and later, any sector',
    },
  };
  type Who = keyof typeof seeded;
  const who = new Map<string, Who>();
  const keys = (items: { id: string }[]) => items.map((item) => who.get(item.id) ?? 'other');
  /** Every page, as "Add All Results" reads them (the largest pages, one after another). */
  const addAll = async (query: string, limit = 100) => {
    const found: string[] = [];
    let cursor: string | null = null;
    do {
      const next: Awaited<ReturnType<typeof page>> = await page(
        `${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      found.push(...keys(next.items));
      cursor = next.cursor;
    } while (cursor);
    return found;
  };

  beforeAll(async () => {
    await seedInvestors(Object.values(seeded).map((investor) => ({ ...investor })));
    const found = await page(`q=${scope}&limit=100`);
    for (const item of found.items) {
      const key = (Object.keys(seeded) as Who[]).find((k) => seeded[k].name === item.name);
      if (key) who.set(item.id, key);
    }
    expect(who.size).toBe(6);
  });

  it('counts exact and synonym matches in the total, the facets and Add All; the close ones apart', async () => {
    const first = await page(`${q('healthtech')}&sort=name`);
    expect(first).toMatchObject({ total: 3, closeMatches: 2, exact: true });
    expect(keys(first.items)).toEqual(['healthA', 'healthB', 'thesis']);
    const counted = await facets(q('healthtech'));
    expect(counted.total).toBe(3);
    expect(counts(counted.facets.sector)).toEqual({ health: 2, ai: 1 });
    expect(counted.has.email).toBe(1);
    expect((await addAll(`${q('healthtech')}&sort=name`, 1)).sort()).toEqual([
      'healthA',
      'healthB',
      'thesis',
    ]);
    // Asked for, the close matches come after the exact ones and are counted, Add All included.
    const close = await page(`${q('healthtech')}&close=include&sort=name`);
    expect(close).toMatchObject({ total: 5, closeMatches: 0, exact: true });
    expect(keys(close.items)).toEqual(['healthA', 'healthB', 'thesis', 'prefix', 'typo']);
    expect((await facets(`${q('healthtech')}&close=include`)).total).toBe(5);
    expect(await addAll(`${q('healthtech')}&close=include&sort=name`, 2)).toEqual(keys(close.items));
  });

  it('answers a typo that names one taxonomy entry with its investors, saying nothing matched exactly', async () => {
    const result = await page(`${q('seris a')}&sort=name`);
    expect(keys(result.items)).toEqual(['healthA']);
    expect(result).toMatchObject({ total: 1, exact: false, closeMatches: 0 });
    expect((await facets(q('seris a'))).total).toBe(1);
  });

  it('orders typed words by best match unless another order is chosen, and pages it without a gap', async () => {
    // Same tier (the sector): the one with an email first.
    expect(keys((await page(q('healthtech'))).items)).toEqual(['healthB', 'healthA', 'thesis']);
    expect(keys((await page(`${q('healthtech')}&sort=best`)).items)).toEqual([
      'healthB',
      'healthA',
      'thesis',
    ]);
    expect(await addAll(`${q('healthtech')}&close=include`, 1)).toEqual(
      await addAll(`${q('healthtech')}&close=include`, 100),
    );
    // Without words "Best match" is the name order.
    expect((await page(`sectorFocus=health&sort=best&limit=1`)).items).toHaveLength(1);
  });

  it('refuses a close that is not include', async () => {
    const response = await call('GET', `/investors?${q('healthtech')}&close=yes`);
    expect(response.status).toBe(400);
    expect(apiErrorEnvelopeSchema.parse(response.body).error.message).toContain(CLOSE_MESSAGE);
  });
});
