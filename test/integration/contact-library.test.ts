import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { SALESFORCE_NO_COMPANY } from '../../lambdas/lib/export/crm-csv';
import { getCartDelivery } from '../../lambdas/lib/table/repositories/deliveries';
import { updateItem } from '../../lambdas/lib/table/table';
import { INVALID_CURSOR } from '../../shared/api/paging';
import { BRAND } from '../../shared/messages';
import { call, createUser, type TestUser } from './support/home';
import { checkoutEvent, emailsTo, postEvent } from './support/purchases';
import { type SeedInvestor, seedInvestors, unique } from './support/seed';

/**
 * The contact library (issue 32): pages searched and ordered on the server, one investor's bought
 * values for their profile (the buyer's only), the whole library as a CRM import file (the buyer's
 * only), and phone numbers written as they are in both CSVs while a formula planted in a phone is
 * still neutralised.
 */

const u = unique();
const SAFE_PHONE = '+44 20 7946 0958';
const DDE_PHONE = "+cmd|' /C calc'!A0";
const LINK_PHONE = '=HYPERLINK("http://evil.example","call me")';

const planted: (SeedInvestor & { key: string })[] = [
  {
    key: 'ada',
    name: `Ada Lovelace ${u}`,
    email: `ada-${u}@northwind.example`,
    phone: SAFE_PHONE,
    linkedin: `https://www.linkedin.com/in/ada-${u}`,
    firm: `Northwind ${u}`,
    title: 'General Partner',
    city: 'London',
    country: 'United Kingdom',
  },
  {
    key: 'bo',
    name: `Bo Planted ${u}`,
    email: `bo-${u}@acme.example`,
    phone: DDE_PHONE,
    firm: `Acme ${u}`,
    title: 'Partner',
    city: 'Berlin',
    country: 'Germany',
  },
  {
    key: 'cy',
    name: `Cy Angel ${u}`,
    email: `cy-${u}@angel.example`,
    phone: LINK_PHONE,
    role: 'Angel',
  },
  // Bought by another founder only.
  {
    key: 'di',
    name: `Di Other ${u}`,
    email: `di-${u}@other.example`,
    phone: '+1 415 555 0100',
    firm: `Delta ${u}`,
  },
];

let buyer: TestUser;
let other: TestUser;
const ids: Record<string, string> = {};
let cartId = '';

interface LibraryRow {
  searchableInvestorId: string;
  name: string;
  firm: string | null;
  email: string | null;
  phone: string | null;
  purchasedAt: string;
  updates: unknown[];
  sources?: Record<string, unknown>;
}
interface LibraryAnswer {
  contacts: LibraryRow[];
  total: number;
  matching: number;
  cursor: string | null;
  purchases: { cartId: string; purchasedAt: string }[];
}

async function library(user: TestUser, query = ''): Promise<LibraryAnswer> {
  const response = await call('GET', `/me/contacts${query}`, { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body as { data: LibraryAnswer }).data;
}

/** `delivered` outside a test (expect.poll needs one). */
async function deliveredBeforeAll(id: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    if ((await getCartDelivery(id))?.deliveredAt) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`cart ${id} was not delivered`);
}

async function buy(user: TestUser, investorIds: string[]): Promise<string> {
  const saved = await call('POST', '/carts', {
    token: user.token,
    body: { investorIds, columnOrder: ['name', 'email', 'linkedinUrl', 'phone'] },
  });
  expect(saved.status).toBe(201);
  const id = (saved.body as { data: { id: string } }).data.id;
  await postEvent(checkoutEvent(id, 500));
  await deliveredBeforeAll(id);
  return id;
}

