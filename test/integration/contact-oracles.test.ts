import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalEdge } from '../../infra/local/edge-server';
import { freePort } from '../../infra/local/processes';
import { takeFounderSlot } from '../../lambdas/lib/limits/founder-limits';
import { confirmDataRequest, createDataRequest } from '../../lambdas/lib/portals/data-requests';
import { rateWindowKey } from '../../lambdas/lib/table/items/common';
import { putItem } from '../../lambdas/lib/table/table';
import { apiErrorEnvelopeSchema, apiSuccessEnvelope } from '../../shared/api/errors';
import { dataRequestConfirmedSchema, dataRequestCreatedSchema } from '../../shared/api/investor-requests';
import { matchRowsResponse } from '../../shared/api/pipeline';
import { VIEWER_ADDRESS_HEADER } from '../../shared/api/viewer-address';
import { FOUNDER_LIST_LIMITS, founderLimitMessage } from '../../shared/limits/founder-limits';
import {
  DATA_REQUEST_LIMITS,
  dataRequestMessages,
  MAX_CODE_ATTEMPTS,
  rateWindowEnd,
  rateWindowStart,
} from '../../shared/privacy/data-requests';
import { call, createUser, localHome, type TestUser } from './support/home';
import { createProject } from './support/projects';
import { checkoutEvent, delivered, postEvent, savedCart } from './support/purchases';
import { callFrom, ownAddress } from './support/requester';
import { seedInvestors, unique } from './support/seed';

/**
 * Issue 48, findings 2 and 3: no answer confirms a contact value, and "This is me" can neither be
 * blocked nor used to mail people.
 *
 * - The pipeline import's matcher finds an investor by name and firm (folded as search folds), and by
 *   email only when the founder bought that email: a row's email alone never returns an investor.
 * - Routes that take lists are limited per founder (a fixed window; another founder is still served).
 * - "This is me" sends one email per investor a day, with a link that works alone; requests while it
 *   is pending reuse it; the limit per address counts the viewer's address the edge gives.
 */

const errorOf = (body: unknown) => apiErrorEnvelopeSchema.parse(body).error;
const createdOf = (body: unknown) => apiSuccessEnvelope(dataRequestCreatedSchema).parse(body).data;

async function idsBySector(sector: string): Promise<Map<string, string>> {
  const found = await call('GET', `/investors?sectorFocus=${encodeURIComponent(sector)}&limit=100`);
  const items = (found.body as { data: { items: { id: string; name: string }[] } }).data.items;
  return new Map(items.map((item) => [item.name, item.id]));
}

async function matchesOf(founder: TestUser, projectId: string, rows: unknown[]) {
  const response = await call('POST', `/projects/${projectId}/pipeline/import/matches`, {
    token: founder.token,
    body: { rows },
  });
  expect(response.status, response.text).toBe(200);
  return {
    rows: matchRowsResponse.parse((response.body as { data: unknown }).data).rows,
    text: response.text,
  };
}

