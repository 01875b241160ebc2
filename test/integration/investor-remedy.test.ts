import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { confirmDataRequest, createDataRequest } from '../../lambdas/lib/portals/data-requests';
import { getWithdrawalMark } from '../../lambdas/lib/table/repositories/investor-listings';
import { putPortal } from '../../lambdas/lib/table/repositories/portals';
import { apiErrorEnvelopeSchema, apiSuccessEnvelope } from '../../shared/api/errors';
import { investorProfileResponse } from '../../shared/api/investor-profile';
import {
  adminWithdrawalSchema,
  adminWithdrawalsResponse,
  correctionRequestsResponse,
  dataRequestConfirmedSchema,
  dataRequestCreatedSchema,
  RESTORE_REASON_REQUIRED,
  withdrawalMessages,
} from '../../shared/api/investor-requests';
import {
  DATA_REQUEST_LIMITS,
  dataRequestMessages,
  MAX_CODE_ATTEMPTS,
} from '../../shared/privacy/data-requests';
import { creditsOf } from './support/credits';
import { call, createInvestor, createUser, localHome, type TestUser } from './support/home';
import { checkoutEvent, delivered, postEvent, savedCart, sesRefusesTo } from './support/purchases';
import { callFrom, ownAddress } from './support/requester';
import { defineOnTaxonomy, idOfEmail, seedInvestors, unique } from './support/seed';
import { settleWorkflows } from './support/settle';

/**
 * "This is me: remove or correct my data" (issue 30), through the local gateway against the emulators
 * and the local SES inbox: a code goes to the email the directory holds (never one the requester
 * gives), the code hides the entry at once or opens a correction for admins; wrong, expired, reused
 * and over-tried codes are refused, and requests are rate-limited. And the admins' view of withdrawals,
 * with a restore of one made in error.
 */

const errorOf = (body: unknown) => apiErrorEnvelopeSchema.parse(body).error;
const createdOf = (body: unknown) => apiSuccessEnvelope(dataRequestCreatedSchema).parse(body).data;

let admin: TestUser;

beforeAll(async () => {
  admin = await createUser({ admin: true });
});

interface Listed {
  investorId: string;
  email: string;
  name: string;
  sector: string;
}

/** Imported investors (each with an email, unless told) in one import: what the directory holds. */
async function listedPeople(count: number, options: { withoutEmail?: boolean } = {}): Promise<Listed[]> {
  const u = unique();
  const people = Array.from({ length: count }, (_, i) => ({
    name: `Remedy Person ${u} ${i}`,
    email: `remedy.${u}.${i}@example.com`,
    sector: `remedy-sector-${u}-${i}`,
  }));
  await seedInvestors(
    people.map((p) => ({
      name: p.name,
      ...(options.withoutEmail ? { firm: `No Mail Firm ${u}` } : { email: p.email }),
      phone: '+1 555 0123',
      sectors: [p.sector],
    })),
  );
  const found = await Promise.all(
    people.map(async (p) => {
      const items = (
        (await call('GET', `/investors?sectorFocus=${p.sector}`)).body as {
          data: { items: { id: string }[] };
        }
      ).data.items;
      return { ...p, investorId: items[0]?.id ?? '' };
    }),
  );
  for (const person of found) expect(person.investorId).not.toBe('');
  return found;
}

async function onePerson(): Promise<Listed> {
  const [person] = await listedPeople(1);
  if (!person) throw new Error('no person seeded');
  return person;
}

const ask = (address: string, investorId: string, body: unknown) =>
  callFrom(address, 'POST', `/investors/${investorId}/data-requests`, body);
const confirm = (address: string, requestId: string, code: string) =>
  callFrom(address, 'POST', `/data-requests/${requestId}/confirm`, { code });

/** The codes the local SES delivered to an address, oldest first. */
async function codesSentTo(address: string): Promise<string[]> {
  const store = (await (await fetch(`${localHome.urls.sesInbox}/store`)).json()) as {
    emails: { destination: { to: string[] }; body: { text?: string } }[];
  };
  return store.emails
    .filter((e) => e.destination.to.includes(address))
    .map((e) => /Your code: (\d{6})/.exec(e.body.text ?? '')?.[1] ?? '')
    .filter(Boolean);
}

/** The code of the `n`th request to an address (1-based), once it has arrived. */
async function nthCode(address: string, n: number): Promise<string> {
  await expect
    .poll(async () => (await codesSentTo(address)).length, { timeout: 20_000, interval: 100 })
    .toBe(n);
  return (await codesSentTo(address))[n - 1] ?? '';
}

