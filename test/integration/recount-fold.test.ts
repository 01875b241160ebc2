import { describe, expect, it } from 'vitest';
import {
  aggregateDirectory,
  finishRecount,
  recountStep,
  startRecount,
} from '../../lambdas/lib/directory/aggregation';
import {
  currentSearchIndex,
  recordSearchChanges,
  recordSearchRemovals,
} from '../../lambdas/lib/directory/search-index';
import {
  getSearchableInvestor,
  writeSearchableInvestors,
} from '../../lambdas/lib/table/repositories/investors';
import type { SearchableInvestor } from '../../shared/investors/types';
import { call } from './support/home';
import { seedInvestors, unique } from './support/seed';

/**
 * The recount folds the changes recorded since it began (issue 30, item 6): driven in-process against
 * the local S3 and table, with a withdrawal and an edit recorded between the recount's reads (its
 * steps) and its write (its last step), as a withdrawal through the investor portal records them.
 */

async function seeded(firm: string, names: string[]): Promise<SearchableInvestor[]> {
  await seedInvestors(names.map((name) => ({ name, firm, sectors: [`Recount ${firm}`] })));
  const found = (await currentSearchIndex()).page({ q: firm }, 'name', null, 10).items;
  const investors = await Promise.all(found.map((card) => getSearchableInvestor(card.id)));
  // In the order of `names`.
  return names.map((name) => {
    const investor = investors.find((i) => i?.name === name);
    if (!investor) throw new Error(`${name} was not seeded`);
    return investor;
  });
}

const namesIn = async (firm: string) => {
  // By name: typed words are ordered by best match, and these two match the firm alike.
  const response = await call('GET', `/investors?q=${firm}&sort=name`);
  const { items } = (response.body as { data: { items: { name: string; title?: string | null }[] } }).data;
  return items.map((item) => `${item.name}: ${item.title ?? '-'}`);
};

describe('a recount and the changes recorded while it runs', () => {
  it('writes a snapshot without an investor withdrawn after its Scan read them, and with an edit made meanwhile', async () => {
    const firm = `Midway${unique()}`;
    const [withdrawn, edited] = (await seeded(firm, [
      `Withdrawn Midway ${firm}`,
      `Edited Midway ${firm}`,
    ])) as [SearchableInvestor, SearchableInvestor];
    expect(await namesIn(firm)).toEqual([`Edited Midway ${firm}: -`, `Withdrawn Midway ${firm}: -`]);

    // The recount reads the whole table: both investors are in the cards it will write.
    const { runId } = await startRecount();
    while (!(await recountStep(runId)).done);

    // Between its reads and its write: a withdrawal, as withdrawProfile records it (a tombstone, then the
    // entry leaves the table), and an edit (its change recorded, then the table written).
    const at = new Date().toISOString();
    await recordSearchRemovals([{ ...withdrawn, updatedAt: at }]);
    await writeSearchableInvestors([{ before: withdrawn, after: null }]);
    const after = { ...edited, title: 'General Partner', updatedAt: at };
    await recordSearchChanges([after]);
    await writeSearchableInvestors([{ before: edited, after }]);

    await finishRecount(runId);

    // The snapshot the recount wrote (combined search reads it): the withdrawal holds, the edit shows.
    const index = await currentSearchIndex();
    expect(index.page({ q: firm }, 'name', null, 10).items.map((card) => card.id)).toEqual([edited.id]);
    expect(await namesIn(firm)).toEqual([`Edited Midway ${firm}: General Partner`]);

    // The counters, the Scan's, are put right by the next aggregation (which the withdrawal starts).
    const metadata = await aggregateDirectory();
    expect((await currentSearchIndex()).size).toBe(metadata.totalInvestors);
    expect(await namesIn(firm)).toEqual([`Edited Midway ${firm}: General Partner`]);
  });
});
