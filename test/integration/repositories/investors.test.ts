import { describe, expect, it } from 'vitest';
import { InvalidCursorError } from '../../../lambdas/lib/table/model';
import type { DirectoryMetadata, TagKind } from '../../../lambdas/lib/table/models';
import {
  findImportedInvestorByEmail,
  getDirectoryTotals,
  getImportedInvestor,
  getImportedInvestors,
  getLatestDirectoryMetadata,
  getSearchableInvestor,
  getSearchableInvestors,
  listTagCounters,
  listUnmappedImportedInvestors,
  markImportedInvestorsMapped,
  postingsForTag,
  putDirectoryMetadata,
  putImportedInvestors,
  scanDirectoryPage,
  scanImportedInvestors,
  scanImportedInvestorsPage,
  searchByTag,
  setTagCounters,
  toCard,
  writeSearchableInvestors,
} from '../../../lambdas/lib/table/repositories/investors';
import { getItem } from '../../../lambdas/lib/table/table';
import type { CartInvestor } from '../../../shared/cart/cart';
import type { SearchableInvestor } from '../../../shared/investors/types';
import { importedInvestor, searchableInvestor, unique } from './fixtures';

/** Every page of a tag search, in order, following the cursor until there is none. */
async function searchAllPages(kind: TagKind, tag: string, limit: number) {
  const pages: { items: CartInvestor[]; total: number }[] = [];
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<typeof searchByTag>> = await searchByTag(kind, tag, cursor, limit);
    pages.push({ items: page.items, total: page.total });
    cursor = page.cursor;
  } while (cursor);
  return pages;
}

async function allPostings(kind: TagKind, tag: string): Promise<CartInvestor[]> {
  const out: CartInvestor[] = [];
  for await (const page of postingsForTag(kind, tag)) out.push(...page);
  return out;
}

/** The counter item of a tag, read directly (undefined when none was ever written). */
async function counterOf(kind: TagKind, tagKey: string): Promise<number | undefined> {
  const item = await getItem(`TAG#${kind}#${tagKey}`, '#COUNT', true);
  return item ? Number(item.count) : undefined;
}

/** A tag no other test uses, already in normalised form (lower case, single spaces). */
const uniqueTag = (label: string) => `${label} ${unique('')}`;

