import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { type MigrationState, migrationStep, startMigration } from '../../lambdas/lib/directory/id-migration';
import {
  identityKeyFor,
  legacySearchableIdOfKey,
  searchableIdsOfKeys,
} from '../../lambdas/lib/directory/mapping';
import { recordSearchChanges } from '../../lambdas/lib/directory/search-index';
import {
  cartKey,
  investorContactsKey,
  investorProfileFactsKey,
  openReportGuardModel,
  passListKey,
  pipelineEntryKey,
  purchasedContactKey,
  purchasedContactModel,
  reportKey,
  searchableInvestorKey,
  workingCartKey,
} from '../../lambdas/lib/table/models';
import { putInvestorContacts } from '../../lambdas/lib/table/repositories/contacts';
import {
  getImportedInvestor,
  putImportedInvestors,
  searchByTag,
  writeSearchableInvestors,
} from '../../lambdas/lib/table/repositories/investors';
import { putProfileSheets } from '../../lambdas/lib/table/repositories/profile-facts';
import { addPass } from '../../lambdas/lib/table/repositories/shortlists';
import { getItem, putItem } from '../../lambdas/lib/table/table';
import { derivedProfileSheet } from '../../shared/investors/profile-facts';
import { derivedContactSheet } from '../../shared/investors/provenance';
import { type ImportedInvestor, toSearchableInvestor } from '../../shared/investors/types';
import { PATIENCE_MS } from '../support/patience';
import { importedInvestor } from './repositories/fixtures';
import { call, createUser, type TestUser } from './support/home';
import { createProject } from './support/projects';
import { defineOnTaxonomy, seedInvestors, unique } from './support/seed';
import { describeWorkflow, startWorkflow } from './support/workflows';

/**
 * Opaque investor ids (issue 48): a public id is random, never the hash of the investor's email; the
 * migration moves every reference of an old (hash) id to a random one, resumably; an old id answers
 * nobody but the founder whose own data held it.
 */

const u = unique();

/** The id an email had before issue 48: `inv_` + the first 24 hex of sha256(`email#<email>`). */
const hashIdOfEmail = (email: string) =>
  `inv_${createHash('sha256').update(`email#${email.trim().toLowerCase()}`).digest('hex').slice(0, 24)}`;

interface Card {
  id: string;
  name: string;
}
async function cardsNamed(name: string): Promise<Card[]> {
  const response = await call('GET', `/investors?q=${encodeURIComponent(name)}&limit=20`);
  expect(response.status, response.text).toBe(200);
  return (response.body as { data: { items: Card[] } }).data.items.filter((card) => card.name === name);
}

describe('public investor ids', () => {
  it('are never the hash of the investor email', async () => {
    const investors = Array.from({ length: 3 }, (_, i) => ({
      name: `Opaque Person ${i} ${u}`,
      email: `opaque-${i}-${u}@example.com`,
    }));
    await seedInvestors(investors);
    for (const investor of investors) {
      let cards: Card[] = [];
      await expect
        .poll(async () => {
          cards = await cardsNamed(investor.name);
          return cards.length;
        })
        .toBe(1);
      const [card] = cards;
      expect(card?.id).toMatch(/^inv_[0-9a-f]{24}$/);
      expect(card?.id).not.toBe(hashIdOfEmail(investor.email));
      // The hash of the email finds nothing: nobody can test a guessed email against the API.
      expect((await call('GET', `/investors/${hashIdOfEmail(investor.email)}`)).status).toBe(404);
    }
  });

  it('a re-import of the same people creates no duplicate', async () => {
    const investor = { name: `Again Person ${u}`, email: `again-${u}@example.com` };
    await seedInvestors([investor]);
    await seedInvestors([{ ...investor, email: investor.email.toUpperCase() }]);
    await expect.poll(async () => (await cardsNamed(investor.name)).length).toBe(1);
  });
});

/** Writes an entry of before issue 48 (its id the hash of its identity key), as the repositories did. */
async function seedLegacyEntry(record: ImportedInvestor, sector: string): Promise<string> {
  const id = legacySearchableIdOfKey(identityKeyFor(record));
  const mapped: ImportedInvestor = { ...record, status: 'mapped', searchableInvestorEntryId: id };
  await putImportedInvestors([mapped]);
  const investor = toSearchableInvestor(mapped, id);
  await recordSearchChanges([investor]);
  await putInvestorContacts([derivedContactSheet(id, mapped)]);
  await putProfileSheets([derivedProfileSheet(id, mapped)]);
  await writeSearchableInvestors([{ before: null, after: investor }]);
  expect(investor.sectorFocus).toContain(sector);
  return id;
}

/** Runs the migration workflow to its end (polled: beforeAll has no expect.poll) and returns its output. */
async function runMigration(): Promise<MigrationState> {
  const executionArn = await startWorkflow('idMigration', {});
  const deadline = Date.now() + 2 * PATIENCE_MS;
  let described = await describeWorkflow(executionArn);
  while (described.status === 'RUNNING' && Date.now() < deadline) {
    await new Promise((done) => setTimeout(done, 250));
    described = await describeWorkflow(executionArn);
  }
  expect(described.status, JSON.stringify(described)).toBe('SUCCEEDED');
  return JSON.parse(described.output ?? '{}') as MigrationState;
}

