import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamoDbClient } from '../../../lambdas/lib/clients/dynamodb';
import {
  aggregateDirectory,
  finishRecount,
  recountDirectory,
  recountStep,
  startRecount,
} from '../../../lambdas/lib/directory/aggregation';
import {
  currentSearchIndex,
  getRecountState,
  putRecountPart,
} from '../../../lambdas/lib/directory/search-index';
import type { DirectoryMetadata } from '../../../lambdas/lib/table/models';
import {
  getDirectoryTotals,
  getLatestDirectoryMetadata,
  searchByTag,
  setTagCounters,
  writeSearchableInvestors,
} from '../../../lambdas/lib/table/repositories/investors';
import { deleteItem, tableName } from '../../../lambdas/lib/table/table';
import { INVESTOR_ROLES, type InvestorRole } from '../../../shared/investors/roles';
import type { SearchableInvestor } from '../../../shared/investors/types';
import { searchableInvestor, unique } from './fixtures';

const uniqueTag = (label: string) => `${label} ${unique('')}`;

/** Both run at the real time, so a record written later by another test file is still the newer one. */
const aggregate = () => aggregateDirectory();
const recount = () => recountDirectory();

const weightedEntry = (list: DirectoryMetadata['stageFocusWeighted'], tagKey: string) =>
  list.find((t) => t.tagKey === tagKey);

function expectSortedByCount(list: DirectoryMetadata['stageFocusWeighted']) {
  for (let i = 1; i < list.length; i++) {
    const previous = list[i - 1];
    const current = list[i];
    if (!previous || !current) continue;
    expect(
      previous.count > current.count ||
        (previous.count === current.count && previous.tagKey <= current.tagKey),
    ).toBe(true);
  }
}

describe.each([
  ['from the counters', aggregate],
  ['by a full recount', recount],
])('directory aggregation %s (DynamoDB Local)', (_how, aggregate) => {
  it('counts the investors written: totals, contact totals, every role, weighted tag lists', async () => {
    const stage = uniqueTag('seed');
    const sector = uniqueTag('fintech');
    const roles: (InvestorRole | null)[] = [...INVESTOR_ROLES, null];
    const investors: SearchableInvestor[] = roles.map((investorRole, i) =>
      searchableInvestor({
        investorRole,
        // Two spellings of the stage tag: one tag, both variants kept.
        stageFocus: [i % 2 === 0 ? stage : stage.toUpperCase()],
        // The sector tag on the first three only.
        sectorFocus: i < 3 ? [sector] : [],
        hasEmail: i < 5,
        hasPhone: i < 4,
        hasLinkedIn: i < 3,
        hasTwitter: i < 2,
        hasCrunchbase: i < 1,
      }),
    );
    const before = await aggregate();

    await writeSearchableInvestors(investors.map((after) => ({ before: null, after })));
    const after = await aggregate();

    expect(after.totalInvestors - before.totalInvestors).toBe(9);
    expect(after.totalInvestorsWithEmail - before.totalInvestorsWithEmail).toBe(5);
    expect(after.totalInvestorsWithPhone - before.totalInvestorsWithPhone).toBe(4);
    expect(after.totalInvestorsWithLinkedIn - before.totalInvestorsWithLinkedIn).toBe(3);
    expect(after.totalInvestorsWithTwitter - before.totalInvestorsWithTwitter).toBe(2);
    expect(after.totalInvestorsWithCrunchbase - before.totalInvestorsWithCrunchbase).toBe(1);
    for (const role of [...INVESTOR_ROLES, 'unknown']) {
      expect(after.countsByRole[role], role).toBe((before.countsByRole[role] ?? 0) + 1);
    }
    expect(Object.keys(after.countsByRole).sort()).toEqual([...INVESTOR_ROLES, 'unknown'].sort());

    expect(weightedEntry(after.stageFocusWeighted, stage)).toEqual({
      tagKey: stage,
      count: 9,
      variants: [stage, stage.toUpperCase()].sort(),
    });
    expect(weightedEntry(after.sectorFocusWeighted, sector)).toEqual({
      tagKey: sector,
      count: 3,
      variants: [sector],
    });
    expectSortedByCount(after.stageFocusWeighted);
    expectSortedByCount(after.sectorFocusWeighted);
    expect(after.stageFocus).toEqual(after.stageFocusWeighted.map((t) => t.tagKey));
    expect(after.sectorFocus).toEqual(after.sectorFocusWeighted.map((t) => t.tagKey));
  });
});