describe('imported investors (DynamoDB Local)', () => {
  it('puts imported investors and reads each back by id', async () => {
    const investors = [importedInvestor(), importedInvestor({ email: `${unique('a')}@example.com` })];

    await putImportedInvestors(investors);

    for (const investor of investors) expect(await getImportedInvestor(investor.id)).toEqual(investor);
  });

  it('returns null for an imported investor that does not exist', async () => {
    expect(await getImportedInvestor(unique('imp_'))).toBeNull();
  });

  it('puts more than one batch (over 25 rows) and reads them back in one call, leaving out unknown ids', async () => {
    const investors = Array.from({ length: 60 }, () => importedInvestor());

    await putImportedInvestors(investors);

    const read = await getImportedInvestors([...investors.map((i) => i.id), unique('imp_')]);
    expect(read).toHaveLength(60);
    expect(new Set(read.map((i) => i.id))).toEqual(new Set(investors.map((i) => i.id)));
  });

  it('finds an imported investor by email whatever its case and surrounding spaces', async () => {
    const local = unique('Mixed.Case');
    const stored = importedInvestor({ email: ` ${local}@Example.COM ` });
    await putImportedInvestors([stored]);

    expect(await findImportedInvestorByEmail(`${local}@Example.COM`)).toEqual(stored);
    expect(await findImportedInvestorByEmail(`${local.toLowerCase()}@example.com`)).toEqual(stored);
    expect(await findImportedInvestorByEmail(`  ${local.toUpperCase()}@EXAMPLE.COM`)).toEqual(stored);
  });

  it('returns the first of several imported investors sharing an email, and null for an unknown email', async () => {
    const email = `${unique('shared')}@example.com`;
    const records = [importedInvestor({ email }), importedInvestor({ email: email.toUpperCase() })];
    await putImportedInvestors(records);

    const found = await findImportedInvestorByEmail(email);

    expect(records.map((r) => r.id)).toContain(found?.id);
    expect(await findImportedInvestorByEmail(`${unique('nobody')}@example.com`)).toBeNull();
  });

  it('does not index an imported investor without an email', async () => {
    await putImportedInvestors([importedInvestor({ email: null }), importedInvestor({ email: '   ' })]);

    expect(await findImportedInvestorByEmail('')).toBeNull();
    expect(await findImportedInvestorByEmail('   ')).toBeNull();
  });

  it('lists pending imported investors oldest first, page by page, and mapped ones leave the list', async () => {
    // Far in the past, so these come before every other pending record of the run.
    const base = Date.UTC(1971, 0, 1);
    const pending = [2, 0, 1].map((offset) =>
      importedInvestor({ importedAt: new Date(base + offset * 1_000).toISOString() }),
    );
    const alreadyMapped = importedInvestor({
      importedAt: new Date(base - 1_000).toISOString(),
      status: 'mapped',
      searchableInvestorEntryId: unique('inv_'),
    });
    await putImportedInvestors([...pending, alreadyMapped]);
    const [third, first, second] = pending;
    if (!first || !second || !third) throw new Error('fixtures missing');

    const page1 = await listUnmappedImportedInvestors(null, 2);
    expect(page1.items.map((i) => i.id)).toEqual([first.id, second.id]);
    expect(page1.cursor).not.toBeNull();
    const page2 = await listUnmappedImportedInvestors(page1.cursor, 1);
    expect(page2.items.map((i) => i.id)).toEqual([third.id]);

    await markImportedInvestorsMapped(
      [
        { investor: first, searchableId: 'inv_first' },
        { investor: second, searchableId: 'inv_second' },
      ],
      '2030-01-01T00:00:00.000Z',
    );

    const after = await listUnmappedImportedInvestors(null, 1);
    expect(after.items.map((i) => i.id)).toEqual([third.id]);
    expect(await getImportedInvestor(first.id)).toEqual({
      ...first,
      status: 'mapped',
      searchableInvestorEntryId: 'inv_first',
      updatedAt: '2030-01-01T00:00:00.000Z',
    });
    const stillIndexed = await getItem(`IMPORTED#${first.id}`, 'IMPORTED', true);
    expect(stillIndexed).not.toHaveProperty('gsi2pk');

    await markImportedInvestorsMapped(
      [{ investor: third, searchableId: 'inv_third' }],
      '2030-01-01T00:00:00.000Z',
    );
  });

  it('keeps the email index of an imported investor once it is mapped', async () => {
    const email = `${unique('kept')}@example.com`;
    const stored = importedInvestor({ email });
    await putImportedInvestors([stored]);

    await markImportedInvestorsMapped(
      [{ investor: stored, searchableId: 'inv_kept' }],
      '2030-01-01T00:00:00.000Z',
    );

    expect(await findImportedInvestorByEmail(email)).toMatchObject({ id: stored.id, status: 'mapped' });
  });

  it('scans every imported investor (a workflow read) and yields nothing else', async () => {
    const mine = [
      importedInvestor(),
      importedInvestor({ status: 'mapped', searchableInvestorEntryId: 'inv_x' }),
    ];
    await putImportedInvestors(mine);

    const seen = new Set<string>();
    for await (const chunk of scanImportedInvestors()) for (const investor of chunk) seen.add(investor.id);

    for (const investor of mine) expect(seen.has(investor.id)).toBe(true);
  });
});

