import { beforeAll, describe, expect, it } from 'vitest';
import { getInvestorContacts } from '../../lambdas/lib/table/repositories/contacts';
import { call, createUser, type TestUser } from './support/home';
import { seedInvestors, unique } from './support/seed';

/**
 * Provenance of contact values (docs/data-model.md, "Provenance"), through the product's own paths:
 * imports (the shared CSV mapping, then mapping) and an admin's correction over HTTP, read back with
 * the Mapping Debugger's route and the public profile.
 */

const SPRING = new Date('2025-01-15T10:00:00.000Z');
const SUMMER = new Date('2025-06-20T08:30:00.000Z');

let admin: TestUser;

beforeAll(async () => {
  admin = await createUser({ admin: true });
});

async function investorIdOf(sector: string): Promise<string> {
  const found = await call('GET', `/investors?sectorFocus=${sector}`);
  const id = (found.body as { data: { items: { id: string }[] } }).data.items[0]?.id;
  if (!id) throw new Error(`no investor in ${sector}`);
  return id;
}

interface Field {
  value: string | null;
  source: { kind: string; name: string; url: string | null; ref: string | null };
  changedAt: string;
  confirmedAt: string;
}

async function sheetOf(investorId: string) {
  const response = await call('GET', `/admin/searchable-investors/${investorId}`, { token: admin.token });
  expect(response.status).toBe(200);
  return (response.body as { data: { contacts: { fields: Record<string, Field> } } }).data.contacts;
}

async function profileOf(investorId: string) {
  const response = await call('GET', `/investors/${investorId}`);
  expect(response.status).toBe(200);
  return (response.body as { data: Record<string, unknown> }).data;
}