describe('directory aggregation (DynamoDB Local)', () => {
  it('writes a new metadata record that becomes the latest', async () => {
    const first = await aggregate();
    const second = await aggregate();

    expect(second.id).not.toBe(first.id);
    expect(await getLatestDirectoryMetadata()).toEqual(second);
  });

  it('aggregates from the counters what a full recount finds, through adds, changes and removals', async () => {
    const stage = uniqueTag('growth');
    const sector = uniqueTag('climate');
    await recount();
    const investors = Array.from({ length: 6 }, (_, i) =>
      searchableInvestor({
        investorRole: i % 2 === 0 ? 'angel' : 'fund',
        stageFocus: [i % 3 === 0 ? stage.toUpperCase() : stage],
        sectorFocus: i < 4 ? [sector] : [],
        hasEmail: i < 3,
        hasTwitter: i === 5,
      }),
    );
    await writeSearchableInvestors(investors.map((after) => ({ before: null, after })));
    const [a, b, c] = investors as [SearchableInvestor, SearchableInvestor, SearchableInvestor];
    await writeSearchableInvestors([
      { before: a, after: { ...a, investorRole: 'vc', hasEmail: false, stageFocus: [stage] } },
      { before: b, after: { ...b, sectorFocus: [] } },
      { before: c, after: { ...c, hasTwitter: true, sectorFocus: [sector.toUpperCase()] } },
    ]);

    const fromCounters = await aggregate();
    const exact = await recount();

    const { id: _a, createdAt: _b, ...countedFields } = fromCounters;
    const { id: _c, createdAt: _d, ...exactFields } = exact;
    expect(countedFields).toEqual(exactFields);
    expect(weightedEntry(fromCounters.stageFocusWeighted, stage)).toEqual({
      tagKey: stage,
      count: 6,
      variants: [stage, stage.toUpperCase()].sort(),
    });
    expect(weightedEntry(fromCounters.sectorFocusWeighted, sector)).toEqual({
      tagKey: sector,
      count: 3,
      variants: [sector, sector.toUpperCase()].sort(),
    });
  });

  it('recounts when there are no totals yet (data written before the counters existed)', async () => {
    const exact = await recount();
    const totals = await getDirectoryTotals();
    await deleteItem('DIRECTORY', '#TOTALS');
    expect(await getDirectoryTotals()).toBeNull();

    const metadata = await aggregate();

    expect(await getDirectoryTotals()).toEqual(totals);
    expect(metadata.totalInvestors).toBe(exact.totalInvestors);
    expect(metadata.countsByRole).toEqual(exact.countsByRole);
  });

  it('recounts a corrupted tag counter to the number of investors carrying the tag', async () => {
    const stage = uniqueTag('series a');
    await writeSearchableInvestors(
      Array.from({ length: 4 }, () => ({ before: null, after: searchableInvestor({ stageFocus: [stage] }) })),
    );
    await setTagCounters([{ kind: 'stage', tagKey: stage, count: 999, variants: { [stage]: 999 } }]);
    expect((await searchByTag('stage', stage, null, 10)).total).toBe(999);

    const metadata = await recount();

    expect(weightedEntry(metadata.stageFocusWeighted, stage)).toEqual({
      tagKey: stage,
      count: 4,
      variants: [stage],
    });

    const page = await searchByTag('stage', stage, null, 10);
    expect(page.total).toBe(4);
    expect(page.items).toHaveLength(4);
  });

  it('recounts the counter of a tag nobody carries any more to 0, and leaves it out of the lists', async () => {
    const sector = uniqueTag('orphan');
    await setTagCounters([{ kind: 'sector', tagKey: sector, count: 7, variants: { [sector]: 7 } }]);
    // Read straight from the counter: an aggregation here would be a window in which another file's
    // recount (test files run at once on one table) puts the orphan counter right before this one does.
    expect((await searchByTag('sector', sector, null, 10)).total).toBe(7);

    const metadata = await recount();

    expect((await searchByTag('sector', sector, null, 10)).total).toBe(0);
    expect(weightedEntry(metadata.sectorFocusWeighted, sector)).toBeUndefined();
    expect(weightedEntry((await aggregate()).sectorFocusWeighted, sector)).toBeUndefined();
  });

  it('counts a tag once per investor even when the investor lists it in several spellings', async () => {
    const sector = uniqueTag('saas');
    await writeSearchableInvestors([
      {
        before: null,
        after: searchableInvestor({ sectorFocus: [sector, sector.toUpperCase(), ` ${sector} `] }),
      },
    ]);

    const metadata = await aggregate();

    expect(weightedEntry(metadata.sectorFocusWeighted, sector)?.count).toBe(1);
    expect((await searchByTag('sector', sector, null, 10)).total).toBe(1);
  });
});