const movedOf = (state: MigrationState, kind: string) => state.counts[kind]?.moved ?? 0;

describe('the migration of old ids', () => {
  const sector = `legacy-sector-${u}`;
  const withEmail = importedInvestor({
    email: `legacy-${u}@example.com`,
    fullName: `Legacy Person ${u}`,
    sectorFocus: [sector],
    stageFocus: [],
  });
  const withoutEmail = importedInvestor({
    fullName: `Nameonly Person ${u}`,
    primaryFirm: { name: `Nameonly Capital ${u}` } as ImportedInvestor['primaryFirm'],
    sectorFocus: [sector],
    stageFocus: [],
  });
  let holder: TestUser;
  let other: TestUser;
  let oldId = '';
  let oldIdWithoutEmail = '';
  let cartId = '';
  let projectId = '';
  let entryId = '';
  let reportId = '';
  const partial: MigrationState[] = [];
  let run: MigrationState;
  let again: MigrationState;

  beforeAll(async () => {
    await defineOnTaxonomy('sector', [sector]);
    oldId = await seedLegacyEntry(withEmail, sector);
    oldIdWithoutEmail = await seedLegacyEntry(withoutEmail, sector);
    expect(oldId).toBe(hashIdOfEmail(withEmail.email ?? ''));
    [holder, other] = await Promise.all([createUser(), createUser()]);
    // The holder's own data with the old id: a saved cart, the working cart, a pipeline entry, a
    // report, a pass and a library row.
    const saved = await call('POST', '/carts', {
      token: holder.token,
      body: { investorIds: [oldId, oldIdWithoutEmail], columnOrder: ['name', 'email'] },
    });
    expect(saved.status, saved.text).toBe(201);
    cartId = (saved.body as { data: { id: string } }).data.id;
    const working = await call('PUT', '/me/cart', {
      token: holder.token,
      body: { expectedVersion: 0, investorIds: [oldId], columnOrder: ['name', 'email'], cartId: null },
    });
    expect(working.status, working.text).toBe(200);
    projectId = (await createProject(holder, `Raise ${u}`)).id;
    const added = await call('POST', `/projects/${projectId}/pipeline/entries`, {
      token: holder.token,
      body: { investorId: oldId },
    });
    expect(added.status, added.text).toBe(201);
    entryId = (added.body as { data: { entry: { id: string } } }).data.entry.id;
    const reported = await call('POST', `/investors/${oldId}/reports`, {
      token: holder.token,
      body: { reason: 'other', note: 'An old report' },
    });
    expect(reported.status, reported.text).toBe(201);
    reportId = (reported.body as { data: { id: string } }).data.id;
    await addPass(holder.sub, projectId, oldId, 100, new Date().toISOString());
    await putItem(
      purchasedContactModel.toItem(
        purchasedContactModel.schema.parse({
          userId: holder.sub,
          searchableInvestorId: oldId,
          importedInvestorId: withEmail.id,
          name: withEmail.fullName,
          email: withEmail.email,
          linkedinUrl: null,
          cartId,
          purchasedAt: new Date().toISOString(),
        }),
      ),
    );
    expect((await call('GET', `/investors/${oldId}`)).status).toBe(200);

    // A run that crashes: its first steps, one small page at a time, then nothing more.
    let state = startMigration();
    for (let i = 0; i < 3; i++) {
      state = await migrationStep(state, { budgetMs: 0, pageSize: 25 });
      partial.push(state);
    }
    run = await runMigration();
    again = await runMigration();
  }, 600_000);

  it('gives each old entry a random id, found through its identity', async () => {
    const ids = await searchableIdsOfKeys([identityKeyFor(withEmail), identityKeyFor(withoutEmail)], {
      create: false,
    });
    const newId = ids.get(identityKeyFor(withEmail)) ?? '';
    const newIdWithoutEmail = ids.get(identityKeyFor(withoutEmail)) ?? '';
    for (const [id, old] of [
      [newId, oldId],
      [newIdWithoutEmail, oldIdWithoutEmail],
    ] as const) {
      expect(id).toMatch(/^inv_[0-9a-f]{24}$/);
      expect(id).not.toBe(old);
      expect(await getItem(searchableInvestorKey(old), true)).toBeUndefined();
      expect((await getItem(searchableInvestorKey(id), true))?.id).toBe(id);
      expect(await getItem(investorContactsKey(old), true)).toBeUndefined();
      expect((await getItem(investorContactsKey(id), true))?.investorId).toBe(id);
      expect(await getItem(investorProfileFactsKey(old), true)).toBeUndefined();
      expect((await getItem(investorProfileFactsKey(id), true))?.investorId).toBe(id);
    }
    expect((await getImportedInvestor(withEmail.id))?.searchableInvestorEntryId).toBe(newId);
    expect((await getImportedInvestor(withoutEmail.id))?.searchableInvestorEntryId).toBe(newIdWithoutEmail);
    // The tag postings, and the search snapshot (rebuilt by the recount).
    const postings = await searchByTag('sector', sector, null, 10);
    expect(new Set(postings.items.map((card) => card.id))).toEqual(new Set([newId, newIdWithoutEmail]));
    expect((await cardsNamed(withEmail.fullName ?? '')).map((card) => card.id)).toEqual([newId]);
    expect((await call('GET', `/investors/${newId}`)).status).toBe(200);
  });

  it("moves every reference of the founder's own data", async () => {
    const newId = (await searchableIdsOfKeys([identityKeyFor(withEmail)], { create: false })).get(
      identityKeyFor(withEmail),
    );
    const newIdWithoutEmail = (
      await searchableIdsOfKeys([identityKeyFor(withoutEmail)], { create: false })
    ).get(identityKeyFor(withoutEmail));
    expect((await getItem(cartKey(cartId), true))?.searchableInvestorEntryIds).toEqual([
      newId,
      newIdWithoutEmail,
    ]);
    expect((await getItem(workingCartKey(holder.sub), true))?.investorIds).toEqual([newId]);
    const newEntryId = entryId.replace(oldId, newId ?? '');
    expect(newEntryId).not.toBe(entryId);
    expect(await getItem(pipelineEntryKey(projectId, entryId), true)).toBeUndefined();
    expect((await getItem(pipelineEntryKey(projectId, newEntryId), true))?.investorId).toBe(newId);
    expect((await getItem(reportKey(reportId), true))?.investorId).toBe(newId);
    const guard = (investorId: string) =>
      openReportGuardModel.keys({ userId: holder.sub, investorId, reportId });
    expect(await getItem(guard(oldId), true)).toBeUndefined();
    expect((await getItem(guard(newId ?? ''), true))?.reportId).toBe(reportId);
    expect((await getItem(passListKey(holder.sub, projectId), true))?.investorIds).toEqual(new Set([newId]));
    expect(await getItem(purchasedContactKey(holder.sub, oldId), true)).toBeUndefined();
    expect((await getItem(purchasedContactKey(holder.sub, newId ?? ''), true))?.searchableInvestorId).toBe(
      newId,
    );
    // What the founder reads through the API says only the new id.
    for (const path of ['/me/cart', `/projects/${projectId}/pipeline`, `/carts/${cartId}`]) {
      const response = await call('GET', path, { token: holder.token });
      expect(response.status, `${path}: ${response.text}`).toBe(200);
      expect(response.text).toContain(newId);
      expect(response.text).not.toContain(oldId);
    }
  });

  it('counts what it scanned and moved per kind, and a second run moves nothing', () => {
    const total = (kind: string) => movedOf(run, kind) + Math.max(0, ...partial.map((p) => movedOf(p, kind)));
    expect(total('identity')).toBe(2);
    expect(total('searchableInvestor')).toBe(2);
    expect(total('investorContacts')).toBe(2);
    expect(total('investorProfileFacts')).toBe(2);
    expect(total('importedInvestor')).toBe(2);
    for (const kind of [
      'cart',
      'workingCart',
      'pipelineEntry',
      'investorReport',
      'passList',
      'purchasedContact',
    ])
      expect(total(kind), kind).toBe(1);
    expect(run.done).toBe(true);
    expect(run.counts.searchableInvestor?.scanned).toBeGreaterThanOrEqual(2);
    for (const [kind, count] of Object.entries(again.counts)) expect(count.moved, kind).toBe(0);
    expect(again.counts.importedInvestor?.scanned).toBeGreaterThan(0);
  });

  it('an old id is a 404 for everyone but the founder who held it, who is sent to the new id', async () => {
    const newId = (await searchableIdsOfKeys([identityKeyFor(withEmail)], { create: false })).get(
      identityKeyFor(withEmail),
    );
    expect((await call('GET', `/investors/${oldId}`)).status).toBe(404);
    expect((await call('GET', `/investors/${oldId}`, { token: holder.token })).status).toBe(404);
    expect((await call('GET', `/me/moved-investors/${oldId}`)).status).toBe(401);
    const others = await call('GET', `/me/moved-investors/${oldId}`, { token: other.token });
    expect(others.status).toBe(404);
    expect(others.text).not.toContain(newId);
    const held = await call('GET', `/me/moved-investors/${oldId}`, { token: holder.token });
    expect(held.status, held.text).toBe(200);
    expect(held.body).toEqual({ data: { id: newId } });
    // A new id, or an id nobody held, is no old id of theirs.
    expect((await call('GET', `/me/moved-investors/${newId}`, { token: holder.token })).status).toBe(404);
    expect(
      (
        await call('GET', `/me/moved-investors/${hashIdOfEmail(`x-${u}@example.com`)}`, {
          token: holder.token,
        })
      ).status,
    ).toBe(404);
  });
});