describe('imported investors, scanned page by page (DynamoDB Local)', () => {
  it('reaches every imported investor by following the cursor, and yields nothing else', async () => {
    // More than one page of 50 even in an otherwise empty table.
    const mine = Array.from({ length: 60 }, () => importedInvestor());
    await putImportedInvestors(mine);

    const seen = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof scanImportedInvestorsPage>> = await scanImportedInvestorsPage(
        cursor,
        50,
      );
      for (const investor of page.items) seen.add(investor.id);
      cursor = page.cursor;
      pages++;
    } while (cursor);

    for (const investor of mine) expect(seen.has(investor.id)).toBe(true);
    expect(pages).toBeGreaterThan(1);
  });
});

describe('searchable investors, tag postings and counters (DynamoDB Local)', () => {
  it('writes a new searchable investor with one posting and a counter of 1 per tag', async () => {
    const stage = uniqueTag('seed');
    const sector = uniqueTag('fintech');
    const investor = searchableInvestor({ stageFocus: [stage], sectorFocus: [sector], hasEmail: true });

    await writeSearchableInvestors([{ before: null, after: investor }]);

    expect(await getSearchableInvestor(investor.id)).toEqual(investor);
    expect(await allPostings('stage', stage)).toEqual([toCard(investor)]);
    expect(await allPostings('sector', sector)).toEqual([toCard(investor)]);
    expect(await counterOf('stage', stage)).toBe(1);
    expect(await counterOf('sector', sector)).toBe(1);
  });

  it('returns null for a searchable investor that does not exist, and batch-reads many by id', async () => {
    const a = searchableInvestor();
    const b = searchableInvestor();
    await writeSearchableInvestors([
      { before: null, after: a },
      { before: null, after: b },
    ]);

    expect(await getSearchableInvestor(unique('inv_'))).toBeNull();
    const read = await getSearchableInvestors([a.id, b.id, unique('inv_')]);
    expect([...read.keys()].sort()).toEqual([a.id, b.id].sort());
    expect(read.get(a.id)).toEqual(a);
  });

  it('builds the public card with the role as stored, or unknown when there is none, and the public facts', () => {
    const investor = searchableInvestor({ investorRole: null, firmName: 'Acorn Ventures', title: 'Partner' });

    expect(toCard(investor)).toEqual({
      id: investor.id,
      name: investor.name,
      investorRole: 'unknown',
      stageFocus: investor.stageFocus,
      sectorFocus: investor.sectorFocus,
      hasEmail: false,
      hasPhone: false,
      hasLinkedIn: false,
      hasTwitter: false,
      hasCrunchbase: false,
      firmName: 'Acorn Ventures',
      title: 'Partner',
      cities: [],
      countries: [],
      checkMin: null,
      checkMax: null,
      contactConfirmed: {},
    });
  });

  it('counts every investor of one batch that carries a tag', async () => {
    const sector = uniqueTag('climate');
    const investors = Array.from({ length: 30 }, () => searchableInvestor({ sectorFocus: [sector] }));

    await writeSearchableInvestors(investors.map((after) => ({ before: null, after })));

    expect(await counterOf('sector', sector)).toBe(30);
    expect(await allPostings('sector', sector)).toHaveLength(30);
  });

  it('adds a posting and bumps the counter when a tag is added, and keeps the others', async () => {
    const kept = uniqueTag('seed');
    const added = uniqueTag('series a');
    const before = searchableInvestor({ stageFocus: [kept] });
    await writeSearchableInvestors([{ before: null, after: before }]);

    const after = { ...before, stageFocus: [kept, added] };
    await writeSearchableInvestors([{ before, after }]);

    expect(await allPostings('stage', kept)).toEqual([toCard(after)]);
    expect(await allPostings('stage', added)).toEqual([toCard(after)]);
    expect(await counterOf('stage', kept)).toBe(1);
    expect(await counterOf('stage', added)).toBe(1);
  });

  it('removes the posting and lowers the counter when a tag is removed', async () => {
    const kept = uniqueTag('saas');
    const removed = uniqueTag('web3');
    const other = searchableInvestor({ sectorFocus: [removed] });
    const before = searchableInvestor({ sectorFocus: [kept, removed] });
    await writeSearchableInvestors([
      { before: null, after: other },
      { before: null, after: before },
    ]);
    expect(await counterOf('sector', removed)).toBe(2);

    const after = { ...before, sectorFocus: [kept] };
    await writeSearchableInvestors([{ before, after }]);

    expect((await allPostings('sector', removed)).map((c) => c.id)).toEqual([other.id]);
    expect(await counterOf('sector', removed)).toBe(1);
    expect(await allPostings('sector', kept)).toEqual([toCard(after)]);
    expect(await counterOf('sector', kept)).toBe(1);
    expect((await searchByTag('sector', removed, null, 10)).total).toBe(1);
  });

  it('moves the posting and both counters when a tag is renamed', async () => {
    const oldTag = uniqueTag('fin tech');
    const newTag = uniqueTag('fintech');
    const before = searchableInvestor({ sectorFocus: [oldTag] });
    await writeSearchableInvestors([{ before: null, after: before }]);

    const after = { ...before, sectorFocus: [newTag] };
    await writeSearchableInvestors([{ before, after }]);

    expect(await allPostings('sector', oldTag)).toEqual([]);
    expect(await counterOf('sector', oldTag)).toBe(0);
    expect(await allPostings('sector', newTag)).toEqual([toCard(after)]);
    expect(await counterOf('sector', newTag)).toBe(1);
  });

  it('replaces the posting when the name changes, leaving no posting under the old name', async () => {
    const stage = uniqueTag('growth');
    const sector = uniqueTag('ai');
    const neighbour = searchableInvestor({ name: 'Mina Neighbour', stageFocus: [stage] });
    const before = searchableInvestor({ name: 'Aaron Old', stageFocus: [stage], sectorFocus: [sector] });
    await writeSearchableInvestors([
      { before: null, after: neighbour },
      { before: null, after: before },
    ]);

    const after = { ...before, name: 'Zed New' };
    await writeSearchableInvestors([{ before, after }]);

    expect((await allPostings('stage', stage)).map((c) => c.name)).toEqual(['Mina Neighbour', 'Zed New']);
    expect((await allPostings('sector', sector)).map((c) => c.name)).toEqual(['Zed New']);
    expect(await counterOf('stage', stage)).toBe(2);
    expect(await counterOf('sector', sector)).toBe(1);
  });

  it('rewrites the card of a posting when only the case of the name or a flag changes', async () => {
    const stage = uniqueTag('seed');
    const before = searchableInvestor({ name: 'ada marlowe', stageFocus: [stage], hasPhone: false });
    await writeSearchableInvestors([{ before: null, after: before }]);

    const after = { ...before, name: 'Ada Marlowe', hasPhone: true };
    await writeSearchableInvestors([{ before, after }]);

    expect(await allPostings('stage', stage)).toEqual([toCard(after)]);
    expect(await counterOf('stage', stage)).toBe(1);
  });

  it('changes name and tags together: old postings gone, counters in step', async () => {
    const kept = uniqueTag('seed');
    const dropped = uniqueTag('pre-seed');
    const added = uniqueTag('series b');
    const before = searchableInvestor({ name: 'Before Name', stageFocus: [kept, dropped] });
    await writeSearchableInvestors([{ before: null, after: before }]);

    const after = { ...before, name: 'After Name', stageFocus: [kept, added] };
    await writeSearchableInvestors([{ before, after }]);

    expect((await allPostings('stage', kept)).map((c) => c.name)).toEqual(['After Name']);
    expect(await allPostings('stage', dropped)).toEqual([]);
    expect((await allPostings('stage', added)).map((c) => c.name)).toEqual(['After Name']);
    expect([
      await counterOf('stage', kept),
      await counterOf('stage', dropped),
      await counterOf('stage', added),
    ]).toEqual([1, 0, 1]);
  });

  it('treats case and spacing variants of a tag on one investor as one tag', async () => {
    const stage = uniqueTag('series a');
    const investor = searchableInvestor({
      stageFocus: [stage.toUpperCase(), ` ${stage} `, stage.replace(' ', '   ')],
    });

    await writeSearchableInvestors([{ before: null, after: investor }]);

    expect(await allPostings('stage', stage)).toHaveLength(1);
    expect(await counterOf('stage', stage)).toBe(1);
  });

  it('leaves postings and counters unchanged when the same investor is written again', async () => {
    const sector = uniqueTag('biotech');
    const investor = searchableInvestor({ sectorFocus: [sector] });
    await writeSearchableInvestors([{ before: null, after: investor }]);

    await writeSearchableInvestors([{ before: investor, after: investor }]);

    expect(await allPostings('sector', sector)).toEqual([toCard(investor)]);
    expect(await counterOf('sector', sector)).toBe(1);
  });

  it('sets tag counters to exact values', async () => {
    const stage = uniqueTag('late stage');
    await setTagCounters([
      { kind: 'stage', tagKey: stage, count: 42, variants: { [stage]: 40, 'Late Stage': 2 } },
    ]);

    expect(await counterOf('stage', stage)).toBe(42);
    expect((await listTagCounters()).find((c) => c.kind === 'stage' && c.tagKey === stage)).toEqual({
      kind: 'stage',
      tagKey: stage,
      count: 42,
      variants: { [stage]: 40, 'Late Stage': 2 },
    });
    expect((await searchByTag('stage', stage, null, 5)).total).toBe(42);
  });

  it('keeps each spelling of a tag counted, and lists every counter from the counters index', async () => {
    const stage = uniqueTag('pre seed');
    const upper = stage.toUpperCase();
    const first = searchableInvestor({ stageFocus: [stage] });
    const second = searchableInvestor({ stageFocus: [upper, stage] });
    await writeSearchableInvestors([
      { before: null, after: first },
      { before: null, after: second },
    ]);
    const counter = async () =>
      (await listTagCounters()).find((c) => c.kind === 'stage' && c.tagKey === stage);

    // The first spelling an investor uses is the one counted for it.
    expect(await counter()).toEqual({
      kind: 'stage',
      tagKey: stage,
      count: 2,
      variants: { [stage]: 1, [upper]: 1 },
    });

    await writeSearchableInvestors([{ before: second, after: { ...second, stageFocus: [stage] } }]);
    expect((await counter())?.variants).toEqual({ [stage]: 2, [upper]: 0 });

    await writeSearchableInvestors([{ before: first, after: { ...first, stageFocus: [] } }]);
    expect(await counter()).toEqual({
      kind: 'stage',
      tagKey: stage,
      count: 1,
      variants: { [stage]: 1, [upper]: 0 },
    });
  });

  it('keeps the directory totals in step: new investors, a changed role or contact, a re-write', async () => {
    const before = (await getDirectoryTotals()) ?? {
      investors: 0,
      withEmail: 0,
      withPhone: 0,
      byRole: {} as Record<string, number>,
    };
    const angel = searchableInvestor({ investorRole: 'angel', hasEmail: true, hasPhone: false });
    const unknown = searchableInvestor({ investorRole: null, hasEmail: false, hasPhone: true });
    await writeSearchableInvestors([
      { before: null, after: angel },
      { before: null, after: unknown },
    ]);
    await writeSearchableInvestors([
      { before: angel, after: { ...angel, investorRole: 'vc', hasEmail: false } },
      { before: unknown, after: unknown },
    ]);

    const after = await getDirectoryTotals();
    expect(after?.investors).toBe(before.investors + 2);
    expect(after?.withEmail).toBe(before.withEmail);
    expect(after?.withPhone).toBe(before.withPhone + 1);
    expect(after?.byRole.angel ?? 0).toBe(before.byRole.angel ?? 0);
    expect(after?.byRole.vc).toBe((before.byRole.vc ?? 0) + 1);
    expect(after?.byRole.unknown).toBe((before.byRole.unknown ?? 0) + 1);
  });

  it('scans searchable investors and tag counters for the recount, page by page from a cursor', async () => {
    const sector = uniqueTag('robotics');
    const investor = searchableInvestor({ sectorFocus: [sector] });
    await writeSearchableInvestors([{ before: null, after: investor }]);

    const investors = new Map<string, SearchableInvestor>();
    const counters = new Map<string, number>();
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof scanDirectoryPage>> = await scanDirectoryPage(cursor, 200);
      for (const i of page.investors) investors.set(i.id, i);
      for (const c of page.counters) counters.set(`${c.kind}#${c.tagKey}`, c.count);
      cursor = page.cursor;
    } while (cursor);

    expect(investors.get(investor.id)).toEqual(investor);
    expect(counters.get(`sector#${sector}`)).toBe(1);
  });
});

