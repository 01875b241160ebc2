import { describe, expect, it } from 'vitest';
import { upgradeSeededProvenance } from '../../infra/local/seed';
import { getSearchableInvestor } from '../../lambdas/lib/table/repositories/investors';
import { putItem } from '../../lambdas/lib/table/table';
import { call } from './support/home';
import { seedInvestors, unique } from './support/seed';

describe('the local home brought up to date (connected)', () => {
  it('gives investors seeded before provenance the months their contact values were confirmed, once', async () => {
    const u = unique();
    const importedAt = new Date('2025-04-09T08:00:00.000Z');
    await seedInvestors(
      [
        {
          name: `Old Seed ${u}`,
          email: `old-seed-${u}@example.com`,
          phone: '+1 555 0100',
          sectors: [`old-${u}`],
        },
      ],
      { importedAt },
    );
    const found = await call('GET', `/investors?sectorFocus=old-${u}`);
    const id = (found.body as { data: { items: { id: string }[] } }).data.items[0]?.id ?? '';
    // The investor as an older home wrote it: no months.
    const { contactConfirmed: _months, ...legacy } = (await getSearchableInvestor(id)) ?? {};
    await putItem({ ...legacy, pk: `INVESTOR#${id}`, sk: 'INVESTOR', entity: 'searchableInvestor' });
    expect(await getSearchableInvestor(id)).toMatchObject({ contactConfirmed: {} });

    expect(await upgradeSeededProvenance()).toBe(true);

    expect(await getSearchableInvestor(id)).toMatchObject({
      contactConfirmed: { email: '2025-04', phone: '2025-04' },
    });
    expect(await upgradeSeededProvenance()).toBe(false);
  });
});
