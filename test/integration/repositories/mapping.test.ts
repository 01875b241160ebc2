import { describe, expect, it } from 'vitest';
import {
  findSearchableIdFor,
  mapImportedInvestors as mapOnTable,
  processAllImportedInvestors,
  processUnmappedImportedInvestors,
} from '../../../lambdas/lib/directory/mapping';
import {
  getImportedInvestor,
  getSearchableInvestor,
  listUnmappedImportedInvestors,
  putImportedInvestors as putOnTable,
  searchByTag,
} from '../../../lambdas/lib/table/repositories/investors';
import type { ImportedInvestor } from '../../../shared/investors/types';
import { defineOnTaxonomy } from '../support/seed';
import { importedInvestor, unique } from './fixtures';

const NOW = new Date('2031-02-03T04:05:06.000Z');
const social = importedInvestor().social;

/** The entry a mapped record maps to, through its identity (ids are random: issue 48). */
async function idFor(record: ImportedInvestor): Promise<string> {
  const id = await findSearchableIdFor(record);
  if (!id) throw new Error(`${record.id} maps to no entry`);
  return id;
}

/**
 * The records' own sectors and stages on the taxonomy first (as an admin adds them): these tests
 * keep apart with unique tags, which mapping would otherwise leave in the unmapped queue.
 */
async function onTaxonomy(records: readonly ImportedInvestor[]) {
  await defineOnTaxonomy(
    'sector',
    records.flatMap((r) => r.sectorFocus),
  );
  await defineOnTaxonomy(
    'stage',
    records.flatMap((r) => r.stageFocus),
  );
}
const mapImportedInvestors = async (...args: Parameters<typeof mapOnTable>) => {
  await onTaxonomy(args[0]);
  return mapOnTable(...args);
};
const putImportedInvestors = async (records: ImportedInvestor[]) => {
  await onTaxonomy(records);
  return putOnTable(records);
};

/** A tag no other test uses, already in normalised form. */
const uniqueTag = (label: string) => `${label} ${unique('')}`;

/** Imported `msAgo` before now, so the order of a group inside the pending index is known. */
const importedAgo = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();

async function expectMappedTo(investors: ImportedInvestor[], searchableId: string) {
  for (const investor of investors) {
    expect(await getImportedInvestor(investor.id)).toMatchObject({
      status: 'mapped',
      searchableInvestorEntryId: searchableId,
      updatedAt: NOW.toISOString(),
    });
  }
}

