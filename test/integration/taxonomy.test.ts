import { describe, expect, it } from 'vitest';
import { importRows } from '../../infra/local/seed';
import { newTaxonomyJob, remapBatch } from '../../lambdas/lib/directory/taxonomy';
import {
  getImportedInvestor,
  getSearchableInvestor,
  listTagCounters,
} from '../../lambdas/lib/table/repositories/investors';
import { putPortal } from '../../lambdas/lib/table/repositories/portals';
import { createTaxonomyJob, getTaxonomyJob } from '../../lambdas/lib/table/repositories/taxonomy';
import type { DirectoryMetadataResponse } from '../../shared/api/directory';
import type { TaxonomyJob, TaxonomyResponse, UnmappedValue } from '../../shared/api/taxonomy';
import { PATIENCE_MS } from '../support/patience';
import { armFault } from './support/faults';
import { call, createInvestor, createUser, type TestUser } from './support/home';
import { createProject } from './support/projects';
import { idOfEmail, unique } from './support/seed';
import { settleWorkflows } from './support/settle';

const HEADERS = ['Investor Name', 'Email', 'Stage Focus', 'Sector Focus', 'City', 'Country'];

/** Imports rows as an admin import does (messy spellings as sources write them). */
async function importMessy(rows: string[][]) {
  await settleWorkflows();
  await importRows(HEADERS, rows, {
    sourceName: 'taxonomy test',
    sourceUrl: 'https://example.com/taxonomy',
    importedByUserId: 'test-admin',
  });
}

const total = async (facet: 'sectorFocus' | 'stageFocus', value: string) => {
  const response = await call('GET', `/investors?${facet}=${encodeURIComponent(value)}&limit=100`);
  expect(response.status).toBe(200);
  return (response.body as { data: { total: number; items: { name: string }[] } }).data;
};