async function crmExport(user: TestUser, format: string) {
  const response = await call('GET', `/me/crm-export?format=${format}`, { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const data = (response.body as { data: { url: string; fileName: string; rowCount: number } }).data;
  const download = await fetch(data.url);
  expect(download.status).toBe(200);
  expect(download.headers.get('content-disposition')).toContain(data.fileName);
  const text = await download.text();
  return { ...data, text, rows: parse(text, { bom: true }) as string[][] };
}

beforeAll(async () => {
  [buyer, other] = await Promise.all([createUser(), createUser()]);
  const tag = `library-${u}`;
  await seedInvestors(planted.map(({ key: _key, ...investor }) => ({ ...investor, sectors: [tag] })));
  const found = await call('GET', `/investors?sectorFocus=${tag}&limit=100`);
  for (const item of (found.body as { data: { items: { id: string; name: string }[] } }).data.items) {
    const key = planted.find((p) => p.name === item.name)?.key;
    if (key) ids[key] = item.id;
  }
  cartId = await buy(buyer, [ids.ada ?? '', ids.bo ?? '', ids.cy ?? '']);
  await buy(other, [ids.di ?? '']);
}, 180_000);

describe("a founder's bought values of one investor (GET /me/contacts/{investorId})", () => {
  it('gives the buyer the values bought, the firm and the date', async () => {
    const response = await call('GET', `/me/contacts/${ids.ada}`, { token: buyer.token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      data: {
        searchableInvestorId: ids.ada,
        name: `Ada Lovelace ${u}`,
        firm: `Northwind ${u}`,
        email: `ada-${u}@northwind.example`,
        phone: SAFE_PHONE,
        linkedinUrl: `https://www.linkedin.com/in/ada-${u}`,
        cartId,
        updates: [],
      },
    });
    // Issue 50: where each bought value came from, and the month (seeded by an import this month).
    const month = new Date().toISOString().slice(0, 7);
    expect((response.body as { data: { sources: unknown } }).data.sources).toEqual({
      email: { by: 'import', month },
      linkedinUrl: { by: 'import', month },
      phone: { by: 'import', month },
    });
    const page = await library(buyer);
    expect(page.contacts.find((c) => c.searchableInvestorId === ids.ada)).toMatchObject({
      sources: { email: { by: 'import', month }, phone: { by: 'import', month } },
    });
  });

  it('answers 404 to another founder, and to the buyer for an investor they did not buy', async () => {
    const theirs = await call('GET', `/me/contacts/${ids.ada}`, { token: other.token });
    expect(theirs.status).toBe(404);
    expect(theirs.text).not.toContain(`ada-${u}@northwind.example`);
    const notBought = await call('GET', `/me/contacts/${ids.di}`, { token: buyer.token });
    expect(notBought.status).toBe(404);
    expect(notBought.text).not.toContain(`di-${u}@other.example`);
  });

  it('answers 401 to a visitor', async () => {
    const visitor = await call('GET', `/me/contacts/${ids.ada}`);
    expect(visitor.status).toBe(401);
  });

  it('refuses an id that is not an investor id with 400', async () => {
    const bad = await call('GET', '/me/contacts/not%20an%20id', { token: buyer.token });
    expect(bad.status).toBe(400);
  });
});

describe('the library, a page at a time (GET /me/contacts)', () => {
  it("lists the caller's contacts with their firms, the total and the purchases", async () => {
    const page = await library(buyer);
    expect(page.contacts.map((c) => c.name)).toEqual([
      `Ada Lovelace ${u}`,
      `Bo Planted ${u}`,
      `Cy Angel ${u}`,
    ]);
    expect(page.contacts.map((c) => c.firm)).toEqual([`Northwind ${u}`, `Acme ${u}`, null]);
    expect(page).toMatchObject({ total: 3, matching: 3, cursor: null });
    expect(page.purchases.map((p) => p.cartId)).toEqual([cartId]);
    expect((await library(other)).contacts.map((c) => c.name)).toEqual([`Di Other ${u}`]);
  });

  it("forgives a typo as the directory's search does: 'florain weis' and 'Weiß' find Florian Weiß", async () => {
    const founder = await createUser();
    const tag = `library-typo-${u}`;
    await seedInvestors([{ name: `Florian Weiß ${u}`, email: `florian-${u}@alpen.example`, sectors: [tag] }]);
    const found = await call('GET', `/investors?sectorFocus=${tag}`);
    const florianId = (found.body as { data: { items: { id: string }[] } }).data.items[0]?.id ?? '';
    await buy(founder, [florianId]);
    const names = async (q: string) =>
      (await library(founder, `?q=${encodeURIComponent(q)}`)).contacts.map((c) => c.name);
    expect(await names('florain weis')).toEqual([`Florian Weiß ${u}`]);
    expect(await names('Weiss')).toEqual([`Florian Weiß ${u}`]);
    expect(await names('WEIß florian')).toEqual([`Florian Weiß ${u}`]);
    // Beyond the typo budget nothing is found.
    expect(await names('flroain')).toEqual([]);
  }, 60_000);

  it('searches names, firms and emails, every word, whatever the case', async () => {
    const names = async (q: string) =>
      (await library(buyer, `?q=${encodeURIComponent(q)}`)).contacts.map((c) => c.name);
    expect(await names('NORTHWIND')).toEqual([`Ada Lovelace ${u}`]);
    expect(await names('acme.example')).toEqual([`Bo Planted ${u}`]);
    expect(await names('cy angel')).toEqual([`Cy Angel ${u}`]);
    // Every word: one contact's name and another's firm find neither. (No word a hex suffix could
    // hold: `u` is random hex, and "ada" was once inside Bo's "35d3adab".)
    expect(await names('lovelace acme')).toEqual([]);
    // Another founder's contact is never found.
    expect(await names('Di Other')).toEqual([]);
  });

  it('sorts by firm (none last) and by date bought', async () => {
    const byFirm = await library(buyer, '?sort=firm&order=desc');
    expect(byFirm.contacts.map((c) => c.firm)).toEqual([`Northwind ${u}`, `Acme ${u}`, null]);
    const newest = await library(buyer, '?sort=bought');
    expect(newest.contacts).toHaveLength(3);
  });

  it('pages with a cursor, each contact once, and counts the matches', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: LibraryAnswer = await library(
        buyer,
        `?sort=firm&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.matching).toBe(3);
      seen.push(...page.contacts.map((c) => c.name));
      cursor = page.cursor;
    } while (cursor);
    expect(seen).toEqual([`Bo Planted ${u}`, `Ada Lovelace ${u}`, `Cy Angel ${u}`]);
  });

  it('refuses a cursor of another order, an edited cursor and a page size out of range, saying what to do', async () => {
    const first = await library(buyer, '?sort=name&limit=1');
    const otherOrder = await call('GET', `/me/contacts?sort=firm&cursor=${first.cursor}`, {
      token: buyer.token,
    });
    expect(otherOrder.status).toBe(400);
    expect(otherOrder.body).toMatchObject({ error: { message: INVALID_CURSOR } });
    const edited = await call('GET', '/me/contacts?cursor=not-a-cursor', { token: buyer.token });
    expect(edited.status).toBe(400);
    expect(edited.body).toMatchObject({ error: { message: INVALID_CURSOR } });
    const big = await call('GET', '/me/contacts?limit=101', { token: buyer.token });
    expect(big.status).toBe(400);
    expect(big.body).toMatchObject({ error: { message: 'limit must be a whole number from 1 to 100' } });
  });

  it('reads the firm from the directory for a row bought before firms were kept', async () => {
    await updateItem({
      Key: { pk: `USER#${buyer.sub}`, sk: `CONTACT#${ids.bo}` },
      UpdateExpression: 'REMOVE firmName',
    });
    const page = await library(buyer, '?q=planted');
    expect(page.contacts.map((c) => c.firm)).toEqual([`Acme ${u}`]);
  });
});