describe('search by tag (DynamoDB Local)', () => {
  const names = [
    'Hugo Thorne',
    'ada Marlowe',
    'Cleo Dunmore',
    'Bram Farrow',
    'Zoe Yardley',
    'Iris Galloway',
    'Edda Kessler',
  ];

  async function directoryWithTag(kind: TagKind, tag: string) {
    const investors = names.map((name) =>
      searchableInvestor(kind === 'stage' ? { name, stageFocus: [tag] } : { name, sectorFocus: [tag] }),
    );
    await writeSearchableInvestors(investors.map((after) => ({ before: null, after })));
    return investors;
  }

  const alphabetical = [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));

  it('pages through every match alphabetically by name, with the total from the counter on every page', async () => {
    const tag = uniqueTag('healthtech');
    const investors = await directoryWithTag('sector', tag);

    const pages = await searchAllPages('sector', tag, 3);

    expect(pages.flatMap((p) => p.items.map((i) => i.name))).toEqual(alphabetical);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages.slice(0, 2).every((p) => p.items.length === 3)).toBe(true);
    for (const page of pages) expect(page.total).toBe(investors.length);
    const ids = pages.flatMap((p) => p.items.map((i) => i.id));
    expect(new Set(ids)).toEqual(new Set(investors.map((i) => i.id)));
  });

  it('returns whole cards, with flags and no contact values', async () => {
    const tag = uniqueTag('edtech');
    const investor = searchableInvestor({
      sectorFocus: [tag],
      hasEmail: true,
      hasLinkedIn: true,
      firmName: 'Firm',
    });
    await writeSearchableInvestors([{ before: null, after: investor }]);

    const page = await searchByTag('sector', tag, null, 10);

    expect(page).toEqual({ items: [toCard(investor)], cursor: null, total: 1 });
  });

  it('finds the same results for any case or spacing variant of the tag', async () => {
    const tag = uniqueTag('deep tech');
    await directoryWithTag('sector', tag);
    const expected = await searchAllPages('sector', tag, 4);

    for (const variant of [
      tag.toUpperCase(),
      `  ${tag}  `,
      tag.replace(' ', '    '),
      tag.replace(/^d/, 'D'),
    ]) {
      expect(await searchAllPages('sector', variant, 4)).toEqual(expected);
    }
  });

  it('keeps stage and sector tags apart', async () => {
    const tag = uniqueTag('mobility');
    await directoryWithTag('stage', tag);

    expect(await searchByTag('sector', tag, null, 10)).toEqual({ items: [], cursor: null, total: 0 });
    expect((await searchByTag('stage', tag, null, 10)).total).toBe(names.length);
  });

  it('finds nothing, with a total of 0, for a tag nobody carries', async () => {
    expect(await searchByTag('stage', uniqueTag('nothing'), null, 10)).toEqual({
      items: [],
      cursor: null,
      total: 0,
    });
  });

  it('rejects the cursor of another search as invalid instead of failing the query', async () => {
    const tagA = uniqueTag('alpha');
    const tagB = uniqueTag('beta');
    await writeSearchableInvestors(
      [1, 2, 3].map(() => ({ before: null, after: searchableInvestor({ stageFocus: [tagA, tagB] }) })),
    );
    const pageOfA = await searchByTag('stage', tagA, null, 1);
    expect(pageOfA.cursor).not.toBeNull();

    await expect(searchByTag('stage', tagB, pageOfA.cursor, 1)).rejects.toBeInstanceOf(InvalidCursorError);
    await expect(searchByTag('sector', tagA, pageOfA.cursor, 1)).rejects.toBeInstanceOf(InvalidCursorError);
    const withExtraKey = Buffer.from(
      JSON.stringify({ pk: `TAG#stage#${tagA}`, sk: 'NAME#', gsi1pk: 'x' }),
    ).toString('base64url');
    await expect(searchByTag('stage', tagA, withExtraKey, 1)).rejects.toBeInstanceOf(InvalidCursorError);
    const counterKey = Buffer.from(JSON.stringify({ pk: `TAG#stage#${tagA}`, sk: '#COUNT' })).toString(
      'base64url',
    );
    await expect(searchByTag('stage', tagA, counterKey, 1)).rejects.toBeInstanceOf(InvalidCursorError);
    // The same cursor with a case variant of its own tag is still valid.
    expect((await searchByTag('stage', tagA.toUpperCase(), pageOfA.cursor, 5)).items).toHaveLength(2);
  });

  it('rejects a cursor that is not one of its own', async () => {
    await expect(searchByTag('stage', 'seed', 'not-a-cursor', 10)).rejects.toBeInstanceOf(InvalidCursorError);
    const numeric = Buffer.from(JSON.stringify({ pk: 1 })).toString('base64url');
    await expect(searchByTag('stage', 'seed', numeric, 10)).rejects.toBeInstanceOf(InvalidCursorError);
  });

  it('lists every posting of a tag in name order for the field merger', async () => {
    const tag = uniqueTag('gaming');
    const investors = await directoryWithTag('stage', tag);

    const postings = await allPostings('stage', tag.toUpperCase());

    expect(postings.map((p) => p.name)).toEqual(alphabetical);
    expect(new Set(postings.map((p) => p.id))).toEqual(new Set(investors.map((i) => i.id)));
  });

  it('yields one empty page for a tag without postings', async () => {
    const pages: CartInvestor[][] = [];
    for await (const page of postingsForTag('sector', uniqueTag('none'))) pages.push(page);

    expect(pages).toEqual([[]]);
  });
});