/** Every value of the unmapped queue of sectors (paged through). */
async function unmappedSectors(admin: TestUser): Promise<UnmappedValue[]> {
  const all: UnmappedValue[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `/admin/taxonomy/unmapped?kind=sector&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response = await call('GET', query, { token: admin.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const data = (response.body as { data: { items: UnmappedValue[]; cursor: string | null } }).data;
    all.push(...data.items);
    cursor = data.cursor;
  } while (cursor);
  return all;
}

async function runSynonym(admin: TestUser, body: Record<string, unknown>): Promise<TaxonomyJob> {
  const started = await call('POST', '/admin/taxonomy/synonyms', { token: admin.token, body });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return waitForJob(admin, (started.body as { data: { job: TaxonomyJob } }).data.job.id);
}

async function waitForJob(admin: TestUser, id: string, timeout = PATIENCE_MS): Promise<TaxonomyJob> {
  let job: TaxonomyJob | null = null;
  await expect
    .poll(
      async () => {
        const response = await call('GET', `/admin/taxonomy/jobs/${id}`, { token: admin.token });
        job = (response.body as { data: { job: TaxonomyJob } }).data.job;
        return job.status;
      },
      { timeout, interval: 100 },
    )
    .not.toBe('running');
  return job as unknown as TaxonomyJob;
}

/** Every tag counter equals a recount of the postings (search's total is the counter; the items are the postings). */
async function expectCountsExact(tags: readonly string[]) {
  const metadata = ((await call('GET', '/directory/metadata')).body as { data: DirectoryMetadataResponse })
    .data;
  const counters = await listTagCounters();
  for (const tag of tags) {
    const found = await total('sectorFocus', tag);
    const postings = found.items.length;
    expect(found.total, tag).toBe(postings);
    expect(counters.find((c) => c.kind === 'sector' && c.tagKey === tag)?.count ?? 0, tag).toBe(postings);
    expect(metadata.sectorFocusWeighted.find((w) => w.tagKey === tag)?.count ?? 0, tag).toBe(postings);
  }
}

describe('taxonomy: imports map each value to it', () => {
  it('an import with messy spellings lands on the taxonomy; what it does not know waits in the queue, never in the directory', async () => {
    const admin = await createUser({ admin: true });
    const u = unique();
    const odd = `Quantum Widgets ${u}`;
    await importMessy([
      [
        `Messy A ${u}`,
        `messy-a-${u}@example.com`,
        'preseed, Series-A',
        'Fintech (Payments, Lending); payments; AI/ML',
        'NYC',
        'USA',
      ],
      [
        `Messy B ${u}`,
        `messy-b-${u}@example.com`,
        'pre seed',
        `climate tech; ${odd}`,
        'Cambridge',
        'United Kingdom',
      ],
      [
        `Messy C ${u}`,
        `messy-c-${u}@example.com`,
        'angel round',
        `${odd.toUpperCase()}; Cleantech`,
        'Cambridge',
        'U.S.A.',
      ],
    ]);

    const a = await getSearchableInvestor(await idOfEmail(`messy-a-${u}@example.com`));
    expect(a).toMatchObject({
      sectorFocus: ['fintech', 'ai'],
      stageFocus: ['pre-seed', 'series a'],
      countries: ['United States'],
      cities: ['New York'],
    });
    const b = await getSearchableInvestor(await idOfEmail(`messy-b-${u}@example.com`));
    expect(b).toMatchObject({
      sectorFocus: ['climate'],
      stageFocus: ['pre-seed'],
      countries: ['United Kingdom'],
    });
    const c = await getSearchableInvestor(await idOfEmail(`messy-c-${u}@example.com`));
    expect(c).toMatchObject({
      sectorFocus: ['climate'],
      countries: ['United States'],
      cities: ['Cambridge'],
    });
    // The raw value stays on the imported record.
    expect((await getImportedInvestor(b?.importedInvestorId ?? ''))?.sectorFocus).toContain(
      odd.toLowerCase(),
    );
    // Not a sector of its own: nobody is found under it.
    expect((await total('sectorFocus', odd)).total).toBe(0);

    const queued = (await unmappedSectors(admin)).find((v) => v.value === odd.toLowerCase());
    expect(queued).toMatchObject({ kind: 'sector', investors: 2 });
    expect(queued?.examples.map((e) => e.name).sort()).toEqual([`Messy B ${u}`, `Messy C ${u}`]);
  });

  it('the admin maps an unmapped value: it becomes a synonym, its investors are re-mapped, counts stay exact', async () => {
    const admin = await createUser({ admin: true });
    const u = unique();
    const odd = `open banking ${u}`;
    const rows = Array.from({ length: 5 }, (_, i) => [
      `Mapped ${u} ${i}`,
      `mapped-${i}-${u}@example.com`,
      'Seed',
      i % 2 === 0 ? `${odd}; payments` : odd,
      '',
      'Portugal',
    ]);
    await importMessy(rows);
    const before = await total('sectorFocus', 'fintech');

    const job = await runSynonym(admin, { kind: 'sector', spelling: odd, entry: 'Fintech' });
    expect(job).toMatchObject({ status: 'succeeded', mode: 'value', processed: 5, updated: 2 });
    // The two that had only the odd spelling now hold Fintech; the three with "payments" had it already.
    expect((await total('sectorFocus', 'fintech')).total).toBe(before.total + 2);
    for (let i = 0; i < 5; i++)
      expect(
        (await getSearchableInvestor(await idOfEmail(`mapped-${i}-${u}@example.com`)))?.sectorFocus,
      ).toEqual(['fintech']);
    expect((await unmappedSectors(admin)).find((v) => v.value === odd)).toBeUndefined();
    // The next import takes the synonym at once.
    await importMessy([[`Later ${u}`, `later-${u}@example.com`, '', odd.toUpperCase(), '', '']]);
    expect((await getSearchableInvestor(await idOfEmail(`later-${u}@example.com`)))?.sectorFocus).toEqual([
      'fintech',
    ]);
    const lists = (await call('GET', '/taxonomy')).body as { data: TaxonomyResponse };
    expect(lists.data.sectors.find((s) => s.value === 'fintech')?.synonyms).toContain(odd);
  });

  it('adds an unmapped value as a new sector; refuses a spelling another entry has and an entry off the list', async () => {
    const admin = await createUser({ admin: true });
    const u = unique();
    const odd = `spacefarming ${u}`;
    await importMessy([[`New Sector ${u}`, `new-sector-${u}@example.com`, '', odd, '', '']]);
    const job = await runSynonym(admin, { kind: 'sector', spelling: odd, newLabel: `Space Farming ${u}` });
    expect(job.status).toBe('succeeded');
    expect((await total('sectorFocus', `space farming ${u}`)).items.map((i) => i.name)).toEqual([
      `New Sector ${u}`,
    ]);

    const taken = await call('POST', '/admin/taxonomy/synonyms', {
      token: admin.token,
      body: { kind: 'sector', spelling: 'payments', entry: 'AI' },
    });
    expect(taken.status).toBe(400);
    expect(JSON.stringify(taken.body)).toContain('already stands for Fintech');
    const off = await call('POST', '/admin/taxonomy/synonyms', {
      token: admin.token,
      body: { kind: 'stage', spelling: `odd ${u}`, entry: 'Series Z' },
    });
    expect(off.status).toBe(400);
    expect(JSON.stringify(off.body)).toContain('is not a stage on our list');
  });
});

describe('taxonomy: the search box speaks it', () => {
  it('finds Fintech and Climate investors by their synonyms ("payments", "cleantech") and suggests the entry; a link with an old spelling lands on it', async () => {
    const u = unique();
    await importMessy([
      [`Ana ${u}`, `vocab-fin-${u}@example.com`, 'Seed', 'Fintech', '', 'Brazil'],
      [`Bo ${u}`, `vocab-clim-${u}@example.com`, 'Seed', 'Climate', '', 'Sweden'],
      [`Cy ${u}`, `vocab-ai-${u}@example.com`, 'Seed', 'AI', '', 'Japan'],
    ]);
    const found = async (query: string) => {
      const response = await call('GET', `/investors?q=${encodeURIComponent(query)}&limit=100`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return (response.body as { data: { items: { name: string }[] } }).data.items.map((i) => i.name).sort();
    };
    expect(await found(u)).toEqual([`Ana ${u}`, `Bo ${u}`, `Cy ${u}`]);
    expect(await found(`payments ${u}`)).toEqual([`Ana ${u}`]);
    expect(await found(`lending ${u}`)).toEqual([`Ana ${u}`]);
    expect(await found(`cleantech ${u}`)).toEqual([`Bo ${u}`]);
    expect(await found(`climate tech ${u}`)).toEqual([`Bo ${u}`]);
    expect(await found(`nordics ${u}`)).toEqual([`Bo ${u}`]);
    expect(await found(`payments nordics ${u}`)).toEqual([]);

    const suggested = await call('GET', '/directory/suggestions?q=paym');
    expect(suggested.status, JSON.stringify(suggested.body)).toBe(200);
    expect(
      (suggested.body as { data: { suggestions: { kind: string; label: string }[] } }).data.suggestions,
    ).toContainEqual(expect.objectContaining({ kind: 'sector', label: 'Fintech' }));

    const linked = await call(
      'GET',
      `/investors?sectorFocus=${encodeURIComponent('fintech (payments, lending)')}&q=${u}&limit=100`,
    );
    expect(linked.status).toBe(200);
    expect((linked.body as { data: { items: { name: string }[] } }).data.items.map((i) => i.name)).toEqual([
      `Ana ${u}`,
    ]);
  });
});

describe('taxonomy: the forms choose from the list', () => {
  it('the portal profile and the project refuse a sector off the list with a clear 400, and store a synonym as its entry', async () => {
    const label = `tax-${unique()}`;
    const now = new Date().toISOString();
    await putPortal({
      id: `portal-${label}`,
      name: 'Taxonomy Angels',
      description: 'Investors meet founders.',
      urlIdentifier: label,
      createdAt: now,
      updatedAt: now,
      createdBy: 'test',
      firm: { name: 'Taxonomy Firm', website: 'https://firm.example.com' },
      fontFamily: 'Georgia, serif',
    });
    const investor = await createInvestor(label);
    const off = await call('PATCH', '/investor/profile', {
      token: investor.token,
      body: { sectors: ['Fintech', 'Quantum Basket Weaving'] },
    });
    expect(off.status).toBe(400);
    expect(JSON.stringify(off.body)).toContain(
      '“quantum basket weaving” is not a sector on our list. Choose one from the list',
    );
    const on = await call('PATCH', '/investor/profile', {
      token: investor.token,
      body: { sectors: ['climate tech', 'Climate', 'payments'], stages: ['seed', 'series c+'] },
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(JSON.stringify(on.body)).toContain('"sectors":["climate","fintech"]');
    const oldStage = await call('PATCH', '/investor/profile', {
      token: investor.token,
      body: { stages: ['late stage'] },
    });
    expect(oldStage.status).toBe(400);

    const founder = await createUser();
    const project = await createProject(founder);
    const refused = await call('PATCH', `/projects/${project.id}`, {
      token: founder.token,
      body: { name: project.name, description: project.description, sectors: ['Fintech', 'Widgetry'] },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('“Widgetry” is not a sector on our list');
    // A typo is asked about by the pickers' rules, not taken for the entry.
    const typo = await call('PATCH', `/projects/${project.id}`, {
      token: founder.token,
      body: { name: project.name, description: project.description, sectors: ['Robotcs'] },
    });
    expect(typo.status).toBe(400);
    expect(JSON.stringify(typo.body)).toContain('Did you mean Robotics?');
    const saved = await call('PATCH', `/projects/${project.id}`, {
      token: founder.token,
      body: {
        name: project.name,
        description: project.description,
        sectors: ['AI/ML', 'artificial intelligence', 'SaaS'],
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((saved.body as { data: { sectors: string[] } }).data.sectors).toEqual(['ai', 'saas']);
  });
});

describe('taxonomy: the lists say which values investors carry', () => {
  it('GET /taxonomy counts each sector, stage and country as the search does; a value nobody carries counts 0', async () => {
    const u = unique();
    await importMessy([[`Fem ${u}`, `carried-${u}@example.com`, 'Seed', 'Femtech', 'Berlin', 'Germany']]);
    type Lists = { data: TaxonomyResponse };
    type Facets = { data: { total: number } };
    const facetTotal = async (query: string) =>
      ((await call('GET', `/directory/facets?${query}`)).body as Facets).data.total;
    // Both read the search snapshot: wait until one snapshot answers both (other files write too).
    let agreed = false;
    const deadline = Date.now() + PATIENCE_MS;
    while (!agreed && Date.now() < deadline) {
      const lists = ((await call('GET', '/taxonomy')).body as Lists).data;
      const femtech = lists.sectors.find((s) => s.value === 'femtech')?.investors;
      const seed = lists.stages.find((s) => s.value === 'seed')?.investors;
      const germany = lists.countries.find((c) => c.name === 'Germany')?.investors;
      agreed =
        typeof femtech === 'number' &&
        femtech >= 1 &&
        femtech === (await facetTotal('sectorFocus=femtech')) &&
        seed === (await facetTotal('stageFocus=seed')) &&
        germany === (await facetTotal('country=Germany'));
    }
    expect(agreed).toBe(true);
    const lists = ((await call('GET', '/taxonomy')).body as Lists).data;
    // Every entry is counted (an integer), and a country no investor names counts 0.
    for (const entry of [...lists.sectors, ...lists.stages, ...lists.countries])
      expect(Number.isInteger(entry.investors)).toBe(true);
    expect(lists.countries.find((c) => c.name === 'Antarctica')?.investors).toBe(0);
    expect(lists.countries.find((c) => c.name === 'Germany')?.names).toContain('Deutschland');
    expect(lists.sectors.find((s) => s.value === 'logistics')?.synonyms).toContain('supply chain');
    expect(lists.sectors.find((s) => s.value === 'hardware')?.near).toEqual([
      'robotics',
      'deep tech',
      'consumer',
    ]);
  });
});

describe('taxonomy: the resumable re-map', () => {
  it('re-maps existing data after a crash mid-way and a retried batch; every count equals a recount', async () => {
    const admin = await createUser({ admin: true });
    const u = unique();
    const odd = `neo lending ${u}`;
    await importMessy(
      Array.from({ length: 7 }, (_, i) => [
        `Crash ${u} ${i}`,
        `crash-${i}-${u}@example.com`,
        '',
        odd,
        '',
        '',
      ]),
    );
    // A first run maps the spelling's synonym but crashes after one page (its batch never came back).
    const started = await call('POST', '/admin/taxonomy/synonyms', {
      token: admin.token,
      body: { kind: 'sector', spelling: odd, entry: 'Fintech' },
    });
    expect(started.status).toBe(202);
    await waitForJob(admin, (started.body as { data: { job: TaxonomyJob } }).data.job.id);
    // (That run finished; a crash is shown on a second spelling run by hand, a page at a time.)
    const other = `micro loans ${u}`;
    await importMessy(
      Array.from({ length: 7 }, (_, i) => [
        `Crash2 ${u} ${i}`,
        `crash2-${i}-${u}@example.com`,
        '',
        other,
        '',
        '',
      ]),
    );
    await call('POST', '/admin/taxonomy/synonyms', {
      token: admin.token,
      body: { kind: 'sector', spelling: other, newLabel: `Micro Loans ${u}` },
    }).then(async (response) => {
      expect(response.status).toBe(202);
      await waitForJob(admin, (response.body as { data: { job: TaxonomyJob } }).data.job.id);
    });
    expect((await total('sectorFocus', `micro loans ${u}`)).total).toBe(7);

    // The crash: a run's batch handles one page of three, then dies (its worker is gone).
    const third = `tiny credit ${u}`;
    await importMessy(
      Array.from({ length: 7 }, (_, i) => [
        `Crash3 ${u} ${i}`,
        `crash3-${i}-${u}@example.com`,
        '',
        third,
        '',
        '',
      ]),
    );
    const { addTaxonomySynonym } = await import('../../lambdas/lib/table/repositories/taxonomy');
    await addTaxonomySynonym({
      kind: 'sector',
      value: `micro loans ${u}`,
      label: `Micro Loans ${u}`,
      synonyms: [third],
      added: true,
      updatedAt: new Date().toISOString(),
    });
    const crashed = await createTaxonomyJob(
      newTaxonomyJob({ mode: 'value', kind: 'sector', key: third }, admin.sub, new Date().toISOString()),
    );
    const first = await remapBatch(crashed.id, { budgetMs: 0, pageSize: 3 });
    expect(first).toMatchObject({ done: false, processed: 3 });
    expect((await getTaxonomyJob(crashed.id))?.processed).toBe(3);

    // The admin starts it again through the workflow, whose first batch also crashes once and is retried.
    const again = await call('POST', '/admin/taxonomy/synonyms', {
      token: admin.token,
      body: { kind: 'sector', spelling: third, entry: `Micro Loans ${u}` },
    });
    expect(again.status).toBe(202);
    const againJob = (again.body as { data: { job: TaxonomyJob } }).data.job;
    await armFault({ jobId: againJob.id, failState: 'RemapBatch', failures: 1 });
    const ended = await waitForJob(admin, againJob.id);
    expect(ended).toMatchObject({ status: 'succeeded', processed: 4 });
    expect((await total('sectorFocus', `micro loans ${u}`)).total).toBe(14);
    await expectCountsExact(['fintech', `micro loans ${u}`]);
  });

  it('re-maps every investor (existing data before the taxonomy) and keeps counts exact', async () => {
    const admin = await createUser({ admin: true });
    const response = await call('POST', '/admin/taxonomy/remap', { token: admin.token, body: {} });
    expect(response.status, JSON.stringify(response.body)).toBe(202);
    const job = await waitForJob(
      admin,
      (response.body as { data: { job: TaxonomyJob } }).data.job.id,
      280_000,
    );
    expect(job).toMatchObject({ status: 'succeeded', mode: 'all' });
    expect(job.processed).toBeGreaterThan(0);
    await expectCountsExact(['fintech', 'ai', 'climate']);
  }, 300_000);
});