describe('the pipeline import matcher confirms no email', () => {
  const u = unique();
  const sector = `oracle-sector-${u}`;
  const listed = {
    name: `Ada Oracle ${u}`,
    email: `ada.oracle.${u}@example.com`,
    firm: `Oracle Ventures ${u}`,
  };
  const accented = {
    name: `José Müller ${u}`,
    email: `jose.muller.${u}@example.com`,
    firm: `Société Capital ${u}`,
  };
  let founder: TestUser;
  let projectId = '';
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    founder = await createUser();
    projectId = (await createProject(founder, `Oracle ${u}`)).id;
    await seedInvestors([
      { ...listed, sectors: [sector] },
      { ...accented, sectors: [sector] },
    ]);
    const found = await idsBySector(sector);
    ids.listed = found.get(listed.name) ?? '';
    ids.accented = found.get(accented.name) ?? '';
    expect(ids.listed).not.toBe('');
    expect(ids.accented).not.toBe('');
  });

  it("answers no match for a row that gives an investor's email under a wrong name", async () => {
    const { rows, text } = await matchesOf(founder, projectId, [
      { row: 2, name: `Nobody Known ${u}`, email: listed.email },
      { row: 3, email: listed.email.toUpperCase() },
    ]);

    expect(rows.map((r) => [r.row, r.match])).toEqual([
      [2, null],
      [3, null],
    ]);
    expect(text).not.toContain(ids.listed);
  });

  it('matches by name and firm folded as search folds (case, accents), not by the email it gives', async () => {
    const { rows } = await matchesOf(founder, projectId, [
      { row: 2, name: `JOSE MULLER ${u}`, firm: `societe capital ${u}`, email: accented.email },
      { row: 3, name: `josé müller ${u}` },
      { row: 4, name: `Jose Muller ${u}`, firm: `Another Firm ${u}` },
    ]);

    expect(rows.map((r) => [r.row, r.match?.investor.id ?? null, r.match?.by ?? null])).toEqual([
      [2, ids.accented, 'nameAndFirm'],
      [3, ids.accented, 'nameAndFirm'],
      [4, null, null],
    ]);
  });

  it('matches by email only a contact the founder bought (their library), under any name', async () => {
    const buyer = await createUser();
    const b = unique();
    const bought = { name: `Bought Oracle ${b}`, email: `bought.oracle.${b}@example.com` };
    const cart = await savedCart(buyer, [bought], ['name', 'email']);
    await postEvent(checkoutEvent(cart.id, cart.pricing.totalX100));
    await delivered(cart.id);
    const boughtId = cart.investorIds[0] ?? '';
    const row = { row: 2, name: 'Renamed In My Sheet', email: ` ${bought.email.toUpperCase()} ` };

    const buyers = await matchesOf(buyer, (await createProject(buyer, `Mine ${b}`)).id, [row]);
    const others = await matchesOf(founder, projectId, [row]);

    expect(buyers.rows.map((r) => [r.match?.investor.id ?? null, r.match?.by ?? null])).toEqual([
      [boughtId, 'email'],
    ]);
    expect(buyers.text).not.toContain(bought.email);
    expect(others.rows.map((r) => r.match)).toEqual([null]);
    expect(others.text).not.toContain(boughtId);
  });
});

describe('routes that take lists are limited per founder', () => {
  // The windows of now and of the next are filled (their counters written full, through the table
  // model's key), so the request over the limit is refused wherever it lands (no sleeping, no clock
  // to move); one more slot through the domain function is refused too.
  const fill = async (userId: string, scope: keyof typeof FOUNDER_LIST_LIMITS) => {
    const limit = FOUNDER_LIST_LIMITS[scope];
    const hours = limit.windowMinutes / 60;
    const now = Date.now();
    for (const at of [now, now + limit.windowMinutes * 60_000]) {
      const start = rateWindowStart(new Date(at), hours);
      await putItem({
        ...rateWindowKey(`founder:${scope}`, userId, start),
        entity: 'rateWindow',
        count: limit.max - 1,
        expiresAt: Math.ceil(rateWindowEnd(start, hours).getTime() / 1000) + 3600,
      });
      await takeFounderSlot(userId, scope, new Date(at));
      await expect(takeFounderSlot(userId, scope, new Date(at))).rejects.toThrow(founderLimitMessage(scope));
    }
  };

  it(`refuses the spreadsheet page after ${FOUNDER_LIST_LIMITS.pipelineImport.max} in a window with a 429 saying so; another founder is still served`, async () => {
    const [busy, other] = await Promise.all([createUser(), createUser()]);
    const [busyProject, otherProject] = await Promise.all([
      createProject(busy, 'Busy'),
      createProject(other, 'Other'),
    ]);
    const rows = [{ row: 2, name: `Anyone ${unique()}` }];
    await fill(busy.sub, 'pipelineImport');

    const refused = await call('POST', `/projects/${busyProject.id}/pipeline/import/matches`, {
      token: busy.token,
      body: { rows },
    });
    const importRefused = await call('POST', `/projects/${busyProject.id}/pipeline/import`, {
      token: busy.token,
      body: { rows, accepted: [] },
    });
    const served = await call('POST', `/projects/${otherProject.id}/pipeline/import/matches`, {
      token: other.token,
      body: { rows },
    });

    expect(refused.status).toBe(429);
    expect(errorOf(refused.body).message).toBe(founderLimitMessage('pipelineImport'));
    expect(importRefused.status).toBe(429);
    expect(served.status, served.text).toBe(200);
  });

  it(`refuses cart lists after ${FOUNDER_LIST_LIMITS.cartLists.max} in a window; another founder is still served`, async () => {
    const [busy, other] = await Promise.all([createUser(), createUser()]);
    await fill(busy.sub, 'cartLists');
    const body = { investorIds: ['inv_unknown'], columnOrder: ['name', 'email'] };

    const refused = await call('POST', '/carts/preview', { token: busy.token, body });
    const merge = await call('POST', '/me/cart/merge', { token: busy.token, body: { investorIds: [] } });
    const served = await call('POST', '/carts/preview', { token: other.token, body });

    expect(refused.status).toBe(429);
    expect(errorOf(refused.body).message).toBe(founderLimitMessage('cartLists'));
    expect(merge.status).toBe(429);
    expect(served.status, served.text).toBe(200);
  });
});