describe('directory metadata (DynamoDB Local)', () => {
  const metadata = (createdAt: string, totalInvestors: number): DirectoryMetadata => ({
    id: unique('meta_'),
    stageFocus: ['seed'],
    sectorFocus: ['fintech'],
    stageFocusWeighted: [{ tagKey: 'seed', count: totalInvestors, variants: ['Seed'] }],
    sectorFocusWeighted: [{ tagKey: 'fintech', count: totalInvestors, variants: ['Fintech'] }],
    totalInvestors,
    totalInvestorsWithEmail: 0,
    totalInvestorsWithPhone: 0,
    totalInvestorsWithLinkedIn: 0,
    totalInvestorsWithTwitter: 0,
    totalInvestorsWithCrunchbase: 0,
    countsByRole: { vc: totalInvestors },
    createdAt,
  });

  it('returns the newest record by creation time, whatever the order they were written in', async () => {
    // Only milliseconds ahead of now, so later aggregations of the run are newer again.
    const now = Date.now();
    const newer = metadata(new Date(now + 2).toISOString(), 2);
    const older = metadata(new Date(now + 1).toISOString(), 1);
    const oldest = metadata(new Date(now - 3_600_000).toISOString(), 0);

    await putDirectoryMetadata(newer);
    await putDirectoryMetadata(older);
    await putDirectoryMetadata(oldest);

    expect(await getLatestDirectoryMetadata()).toEqual(newer);
  });
});