describe('mapping imported investors to searchable investors (DynamoDB Local)', () => {
  it('maps two records whose emails differ only in case to one searchable investor, uniting focus and flags', async () => {
    const local = unique('ada.');
    const stage = uniqueTag('seed');
    const sector = uniqueTag('fintech');
    const first = importedInvestor({
      email: ` ${local.toUpperCase()}@Example.com `,
      fullName: 'Ada Marlowe',
      investorRole: 'angel',
      primaryFirm: { name: 'Acorn Ventures' },
      stageFocus: ['Pre-Seed', stage.toUpperCase()],
      sectorFocus: ['SaaS'],
      phone: '+1 555 0100',
      geographyFocus: { cities: ['Lisbon'], countries: [], regions: [] },
      importedAt: importedAgo(2_000),
    });
    const second = importedInvestor({
      email: `${local}@example.com`,
      fullName: 'A. Marlowe',
      investorRole: 'vc',
      primaryFirm: null,
      stageFocus: [` ${stage} `, 'Series A'],
      sectorFocus: ['saas', sector],
      social: { ...social, linkedin: 'https://www.linkedin.com/in/ada' },
      title: 'Partner',
      geographyFocus: { cities: ['lisbon', 'Porto'], countries: ['Portugal'], regions: [] },
      checkSize: { min: { value: 100_000 }, max: { value: 500_000 }, bucket: null },
      importedAt: importedAgo(1_000),
    });
    await putImportedInvestors([first, second]);

    const result = await processUnmappedImportedInvestors(() => NOW);

    expect(result.mapped).toBeGreaterThanOrEqual(2);
    const id = await idFor(first);
    expect(await idFor(second)).toBe(id);
    await expectMappedTo([first, second], id);
    expect(await getSearchableInvestor(id)).toEqual({
      id,
      name: 'Ada Marlowe',
      investorRole: 'angel',
      stageFocus: ['pre-seed', stage, 'series a'],
      sectorFocus: ['saas', sector],
      hasEmail: true,
      hasPhone: true,
      hasLinkedIn: true,
      hasTwitter: false,
      hasCrunchbase: false,
      importedInvestorId: first.id,
      firmName: 'Acorn Ventures',
      // The first known title and cheque bounds; places united, first spelling kept.
      title: 'Partner',
      cities: ['Lisbon', 'Porto'],
      countries: ['Portugal'],
      checkMin: 100_000,
      checkMax: 500_000,
      // Flags and months from the contact sheet: each value's month, never the value.
      contactConfirmed: {
        email: first.importedAt.slice(0, 7),
        phone: first.importedAt.slice(0, 7),
        linkedin: second.importedAt.slice(0, 7),
      },
      // When the entry entered the directory: this mapping's (a saved search's "new since", issue 35).
      addedAt: NOW.toISOString(),
      updatedAt: [first.updatedAt, second.updatedAt].sort().at(-1),
    });
    const byStage = await searchByTag('stage', stage, null, 10);
    expect(byStage.items.map((i) => i.id)).toEqual([id]);
    expect(byStage.total).toBe(1);
    const bySector = await searchByTag('sector', sector, null, 10);
    expect(bySector.items.map((i) => i.id)).toEqual([id]);
    expect(bySector.total).toBe(1);
  });

  it('maps records without email but with the same name and firm (any case or spacing) to one searchable investor', async () => {
    const name = `Bram ${unique('')}`;
    const sector = uniqueTag('climate');
    const records = [
      importedInvestor({
        fullName: name,
        primaryFirm: { name: 'Beacon Capital' },
        sectorFocus: [sector],
        importedAt: importedAgo(2_000),
      }),
      importedInvestor({
        importedAt: importedAgo(1_000),
        fullName: ` ${name.toUpperCase()}  `,
        primaryFirm: { name: 'beacon   CAPITAL ' },
        sectorFocus: [sector],
        social: { ...social, twitter: 'https://twitter.com/bram' },
      }),
    ];
    const otherFirm = importedInvestor({
      fullName: name,
      primaryFirm: { name: 'Cobalt Labs' },
      sectorFocus: [sector],
    });
    await putImportedInvestors([...records, otherFirm]);

    await processUnmappedImportedInvestors(() => NOW);

    const [one, two] = records;
    if (!one || !two) throw new Error('fixtures missing');
    const id = await idFor(one);
    expect(await idFor(two)).toBe(id);
    expect(await idFor(otherFirm)).not.toBe(id);
    await expectMappedTo(records, id);
    await expectMappedTo([otherFirm], await idFor(otherFirm));
    expect(await getSearchableInvestor(id)).toMatchObject({
      hasEmail: false,
      hasTwitter: true,
      firmName: 'Beacon Capital',
    });
    const page = await searchByTag('sector', sector, null, 10);
    expect(new Set(page.items.map((i) => i.id))).toEqual(new Set([id, await idFor(otherFirm)]));
    expect(page.total).toBe(2);
  });

  it('keeps records with neither email nor name apart', async () => {
    const sector = uniqueTag('nameless');
    const records = [
      importedInvestor({ fullName: null, firstName: null, lastName: null, sectorFocus: [sector] }),
      importedInvestor({ fullName: '  ', firstName: null, lastName: null, sectorFocus: [sector] }),
    ];
    await putImportedInvestors(records);

    await processUnmappedImportedInvestors(() => NOW);

    const ids = await Promise.all(records.map(idFor));
    expect(new Set(ids).size).toBe(2);
    expect((await searchByTag('sector', sector, null, 10)).total).toBe(2);
  });

  it('creates no duplicate when the same rows are imported again, and leaves nothing pending', async () => {
    const email = `${unique('cleo')}@example.com`;
    const stage = uniqueTag('growth');
    const row = { email, fullName: 'Cleo Hollis', stageFocus: [stage], sectorFocus: ['AI'] };
    const original = importedInvestor(row);
    await putImportedInvestors([original]);
    await processUnmappedImportedInvestors(() => NOW);
    const id = await idFor(original);
    const firstPass = await getSearchableInvestor(id);

    const reimported = importedInvestor(row);
    await putImportedInvestors([reimported]);
    await processUnmappedImportedInvestors(() => NOW);

    await expectMappedTo([original, reimported], id);
    // Nothing a reader sees changed, so the entry (and its postings and counters) is not written again.
    expect(await getSearchableInvestor(id)).toEqual(firstPass);
    const page = await searchByTag('stage', stage, null, 10);
    expect(page.items.map((i) => i.id)).toEqual([id]);
    expect(page.total).toBe(1);
    expect((await listUnmappedImportedInvestors(null, 1)).items).toEqual([]);
  });

  it('writes a re-imported investor again only when the merge changes it', async () => {
    const email = `${unique('dana')}@example.com`;
    const stage = uniqueTag('seed');
    const original = importedInvestor({ email, fullName: 'Dana Oaks', stageFocus: [stage] });
    await putImportedInvestors([original]);
    expect(await mapImportedInvestors([original], NOW)).toEqual({ mapped: 1, searchableWritten: 1 });

    const same = importedInvestor({ email, fullName: 'Dana Oaks', stageFocus: [stage] });
    expect(await mapImportedInvestors([same], NOW)).toEqual({ mapped: 1, searchableWritten: 0 });

    const sector = uniqueTag('fintech');
    const more = importedInvestor({ email, fullName: 'Dana Oaks', sectorFocus: [sector] });
    expect(await mapImportedInvestors([more], NOW)).toEqual({ mapped: 1, searchableWritten: 1 });
    const id = await idFor(original);
    expect((await getSearchableInvestor(id))?.sectorFocus).toEqual([sector]);
    expect((await searchByTag('sector', sector, null, 10)).items.map((i) => i.id)).toEqual([id]);
  });

  it('maps nothing when run again with nothing pending', async () => {
    await putImportedInvestors([importedInvestor({ email: `${unique('x')}@example.com` })]);
    await processUnmappedImportedInvestors(() => NOW);

    expect(await processUnmappedImportedInvestors(() => NOW)).toEqual({ mapped: 0, searchableWritten: 0 });
  });

  it('folds a later record of the same person into the existing searchable investor', async () => {
    const email = `${unique('dario')}@example.com`;
    const firstTag = uniqueTag('seed');
    const laterTag = uniqueTag('series b');
    const first = importedInvestor({ email, fullName: 'Dario Ivers', stageFocus: [firstTag] });
    await putImportedInvestors([first]);
    await processUnmappedImportedInvestors(() => NOW);

    const later = importedInvestor({
      email: email.toUpperCase(),
      fullName: 'Dario Ivers',
      stageFocus: [laterTag],
      social: { ...social, crunchbase: 'https://www.crunchbase.com/person/dario' },
    });
    await putImportedInvestors([later]);
    await processUnmappedImportedInvestors(() => NOW);

    const id = await idFor(first);
    const investor = await getSearchableInvestor(id);
    expect(investor).toMatchObject({
      stageFocus: [firstTag, laterTag],
      hasCrunchbase: true,
      importedInvestorId: first.id,
    });
    // The posting of the first tag carries the updated card.
    const byFirst = await searchByTag('stage', firstTag, null, 10);
    expect(byFirst.items).toEqual([
      expect.objectContaining({ id, stageFocus: [firstTag, laterTag], hasCrunchbase: true }),
    ]);
    expect(byFirst.total).toBe(1);
    expect((await searchByTag('stage', laterTag, null, 10)).total).toBe(1);
  });

  it('maps every pending record across several pages', async () => {
    const sector = uniqueTag('paged');
    const records = Array.from({ length: 7 }, () =>
      importedInvestor({ email: `${unique('p')}@example.com`, sectorFocus: [sector] }),
    );
    await putImportedInvestors(records);

    const result = await processUnmappedImportedInvestors(() => NOW, 2);

    expect(result.mapped).toBeGreaterThanOrEqual(7);
    for (const record of records) await expectMappedTo([record], await idFor(record));
    expect((await searchByTag('sector', sector, null, 10)).total).toBe(7);
  });

  it('maps a given chunk directly, grouping by searchable id, and does nothing for an empty chunk', async () => {
    const email = `${unique('chunk')}@example.com`;
    const records = [
      importedInvestor({ email }),
      importedInvestor({ email: email.toUpperCase() }),
      importedInvestor(),
    ];
    await putImportedInvestors(records);

    expect(await mapImportedInvestors([], NOW)).toEqual({ mapped: 0, searchableWritten: 0 });
    expect(await mapImportedInvestors(records, NOW)).toEqual({ mapped: 3, searchableWritten: 2 });
  });

  it('re-maps every imported investor without duplicating searchable investors or drifting counters', async () => {
    const email = `${unique('all')}@example.com`;
    const stage = uniqueTag('process all');
    const records = [
      importedInvestor({ email, stageFocus: [stage] }),
      importedInvestor({ email, stageFocus: [stage] }),
    ];
    await putImportedInvestors(records);
    await processUnmappedImportedInvestors(() => NOW);
    const [first] = records;
    if (!first) throw new Error('fixtures missing');
    const id = await idFor(first);
    const before = await getSearchableInvestor(id);

    const result = await processAllImportedInvestors(() => NOW);

    expect(result.mapped).toBeGreaterThanOrEqual(2);
    // Re-mapping changes nothing a reader sees, so the entry is not written again (updatedAt included).
    expect(await getSearchableInvestor(id)).toEqual(before);
    await expectMappedTo(records, id);
    const page = await searchByTag('stage', stage, null, 10);
    expect(page.items.map((i) => i.id)).toEqual([id]);
    expect(page.total).toBe(1);
  });
});