interface StoredMail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string };
}

async function mailsTo(address: string): Promise<StoredMail[]> {
  const store = (await (await fetch(`${localHome.urls.sesInbox}/store`)).json()) as { emails: StoredMail[] };
  return store.emails.filter((e) => e.destination.to.includes(address));
}

/** The link of the first email to an address, once it arrived: the request id and the secret it carries. */
async function emailedLink(address: string): Promise<{ requestId: string; token: string; code: string }> {
  await expect.poll(async () => (await mailsTo(address)).length, { timeout: 20_000, interval: 100 }).toBe(1);
  const text = (await mailsTo(address))[0]?.body.text ?? '';
  const link = /\/this-is-me#request=([A-Za-z0-9-]+)&token=([A-Za-z0-9_-]{43})&action=(hide|correct)/.exec(
    text,
  );
  return {
    requestId: decodeURIComponent(link?.[1] ?? ''),
    token: link?.[2] ?? '',
    code: /Your code: (\d{6})/.exec(text)?.[1] ?? '',
  };
}

async function listedPerson() {
  const u = unique();
  const person = { name: `Me Myself ${u}`, email: `me.myself.${u}@example.com`, sector: `me-${u}` };
  await seedInvestors([{ name: person.name, email: person.email, sectors: [person.sector] }]);
  const investorId = (await idsBySector(person.sector)).get(person.name) ?? '';
  expect(investorId).not.toBe('');
  return { ...person, investorId };
}

