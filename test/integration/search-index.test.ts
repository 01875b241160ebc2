import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { s3 } from '../../lambdas/lib/clients/s3';
import { searchIndexConfig } from '../../lambdas/lib/config';
import {
  aggregateDirectory,
  finishRecount,
  recountDirectory,
  recountStep,
  startRecount,
} from '../../lambdas/lib/directory/aggregation';
import {
  currentSearchIndex,
  foldSearchChanges,
  REFOLD_WINDOW_MS,
  recordSearchChanges,
} from '../../lambdas/lib/directory/search-index';
import { getSearchableInvestor } from '../../lambdas/lib/table/repositories/investors';
import type { SearchableInvestor } from '../../shared/investors/types';
import { SEARCH_INDEX_KEY } from '../../shared/search/snapshot';
import { call } from './support/home';
import { seedInvestors, unique } from './support/seed';

/**
 * Faults of the search snapshot's upkeep, driven in-process against the local S3 and table: a
 * change recorded twice (a retried mapping batch), changes folded out of order, a change whose upload
 * lands after a fold passed its time, a change recorded for a write that then failed, and two folds
 * at once. The local home's directory (behind the gateway) reads the snapshot at every request.
 */

const cardOf = async (id: string) => {
  const investor = await getSearchableInvestor(id);
  if (!investor) throw new Error(`no investor ${id}`);
  return investor;
};

async function seedOne(name: string): Promise<SearchableInvestor> {
  const firm = `Fold${unique()}`;
  await seedInvestors([{ name, firm, sectors: [`Folding ${firm}`] }]);
  const index = await currentSearchIndex();
  const found = index.page({ q: firm }, 'name', null, 10).items[0];
  if (!found) throw new Error(`${name} is not in the snapshot`);
  return cardOf(found.id);
}

const titleIn = async (firm: string) => {
  const response = await call('GET', `/investors?q=${firm}`);
  const { items } = (response.body as { data: { items: { title?: string | null; name: string }[] } }).data;
  return items.map((item) => `${item.name}: ${item.title ?? '-'}`);
};