describe('the ids of bought investors (GET /me/bought-investors)', () => {
  it("lists the caller's bought investors only", async () => {
    const mine = await call('GET', '/me/bought-investors', { token: buyer.token });
    expect((mine.body as { data: { investorIds: string[] } }).data.investorIds.sort()).toEqual(
      [ids.ada, ids.bo, ids.cy].sort(),
    );
    const theirs = await call('GET', '/me/bought-investors', { token: other.token });
    expect((theirs.body as { data: { investorIds: string[] } }).data.investorIds).toEqual([ids.di]);
  });
});

describe('the CRM export (GET /me/crm-export)', () => {
  it("writes HubSpot's columns and one row per contact of the caller's library, no one else's", async () => {
    const file = await crmExport(buyer, 'hubspot');
    expect(file.fileName).toMatch(/^contacts-hubspot-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.rowCount).toBe(3);
    expect(file.rows[0]).toEqual([
      'First Name',
      'Last Name',
      'Email',
      'Phone Number',
      'Company Name',
      'Job Title',
      'LinkedIn URL',
      'Twitter URL',
      'Crunchbase URL',
      'City',
      'Country/Region',
      'Lead Source',
    ]);
    expect(file.rows).toHaveLength(4);
    expect(file.rows[1]).toEqual([
      'Ada',
      `Lovelace ${u}`,
      `ada-${u}@northwind.example`,
      SAFE_PHONE,
      `Northwind ${u}`,
      'General Partner',
      `https://www.linkedin.com/in/ada-${u}`,
      '',
      '',
      'London',
      'United Kingdom',
      BRAND,
    ]);
    expect(file.text).not.toContain(`di-${u}@other.example`);
    expect(file.text).not.toContain(`Di Other ${u}`);
  });

  it("writes Salesforce's columns, its placeholder for a contact without a firm", async () => {
    const file = await crmExport(buyer, 'salesforce');
    expect(file.rows[0]?.slice(3, 6)).toEqual(['Phone', 'Company', 'Title']);
    expect(file.rows[0]?.[10]).toBe('Country');
    const angel = file.rows.find((row) => row[2] === `cy-${u}@angel.example`);
    expect(angel?.[4]).toBe(SALESFORCE_NO_COMPANY);
  });

  it('gives another founder a file of their own contacts only', async () => {
    const file = await crmExport(other, 'hubspot');
    expect(file.rows.slice(1).map((row) => row[2])).toEqual([`di-${u}@other.example`]);
    expect(file.text).not.toContain(`ada-${u}`);
  });

  it('refuses a CRM it does not know, and a visitor', async () => {
    const unknown = await call('GET', '/me/crm-export?format=pipedrive', { token: buyer.token });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      error: { message: expect.stringContaining('hubspot or salesforce') },
    });
    expect((await call('GET', '/me/crm-export')).status).toBe(401);
  });
});