describe('"This is me": one email a day, with a link that works alone', () => {
  it('lets the real person act after anonymous requests: they reuse the one email, whose link works alone even once its code is locked', async () => {
    const person = await listedPerson();
    const ask = (address: string, body: unknown) =>
      callFrom(address, 'POST', `/investors/${person.investorId}/data-requests`, body);

    // Three anonymous requests, from three connections, then the real person's own.
    const asked = [];
    for (let i = 0; i < 3; i++) asked.push(await ask(ownAddress(), { action: 'hide' }));
    const own = await ask(ownAddress(), { action: 'correct', details: 'My firm is wrong' });

    for (const response of [...asked, own]) expect(response.status, response.text).toBe(201);
    const [first, ...later] = [...asked, own].map((r) => createdOf(r.body));
    expect(first?.alreadySent).toBe(false);
    expect(later.map((c) => [c.requestId, c.alreadySent])).toEqual(later.map(() => [first?.requestId, true]));
    const link = await emailedLink(person.email);
    expect(link.requestId).toBe(first?.requestId);
    // Someone burns the code's tries with the request id they were answered.
    const wrong = link.code === '000000' ? '111111' : '000000';
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++)
      await callFrom(ownAddress(), 'POST', `/data-requests/${link.requestId}/confirm`, { code: wrong });
    const badLink = await callFrom(ownAddress(), 'POST', `/data-requests/${link.requestId}/confirm`, {
      token: `${link.token.slice(0, -1)}${link.token.endsWith('A') ? 'B' : 'A'}`,
    });
    expect(badLink.status).toBe(400);
    expect(errorOf(badLink.body).message).toBe(dataRequestMessages.linkInvalid);

    // The link alone, from another browser, choosing what the person wants.
    const done = await callFrom(ownAddress(), 'POST', `/data-requests/${link.requestId}/confirm`, {
      token: link.token,
      action: 'hide',
    });

    expect(done.status, done.text).toBe(200);
    expect(apiSuccessEnvelope(dataRequestConfirmedSchema).parse(done.body).data).toEqual({
      action: 'hide',
      outcome: 'hidden',
    });
    expect((await call('GET', `/investors/${person.investorId}`)).status).toBe(404);
    expect(await mailsTo(person.email)).toHaveLength(1);
  });

  it('sends at most one email per investor a day, however many ask, and a new one the next day', async () => {
    const person = await listedPerson();
    const { windowHours } = DATA_REQUEST_LIMITS.perInvestor;
    // Fixed instants inside one day's window, then the next day's.
    const day = Math.floor(Date.now() / (windowHours * 3_600_000)) * windowHours * 3_600_000;
    const inDay = (minutes: number) => new Date(day + minutes * 60_000);

    const answers = [];
    for (const minutes of [1, 2, 3, 4, 5, 60, 600])
      answers.push(
        await createDataRequest(person.investorId, { action: 'hide' }, ownAddress(), inDay(minutes)),
      );

    expect(new Set(answers.map((a) => a.requestId)).size).toBe(1);
    expect(answers.filter((a) => !a.alreadySent)).toHaveLength(1);
    const link = await emailedLink(person.email);
    expect(link.requestId).toBe(answers[0]?.requestId);
    // Once that request is carried out, the day is over for this investor: a plain 429, no email.
    await confirmDataRequest(link.requestId, { token: link.token }, inDay(30), {
      action: 'correct',
      details: 'My firm is wrong',
    });
    await expect(
      createDataRequest(person.investorId, { action: 'hide' }, ownAddress(), inDay(700)),
    ).rejects.toThrow(dataRequestMessages.tooManyForInvestor);
    expect(await mailsTo(person.email)).toHaveLength(1);
    const next = await createDataRequest(
      person.investorId,
      { action: 'hide' },
      ownAddress(),
      new Date(day + windowHours * 3_600_000 + 60_000),
    );
    expect(next.alreadySent).toBe(false);
    await expect.poll(async () => (await mailsTo(person.email)).length, { timeout: 20_000 }).toBe(2);
  });

  it('counts requests per viewer address as the edge gives it, not per edge server', async () => {
    const { perAddress } = DATA_REQUEST_LIMITS;
    const viewer = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const people = await Promise.all(Array.from({ length: 2 }, () => listedPerson()));
    const [filler, fresh] = people;
    if (!filler || !fresh) throw new Error('no people');
    const now = Date.now();
    for (const at of [now, now + perAddress.windowHours * 3_600_000])
      for (let i = 0; i < perAddress.max; i++)
        await createDataRequest(filler.investorId, { action: 'hide' }, viewer, new Date(at));
    const edgeServer = ownAddress();

    const refused = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const payload = JSON.stringify({ action: 'hide' });
      const url = new URL(`${localHome.urls.api}/investors/${fresh.investorId}/data-requests`);
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          localAddress: edgeServer,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            [VIEWER_ADDRESS_HEADER]: `${viewer}:51234`,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
          );
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
    // The same edge server for another viewer: served.
    const served = await callFrom(edgeServer, 'POST', `/investors/${fresh.investorId}/data-requests`, {
      action: 'hide',
    });

    expect(refused.status, refused.text).toBe(429);
    expect(errorOf(JSON.parse(refused.text)).message).toBe(dataRequestMessages.tooManyFromAddress);
    expect(served.status, served.text).toBe(201);
  });
});

describe('the local edge gives the API the viewer address, as CloudFront does', () => {
  let origin: http.Server;
  let edge: http.Server;
  let seen: string | undefined;
  let site = '';
  const webDir = mkdtempSync(join(tmpdir(), 'viewer-address-'));

  beforeAll(async () => {
    origin = http.createServer((req, res) => {
      seen = req.headers[VIEWER_ADDRESS_HEADER] as string | undefined;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    const port = await freePort();
    edge = await startLocalEdge({
      port,
      gatewayUrl: `http://127.0.0.1:${(origin.address() as AddressInfo).port}`,
      origins: { uploads: localHome.urls.s3 },
      web: { kind: 'static', dir: webDir },
    });
    site = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    edge?.closeAllConnections();
    origin?.closeAllConnections();
    await Promise.all([
      new Promise((resolve) => edge?.close(resolve)),
      new Promise((resolve) => origin?.close(resolve)),
    ]);
  });

  it("sets it from the connection and overwrites a client's own value", async () => {
    const viewer = ownAddress();
    const url = new URL(`${site}/api/investors`);
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'GET',
          localAddress: viewer,
          headers: { [VIEWER_ADDRESS_HEADER]: '203.0.113.9:1' },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end();
    });

    expect(status).toBe(200);
    expect(seen).toMatch(new RegExp(`^${viewer.replaceAll('.', '\\.')}:\\d+$`));
  });
});