describe('the search snapshot under faults', () => {
  it('folds a change recorded twice (a retried batch) into one card', async () => {
    const investor = await seedOne('Twice Recorded');
    const edited = { ...investor, title: 'Partner', updatedAt: new Date().toISOString() };
    await recordSearchChanges([edited], new Date());
    await recordSearchChanges([edited], new Date());
    await foldSearchChanges();
    expect(await titleIn(investor.firmName ?? '')).toEqual(['Twice Recorded: Partner']);
  });

  it('keeps the newer card when an older change is folded after it', async () => {
    const investor = await seedOne('Out Of Order');
    const older = { ...investor, title: 'Associate', updatedAt: new Date(Date.now() + 1_000).toISOString() };
    const newer = {
      ...investor,
      title: 'General Partner',
      updatedAt: new Date(Date.now() + 2_000).toISOString(),
    };
    await recordSearchChanges([newer], new Date());
    await foldSearchChanges();
    await recordSearchChanges([older], new Date());
    await foldSearchChanges();
    expect(await titleIn(investor.firmName ?? '')).toEqual(['Out Of Order: General Partner']);
  });

  it('folds a change whose upload landed after a fold had passed its time (within the refold window)', async () => {
    const investor = await seedOne('Slow Upload');
    await foldSearchChanges();
    // Recorded with a time a minute before the fold above: a fold does not skip it.
    const late = {
      ...investor,
      title: 'Venture Partner',
      updatedAt: new Date(Date.now() + 3_000).toISOString(),
    };
    await recordSearchChanges([late], new Date(Date.now() - 60_000));
    await foldSearchChanges();
    expect(await titleIn(investor.firmName ?? '')).toEqual(['Slow Upload: Venture Partner']);
    expect(REFOLD_WINDOW_MS).toBeGreaterThan(60_000);
  });

  it('converges when two folds run at once', async () => {
    const investor = await seedOne('Two Folds');
    const edited = { ...investor, title: 'Scout', updatedAt: new Date(Date.now() + 4_000).toISOString() };
    await recordSearchChanges([edited], new Date());
    const [a, b] = await Promise.all([foldSearchChanges(), foldSearchChanges()]);
    expect(a.investors).toBeGreaterThan(0);
    expect(b.investors).toBe(a.investors);
    expect(await titleIn(investor.firmName ?? '')).toEqual(['Two Folds: Scout']);
  });

  it('a fold that writes last with an older view folds again the change a later fold had written', async () => {
    const investor = await seedOne('Slow Fold');
    const edited = { ...investor, title: 'Partner', updatedAt: new Date(Date.now() + 4_000).toISOString() };
    // The slow fold has read the snapshot and the changes; meanwhile a change is recorded and a later
    // fold writes it; then the slow fold writes its snapshot, without that change, over it.
    let laterFold: Awaited<ReturnType<typeof foldSearchChanges>> | undefined;
    const slow = await foldSearchChanges(new Date(), {
      beforeWrite: async () => {
        await recordSearchChanges([edited], new Date());
        laterFold = await foldSearchChanges();
      },
    });
    expect(laterFold?.passes).toBe(1);
    expect(slow.passes).toBe(2);
    expect(await titleIn(investor.firmName ?? '')).toEqual(['Slow Fold: Partner']);
  });

  it('a recount writes again with a change recorded while it was writing', async () => {
    const investor = await seedOne('Recorded While Writing');
    const { runId } = await startRecount();
    while (!(await recountStep(runId)).done);
    const edited = {
      ...investor,
      title: 'Venture Partner',
      updatedAt: new Date(Date.now() + 4_000).toISOString(),
    };
    // Recorded after the recount listed the changes since its Scan started, before it wrote.
    await finishRecount(runId, new Date(), {
      beforeSnapshotWrite: () => recordSearchChanges([edited], new Date()),
    });
    expect(await titleIn(investor.firmName ?? '')).toEqual(['Recorded While Writing: Venture Partner']);
  });

  it('a change recorded for a table write that then failed shows until the recount rebuilds from the table', async () => {
    const investor = await seedOne('Never Written');
    const phantom = {
      ...investor,
      title: 'Phantom Title',
      updatedAt: new Date(Date.now() + 5_000).toISOString(),
    };
    await recordSearchChanges([phantom], new Date());
    await foldSearchChanges();
    expect(await titleIn(investor.firmName ?? '')).toEqual(['Never Written: Phantom Title']);
    // The table never had it: the recount (the schedule's, every 6 hours) puts the table's card back.
    await recountDirectory();
    expect(await titleIn(investor.firmName ?? '')).toEqual(['Never Written: -']);
    expect((await cardOf(investor.id)).title).toBeNull();
  });

  it('keeps the index it holds when S3 answers that the snapshot has not changed (a conditional GET)', async () => {
    await foldSearchChanges();
    // This worker's age is the local home's 0: every call asks S3, with the ETag it holds.
    const first = await currentSearchIndex();
    expect(await currentSearchIndex()).toBe(first);
    await foldSearchChanges();
    expect(await currentSearchIndex()).not.toBe(first);
  });

  it('rebuilds a deleted snapshot from the table at the next aggregation (its size disagrees with the totals)', async () => {
    await (await s3()).client.send(
      new DeleteObjectCommand({ Bucket: searchIndexConfig().SEARCH_INDEX_BUCKET, Key: SEARCH_INDEX_KEY }),
    );
    expect((await currentSearchIndex()).size).toBe(0);
    const metadata = await aggregateDirectory();
    expect((await currentSearchIndex()).size).toBe(metadata.totalInvestors);
    expect(metadata.totalInvestors).toBeGreaterThan(0);
  });
});