describe('provenance of contact values (connected)', () => {
  it('records the import each value came from and when it was confirmed; a later import confirms, adds and changes', async () => {
    const u = unique();
    const sector = `prov-${u}`;
    const person = { name: `Prov Person ${u}`, email: `prov-${u}@example.com`, sectors: [sector] };
    await seedInvestors([{ ...person, phone: '+1 555 0100' }], {
      sourceName: `Spring list ${u}`,
      sourceUrl: `https://example.com/spring-${u}.csv`,
      importedAt: SPRING,
    });
    const id = await investorIdOf(sector);

    // Seen once: the sheet is the one its imported record implies (no item stored).
    expect(await getInvestorContacts([id], { consistent: true })).toEqual(new Map());
    const first = await sheetOf(id);
    expect(first.fields.email).toEqual({
      value: person.email,
      source: {
        kind: 'import',
        name: `Spring list ${u}`,
        url: `https://example.com/spring-${u}.csv`,
        ref: expect.any(String),
      },
      changedAt: SPRING.toISOString(),
      confirmedAt: SPRING.toISOString(),
    });
    expect((await profileOf(id)).contactConfirmed).toEqual({ email: '2025-01', phone: '2025-01' });

    // The summer list has the same email (another case), a new phone and a Twitter link.
    await seedInvestors(
      [
        {
          ...person,
          email: person.email.toUpperCase(),
          phone: '+1 555 0177',
          twitter: `https://twitter.com/prov_${u}`,
        },
      ],
      {
        sourceName: `Summer list ${u}`,
        sourceUrl: `https://example.com/summer-${u}.csv`,
        importedAt: SUMMER,
      },
    );

    const second = await sheetOf(id);
    expect(second.fields.email).toMatchObject({
      value: person.email,
      source: { name: `Spring list ${u}` },
      changedAt: SPRING.toISOString(),
      confirmedAt: SUMMER.toISOString(),
    });
    expect(second.fields.phone).toMatchObject({
      value: '+1 555 0177',
      source: { kind: 'import', name: `Summer list ${u}`, url: `https://example.com/summer-${u}.csv` },
      changedAt: SUMMER.toISOString(),
    });
    expect(second.fields.twitter).toMatchObject({ source: { name: `Summer list ${u}` } });
    expect((await getInvestorContacts([id], { consistent: true })).get(id)?.fields.phone?.value).toBe(
      '+1 555 0177',
    );
    expect(await profileOf(id)).toMatchObject({
      hasTwitter: true,
      contactConfirmed: { email: '2025-06', phone: '2025-06', twitter: '2025-06' },
    });
    // Issue 50: the profile says where each value came from, as a kind and a month (never the name).
    expect((await profileOf(id)).contactSources).toEqual({
      email: { by: 'import', month: '2025-06' },
      phone: { by: 'import', month: '2025-06' },
      twitter: { by: 'import', month: '2025-06' },
    });

    // The spring list imported again changes nothing: it is older than what the sheet holds.
    await seedInvestors([{ ...person, phone: '+1 555 0100' }], {
      sourceName: `Spring list ${u}`,
      importedAt: SPRING,
    });
    expect((await sheetOf(id)).fields).toEqual(second.fields);
  });

  it("records an admin's correction, which later imports can confirm but not overwrite", async () => {
    const u = unique();
    const sector = `corr-${u}`;
    const person = {
      name: `Corrected Person ${u}`,
      email: `corr-${u}@example.com`,
      phone: '+1 555 0100',
      twitter: `https://twitter.com/corr_${u}`,
      sectors: [sector],
    };
    await seedInvestors([person], { sourceName: `List ${u}`, importedAt: SPRING });
    const id = await investorIdOf(sector);

    const before = Date.now();
    const corrected = await call('PUT', `/admin/investors/${id}/contacts`, {
      token: admin.token,
      body: { phone: '+1 555 0199', twitter: null, email: person.email },
    });

    expect(corrected.status).toBe(200);
    const contacts = (corrected.body as { data: { contacts: { fields: Record<string, Field> } } }).data
      .contacts;
    const adminSource = { kind: 'admin', name: 'admin correction', url: null, ref: admin.sub };
    expect(contacts.fields.phone).toMatchObject({ value: '+1 555 0199', source: adminSource });
    expect(Date.parse(contacts.fields.phone?.changedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    // Confirmed, not changed: the email keeps when it changed and becomes the admin's.
    expect(contacts.fields.email).toMatchObject({
      value: person.email,
      source: adminSource,
      changedAt: SPRING.toISOString(),
    });
    expect(contacts.fields.twitter).toMatchObject({ value: null, source: adminSource });
    const month = new Date().toISOString().slice(0, 7);
    expect(await profileOf(id)).toMatchObject({
      hasTwitter: false,
      hasPhone: true,
      contactConfirmed: { email: month, phone: month },
    });
    expect((await profileOf(id)).contactConfirmed).not.toHaveProperty('twitter');
    // Issue 50: the corrected values are the team's; the removed one has no source to show.
    expect((await profileOf(id)).contactSources).toEqual({
      email: { by: 'admin', month },
      phone: { by: 'admin', month },
    });

    // An import today with the old values confirms the email and changes nothing the admin decided.
    await seedInvestors([person], { sourceName: `List ${u}` });
    const after = await sheetOf(id);
    expect(after.fields.phone).toMatchObject({ value: '+1 555 0199', source: adminSource });
    expect(after.fields.twitter).toMatchObject({ value: null, source: adminSource });
    expect(after.fields.email).toMatchObject({ source: adminSource, changedAt: SPRING.toISOString() });
  });

  it('refuses a correction with a bad value, no field or an unknown field (400), and of no investor (404)', async () => {
    const u = unique();
    await seedInvestors([{ name: `Bad Input ${u}`, email: `bad-${u}@example.com`, sectors: [`bad-${u}`] }]);
    const id = await investorIdOf(`bad-${u}`);
    const put = (body: unknown, investorId = id) =>
      call('PUT', `/admin/investors/${investorId}/contacts`, { token: admin.token, body });

    const answers = await Promise.all([
      put({ email: 'not an email' }),
      put({ linkedin: 'ftp://example.com/in/x' }),
      put({ phone: 'call me' }),
      put({}),
      put({ website: 'https://example.com' }),
      put({ email: `x-${u}@example.com` }, `inv_missing_${u}`),
    ]);

    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400, 400, 404]);
    const messages = answers.map((a) => JSON.stringify(a.body));
    expect(messages[0]).toContain('email must be an email address');
    expect(messages[1]).toContain('linkedin must be a web address starting with https:// or http://');
    expect(messages[2]).toContain('phone must be a phone number');
    expect(messages[3]).toContain('Give at least one contact field to correct.');
    expect(messages[4]).toContain("Unknown field 'website'");
  });
});