describe('phone numbers in both CSVs', () => {
  it('writes a plain phone as it is in the CRM export, and neutralises a planted formula', async () => {
    const file = await crmExport(buyer, 'hubspot');
    const phoneOf = (email: string) => file.rows.find((row) => row[2] === email)?.[3];
    expect(phoneOf(`ada-${u}@northwind.example`)).toBe(SAFE_PHONE);
    expect(phoneOf(`bo-${u}@acme.example`)).toBe(`'${DDE_PHONE}`);
    expect(phoneOf(`cy-${u}@angel.example`)).toBe(`'${LINK_PHONE}`);
  });

  it('writes a plain phone as it is in the purchase CSV, and neutralises a planted formula', async () => {
    const [mail] = (await emailsTo(buyer.email)).filter((m) => m.attachments.length > 0);
    const rows = parse(Buffer.from(mail?.attachments[0]?.content ?? '', 'base64').toString('utf8'), {
      bom: true,
    }) as string[][];
    expect(rows[0]).toEqual(['Name', 'Email', 'LinkedIn URL', 'Phone']);
    const phoneOf = (name: string) => rows.find((row) => row[0] === name)?.[3];
    expect(phoneOf(`Ada Lovelace ${u}`)).toBe(SAFE_PHONE);
    expect(phoneOf(`Bo Planted ${u}`)).toBe(`'${DDE_PHONE}`);
    expect(phoneOf(`Cy Angel ${u}`)).toBe(`'${LINK_PHONE}`);
  });
});