describe('the recount in resumable steps (DynamoDB Local and the local S3)', () => {
  it('resumes across many steps and a retried step, and ends with what a recount in one go finds', async () => {
    const sector = uniqueTag('resumable');
    await writeSearchableInvestors(
      Array.from({ length: 30 }, (_, i) => ({
        before: null,
        after: searchableInvestor({ name: `Resume ${i}`, sectorFocus: [sector], hasEmail: i % 2 === 0 }),
      })),
    );
    const whole = await recountDirectory();

    const { runId } = await startRecount();
    // One short page per step: the Scan stops and resumes many times. The table is shared with every
    // file that ran before, so the page is sized to about 20 steps whatever it holds (each step saves
    // a state that grows with the steps before it: thousands of steps would outlast the test).
    const { Table } = await dynamoDbClient().send(new DescribeTableCommand({ TableName: tableName() }));
    const pageSize = Math.max(10, Math.ceil((Table?.ItemCount ?? 0) / 20));
    let steps = 0;
    for (let step = await recountStep(runId, { budgetMs: 0, pageSize }); !step.done; steps++) {
      // A step that died after writing its cards but before saving its state leaves a stray part:
      // the retry writes the same part again, so nothing is counted twice.
      if (steps === 2) {
        const state = await getRecountState<{ parts: number }>(runId);
        await putRecountPart(runId, state?.parts ?? 0, [searchableInvestor({ name: 'Stray card' })]);
      }
      step = await recountStep(runId, { budgetMs: 0, pageSize });
    }
    const resumed = await finishRecount(runId);

    expect(steps).toBeGreaterThan(3);
    const { id: _a, createdAt: _b, ...wholeCounts } = whole;
    const { id: _c, createdAt: _d, ...resumedCounts } = resumed;
    expect(resumedCounts).toEqual(wholeCounts);
    expect(weightedEntry(resumed.sectorFocusWeighted, sector)?.count).toBe(30);
    expect((await searchByTag('sector', sector, null, 50)).total).toBe(30);
    // The snapshot holds every investor once and no stray card; the run's folder is gone.
    const snapshot = await currentSearchIndex(Date.now() + 60 * 60_000);
    expect(snapshot.page({ q: 'Stray card' }, 'name', null, 10).total).toBe(0);
    expect(snapshot.page({ sector }, 'name', null, 50).total).toBe(30);
    expect(await getRecountState(runId)).toBeNull();
  });
});