const profileStatus = async (investorId: string) => (await call('GET', `/investors/${investorId}`)).status;
const bySector = async (sector: string) =>
  (
    (await call('GET', `/investors?sectorFocus=${encodeURIComponent(sector)}`)).body as {
      data: { items: { id: string }[] };
    }
  ).data.items.map((item) => item.id);

/** Every page of the admins' withdrawals, `limit` at a time. */
async function allWithdrawals(limit = 50) {
  const found = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query: string = `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response = await call('GET', `/admin/withdrawals${query}`, { token: admin.token });
    expect(response.status, response.text).toBe(200);
    const page = apiSuccessEnvelope(adminWithdrawalsResponse).parse(response.body).data;
    found.push(...page.withdrawals);
    cursor = page.cursor;
    pages++;
  } while (cursor);
  return { withdrawals: found, pages };
}

async function hide(person: Listed, address = ownAddress()): Promise<string> {
  const sent = (await codesSentTo(person.email)).length;
  const asked = await ask(address, person.investorId, { action: 'hide' });
  expect(asked.status, asked.text).toBe(201);
  const { requestId } = createdOf(asked.body);
  const code = await nthCode(person.email, sent + 1);
  const done = await confirm(address, requestId, code);
  expect(done.status, done.text).toBe(200);
  return requestId;
}

describe('"This is me": a code to the email the directory holds', () => {
  it('hides the entry from founders at once with the code sent to the listed email, recorded, and no import brings it back', async () => {
    const person = await onePerson();
    const address = ownAddress();
    // The requester cannot say where the code goes: the body takes no address.
    const redirected = await ask(address, person.investorId, {
      action: 'hide',
      email: 'me@attacker.example',
    });
    expect(redirected.status).toBe(400);

    const asked = await ask(address, person.investorId, { action: 'hide' });

    expect(asked.status, asked.text).toBe(201);
    const created = createdOf(asked.body);
    expect(asked.text).not.toContain(person.email);
    const code = await nthCode(person.email, 1);
    expect(await codesSentTo('me@attacker.example')).toEqual([]);
    // Asking changes nothing founders see; the code does.
    expect(await profileStatus(person.investorId)).toBe(200);

    const done = await confirm(address, created.requestId, code);

    expect(done.status, done.text).toBe(200);
    expect(apiSuccessEnvelope(dataRequestConfirmedSchema).parse(done.body).data).toEqual({
      action: 'hide',
      outcome: 'hidden',
    });
    expect(await profileStatus(person.investorId)).toBe(404);
    expect(await bySector(person.sector)).toEqual([]);
    const mark = await getWithdrawalMark(person.investorId);
    expect(mark?.withdrawnAt).toBeTruthy();
    expect(mark?.history).toMatchObject([
      {
        action: 'withdrawn',
        via: 'remedy',
        by: `request:${created.requestId}`,
        requestId: created.requestId,
      },
    ]);
    // A re-import of the same person stays out of the directory.
    await seedInvestors([{ name: person.name, email: person.email, sectors: [person.sector] }]);
    expect(await bySector(person.sector)).toEqual([]);
    // Combined search too, once folded.
    await settleWorkflows();
    const combined = await call('GET', `/investors?q=${encodeURIComponent(person.name)}`);
    expect(combined.text).not.toContain(person.investorId);
    // A code is used once.
    const again = await confirm(address, created.requestId, code);
    expect(again.status).toBe(409);
    expect(errorOf(again.body).message).toBe(dataRequestMessages.used);
  });

  it('refuses a wrong code saying how many tries are left, then any code after too many tries', async () => {
    const person = await onePerson();
    const address = ownAddress();
    const { requestId } = createdOf((await ask(address, person.investorId, { action: 'hide' })).body);
    const right = await nthCode(person.email, 1);
    const wrong = right === '000000' ? '111111' : '000000';

    for (let attempt = 1; attempt <= MAX_CODE_ATTEMPTS; attempt++) {
      const refused = await confirm(address, requestId, wrong);
      expect(refused.status).toBe(400);
      expect(errorOf(refused.body).message).toBe(dataRequestMessages.wrongCode(MAX_CODE_ATTEMPTS - attempt));
    }
    const locked = await confirm(address, requestId, right);

    expect(locked.status).toBe(409);
    expect(errorOf(locked.body).message).toBe(dataRequestMessages.locked);
    expect(await profileStatus(person.investorId)).toBe(200);
    const unknown = await confirm(address, randomUUID(), right);
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown.body).message).toBe(dataRequestMessages.unknownRequest);
  });

  it('refuses an expired code (codes are valid 30 minutes)', async () => {
    const person = await onePerson();
    const { requestId } = createdOf((await ask(ownAddress(), person.investorId, { action: 'hide' })).body);
    const code = await nthCode(person.email, 1);

    await expect(confirmDataRequest(requestId, { code }, new Date(Date.now() + 31 * 60_000))).rejects.toThrow(
      dataRequestMessages.expired,
    );

    expect(await profileStatus(person.investorId)).toBe(200);
  });

  it(`limits requests: ${DATA_REQUEST_LIMITS.perInvestor.max} a day per investor, ${DATA_REQUEST_LIMITS.perAddress.max} an hour per address, each with a plain message`, async () => {
    const { perInvestor, perAddress } = DATA_REQUEST_LIMITS;
    const [first, ...others] = await listedPeople(perAddress.max + 1);
    if (!first) throw new Error('no person');
    const hide = { action: 'hide' } as const;
    // A limit counts within the clock's days and hours. Its window is filled through the service at
    // fixed instants, the window of now and the next one, so the request over it is refused wherever
    // it lands (one that ran across the hour would otherwise have a fresh window).
    const now = new Date();
    const windowsFrom = (hours: number) => [now, new Date(now.getTime() + hours * 3_600_000)];

    // Per investor, whoever asks: one email a day; while its request is pending, asking again answers
    // it (no new email, nobody blocked: issue 48).
    for (const at of windowsFrom(perInvestor.windowHours))
      for (let i = 0; i < 3; i++) await createDataRequest(first.investorId, hide, ownAddress(), at);
    const again = await ask(ownAddress(), first.investorId, hide);
    expect(again.status, again.text).toBe(201);
    expect(createdOf(again.body).alreadySent).toBe(true);
    expect(await codesSentTo(first.email)).toHaveLength(2 * perInvestor.max);

    // Per address, whichever investors (each of them asked for once in each window: under its limit).
    const address = ownAddress();
    for (const at of windowsFrom(perAddress.windowHours))
      for (const person of others.slice(0, perAddress.max))
        await createDataRequest(person.investorId, hide, address, at);
    const [fresh] = await listedPeople(1);
    if (!fresh) throw new Error('no person');
    const over = await ask(address, fresh.investorId, hide);
    expect(over.status).toBe(429);
    expect(errorOf(over.body).message).toBe(dataRequestMessages.tooManyFromAddress);
    expect(await codesSentTo(fresh.email)).toEqual([]);

    // The window after them opens again, for the investor and for the address.
    const later = new Date(now.getTime() + 2 * perInvestor.windowHours * 3_600_000);
    await expect(createDataRequest(first.investorId, hide, ownAddress(), later)).resolves.toMatchObject({
      action: 'hide',
    });
    await expect(createDataRequest(fresh.investorId, hide, address, later)).resolves.toMatchObject({
      action: 'hide',
    });
  });

  it('says plainly how to reach us when the directory holds no email; an unknown investor is a 404', async () => {
    const [person] = await listedPeople(1, { withoutEmail: true });

    const response = await ask(ownAddress(), person?.investorId ?? '', { action: 'hide' });

    expect(response.status).toBe(409);
    expect(errorOf(response.body).message).toBe(dataRequestMessages.noEmail);
    const unknown = await ask(ownAddress(), 'inv_unknown', { action: 'hide' });
    expect(unknown.status).toBe(404);
  });

  it('changes nothing when the code cannot be sent, and says to try again', async () => {
    const person = await onePerson();
    await sesRefusesTo([person.email]);
    try {
      const response = await ask(ownAddress(), person.investorId, { action: 'hide' });
      expect(response.status).toBe(503);
      expect(errorOf(response.body).message).toBe(dataRequestMessages.notSent);
    } finally {
      await sesRefusesTo([person.email], false);
    }
    expect(await profileStatus(person.investorId)).toBe(200);
  });

  it('opens a correction request that reaches the admins; an admin closes it, recorded', async () => {
    const person = await onePerson();
    const address = ownAddress();
    const missing = await ask(address, person.investorId, { action: 'correct' });
    expect(missing.status).toBe(400);
    expect(errorOf(missing.body).message).toContain(dataRequestMessages.detailsRequired);
    const details = `I left Old Firm in 2025; my phone is wrong ${unique()}`;
    const { requestId } = createdOf(
      (await ask(address, person.investorId, { action: 'correct', details })).body,
    );

    const done = await confirm(address, requestId, await nthCode(person.email, 1));

    expect(done.status, done.text).toBe(200);
    expect(apiSuccessEnvelope(dataRequestConfirmedSchema).parse(done.body).data.outcome).toBe(
      'correctionRequested',
    );
    expect(await profileStatus(person.investorId)).toBe(200);
    const open = async () => {
      const found = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
        const response = await call('GET', `/admin/correction-requests${query}`, { token: admin.token });
        expect(response.status).toBe(200);
        const page = apiSuccessEnvelope(correctionRequestsResponse).parse(response.body).data;
        found.push(...page.corrections);
        cursor = page.cursor;
      } while (cursor);
      return found;
    };
    expect((await open()).find((c) => c.id === requestId)).toMatchObject({
      investorId: person.investorId,
      investorName: person.name,
      details,
      status: 'open',
    });
    const closed = await call('POST', `/admin/correction-requests/${requestId}/close`, {
      token: admin.token,
      body: { note: 'Phone removed in the Mapping Debugger' },
    });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body).toMatchObject({ data: { status: 'closed', closedBy: admin.sub } });
    expect((await open()).find((c) => c.id === requestId)).toBeUndefined();
    const twice = await call('POST', `/admin/correction-requests/${requestId}/close`, {
      token: admin.token,
      body: {},
    });
    expect(twice.status).toBe(409);
  });

  it('credits a cart saved before the entry was hidden, at its delivery', async () => {
    const buyer = await createUser();
    const u = unique();
    const cart = await savedCart(
      buyer,
      [
        { name: `Kept ${u}`, email: `kept.${u}@example.com` },
        { name: `Hidden ${u}`, email: `hidden.${u}@example.com` },
      ],
      ['name', 'email'],
    );
    const hiddenId = cart.investorIds[1] ?? '';
    await hide({ investorId: hiddenId, email: `hidden.${u}@example.com`, name: `Hidden ${u}`, sector: '' });

    await postEvent(checkoutEvent(cart.id, cart.pricing.totalX100));
    await delivered(cart.id);

    const credits = await creditsOf(buyer);
    expect(credits.balance).toBe(1);
    expect(credits.entries).toMatchObject([{ kind: 'undelivered', investorId: hiddenId }]);
  });

  it("hides a listed investor's entry and withdraws their listing too", async () => {
    const portalId = `rem-${randomUUID().slice(0, 8)}`;
    const now = new Date().toISOString();
    await putPortal({
      id: `portal-${portalId}`,
      name: 'Remedy Portal',
      description: '',
      urlIdentifier: portalId,
      createdAt: now,
      updatedAt: now,
      createdBy: 'test',
      firm: { name: 'Remedy', website: '' },
      fontFamily: null,
    });
    const investor = await createInvestor(portalId);
    const sector = `remedy-listed-${unique()}`;
    await defineOnTaxonomy('sector', [sector]);
    await call('PATCH', '/investor/profile', {
      token: investor.token,
      body: {
        name: `Listed Remedy ${unique()}`,
        investorType: 'angel',
        stages: ['seed'],
        sectors: [sector],
        contact: { email: investor.email, phone: '' },
        foundersMayBuy: { email: true, phone: false, linkedin: false, twitter: false, crunchbase: false },
      },
    });
    const submitted = apiSuccessEnvelope(investorProfileResponse).parse(
      (await call('POST', '/investor/profile/submit', { token: investor.token })).body,
    ).data;
    const approved = await call('POST', `/admin/investor-submissions/${investor.sub}/approve`, {
      token: admin.token,
      body: { updatedAt: submitted.profile.updatedAt },
    });
    const investorId = (approved.body as { data: { investorId: string } }).data.investorId;
    expect(investorId).toBe(await idOfEmail(investor.email));
    const codesBefore = (await codesSentTo(investor.email)).length;
    const address = ownAddress();
    const { requestId } = createdOf((await ask(address, investorId, { action: 'hide' })).body);

    const done = await confirm(address, requestId, await nthCode(investor.email, codesBefore + 1));

    expect(done.status, done.text).toBe(200);
    expect(await bySector(sector)).toEqual([]);
    const own = apiSuccessEnvelope(investorProfileResponse).parse(
      (await call('GET', '/investor/profile', { token: investor.token })).body,
    ).data;
    expect(own.listing?.withdrawnAt).toBeTruthy();
  });
});

describe('withdrawals: admins see them with their history, and restore one made in error', () => {
  it('lists withdrawals page by page and restores one: back in search after aggregation, recorded with who, when and why', async () => {
    const people = await listedPeople(2);
    const [restored, kept] = people;
    if (!restored || !kept) throw new Error('no people');
    const requestId = await hide(restored);
    await hide(kept);

    const { withdrawals, pages } = await allWithdrawals(1);

    expect(pages).toBeGreaterThan(1);
    const listed = withdrawals.find((w) => w.investorId === restored.investorId);
    expect(listed).toMatchObject({
      name: restored.name,
      withdrawn: true,
      restorable: true,
      history: [{ action: 'withdrawn', via: 'remedy', requestId }],
    });
    expect(withdrawals.some((w) => w.investorId === kept.investorId)).toBe(true);
    const noReason = await call('POST', `/admin/withdrawals/${restored.investorId}/restore`, {
      token: admin.token,
      body: { reason: ' ' },
    });
    expect(noReason.status).toBe(400);
    expect(errorOf(noReason.body).message).toContain(RESTORE_REASON_REQUIRED);

    const response = await call('POST', `/admin/withdrawals/${restored.investorId}/restore`, {
      token: admin.token,
      body: { reason: 'Asked by someone else: the investor wrote to us' },
    });

    expect(response.status, response.text).toBe(200);
    const after = apiSuccessEnvelope(adminWithdrawalSchema).parse(response.body).data;
    expect(after).toMatchObject({ withdrawn: false, restorable: false });
    expect(after.history.at(-1)).toMatchObject({
      action: 'restored',
      by: admin.sub,
      via: 'admin',
      reason: 'Asked by someone else: the investor wrote to us',
    });
    expect(Math.abs(Date.parse(after.history.at(-1)?.at ?? '') - Date.now())).toBeLessThan(600_000);
    expect(await profileStatus(restored.investorId)).toBe(200);
    expect(await bySector(restored.sector)).toEqual([restored.investorId]);
    await settleWorkflows();
    const combined = await call('GET', `/investors?q=${encodeURIComponent(restored.name)}`);
    expect(combined.text).toContain(restored.investorId);
    // Restored stays restored: a re-import maps onto it again, and a second restore is refused.
    await seedInvestors([{ name: restored.name, email: restored.email, sectors: [restored.sector] }]);
    expect(await bySector(restored.sector)).toEqual([restored.investorId]);
    const twice = await call('POST', `/admin/withdrawals/${restored.investorId}/restore`, {
      token: admin.token,
      body: { reason: 'Again' },
    });
    expect(twice.status).toBe(409);
    expect(errorOf(twice.body).message).toBe(withdrawalMessages.notWithdrawn);
    // The other stays out.
    expect(await profileStatus(kept.investorId)).toBe(404);
  });

  it("restores an investor's own portal withdrawal made in error: listed again", async () => {
    const portalId = `rst-${randomUUID().slice(0, 8)}`;
    const now = new Date().toISOString();
    await putPortal({
      id: `portal-${portalId}`,
      name: 'Restore Portal',
      description: '',
      urlIdentifier: portalId,
      createdAt: now,
      updatedAt: now,
      createdBy: 'test',
      firm: { name: 'Restore', website: '' },
      fontFamily: null,
    });
    const investor = await createInvestor(portalId);
    const sector = `restore-listed-${unique()}`;
    await defineOnTaxonomy('sector', [sector]);
    await call('PATCH', '/investor/profile', {
      token: investor.token,
      body: {
        name: `Restored Investor ${unique()}`,
        investorType: 'vc',
        stages: ['seed'],
        sectors: [sector],
      },
    });
    const submitted = apiSuccessEnvelope(investorProfileResponse).parse(
      (await call('POST', '/investor/profile/submit', { token: investor.token })).body,
    ).data;
    const approved = await call('POST', `/admin/investor-submissions/${investor.sub}/approve`, {
      token: admin.token,
      body: { updatedAt: submitted.profile.updatedAt },
    });
    const investorId = (approved.body as { data: { investorId: string } }).data.investorId;
    await call('POST', '/investor/profile/withdraw', { token: investor.token, body: { what: 'profile' } });
    expect(await bySector(sector)).toEqual([]);
    const listed = (await allWithdrawals()).withdrawals.find((w) => w.investorId === investorId);
    expect(listed).toMatchObject({ withdrawn: true, listedBy: investor.sub, history: [{ via: 'portal' }] });

    const response = await call('POST', `/admin/withdrawals/${investorId}/restore`, {
      token: admin.token,
      body: { reason: 'Withdrew by mistake, asked us by email' },
    });

    expect(response.status, response.text).toBe(200);
    expect(await bySector(sector)).toEqual([investorId]);
    const own = apiSuccessEnvelope(investorProfileResponse).parse(
      (await call('GET', '/investor/profile', { token: investor.token })).body,
    ).data;
    expect(own.listing).toMatchObject({ investorId, withdrawnAt: null });
  });
});
