import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  clearStripeConnection,
  getProject,
  getStripeConnection,
  listProjectIdsConnectedTo,
  putStripeConnection,
  setStripeConnectCode,
} from '../../lambdas/lib/table/repositories/projects';
import { listProjectTransactions } from '../../lambdas/lib/table/repositories/transactions';
import { getItem, putItem } from '../../lambdas/lib/table/table';
import { apiErrorEnvelopeSchema, apiSuccessEnvelope } from '../../shared/api/errors';
import {
  CONNECT_STATE_INVALID,
  CONNECT_STATE_MISSING,
  listProjectsResponse,
  mrrReportSchema,
  mrrResponse,
  STRIPE_ACCESS_REVOKED,
  STRIPE_ALREADY_CONNECTED,
  STRIPE_CODE_REFUSED,
  STRIPE_NOT_CONNECTED,
  syncTransactionsResponse,
} from '../../shared/api/projects';
import { call, createUser, type TestUser } from './support/home';
import { createProject, projectResponse } from './support/projects';
import {
  approveAuthorization,
  authorizationCode,
  authorizeUrl,
  connectProject,
  connectState,
  deauthorizeDirectly,
  listAll,
  REDIRECT_URI,
} from './support/stripe';

const syncResponse = apiSuccessEnvelope(syncTransactionsResponse);
const mrrEnvelope = apiSuccessEnvelope(mrrReportSchema);
const mrrAnswerEnvelope = apiSuccessEnvelope(mrrResponse);
const errorOf = (body: unknown) => apiErrorEnvelopeSchema.parse(body).error;

/** What only the server may know: none of it may appear in any response. */
const SECRET_PATTERNS = [/sk_test_local_acct_/, /rt_local_/, /acct_local_demo/, /pk_test_local_acct/];
const expectNoSecrets = (text: string) => {
  for (const pattern of SECRET_PATTERNS) expect(text).not.toMatch(pattern);
};

/**
 * The demo account's MRR by the rules of shared/insights/mrr.ts, worked out by hand from the stand-in's
 * book (infra/local/stripe-standin.ts), month by month (k = months before the current one; past months
 * at their end, the current one now). Monthly equivalents in cents:
 *   01 basic 2900 (from -13)   02 basic 2900 (-12)   03 pro 9900 (-11)   04 pro yearly 99000/12 = 8250 (-10)
 *   05 5 seats × 1500 = 7500 (-9)   06 12 seats × 1500 − 25% = 13500 (-4)   07 weekly 1200 × 52/12 = 5200 (-8)
 *   08 quarterly 30000/3 = 10000 (-7)   09 basic 2900, ended in -2 (-6..-3)   10 pro 9900, ended in -5 (..-6)
 *   11, 12 trialing: 0   13 pro 9900, trial ended in -4 (-4)   14 pro yearly 8250, cancels at period end (-3)
 *   15 quarterly 10000, cancels at period end (-1)   16 past_due basic 2900 (-2)   17, 18 incomplete: 0
 *   19 3 seats 4500 + 2 add-ons 1000 − 50% on the add-on = 5000 (-6)   20 pro 9900 − $10 = 8900 (-2)
 *   21 pro yearly (99000 − 12000)/12 = 7250 (-8)   22 basic − 50% for 3 months = 1450 (-2, still discounted)
 *   23 basic 1450 during -8..-6, then 2900   24 basic with a once coupon: 2900 (-1)
 *   25 3 × 1200 every 2 weeks = 3600 × 52/24 = 7800 (-3)   26 basic 2900, ended in -1 (-10..-2)
 *   27 unpaid pro 9900 (-9..-1; not in the current, unpaid period)   28 EUR: not the main currency
 *   29 daily 240 × 365/12 = 7300 (-2)
 */
const EXPECTED_SERIES = [
  25_600, // -11: 01 02 03 10
  36_750, // -10: + 04 8250 + 26 2900
  54_150, // -9: + 05 7500 + 27 9900
  68_050, // -8: + 07 5200 + 21 7250 + 23 1450
  78_050, // -7: + 08 10000
  85_950, // -6: + 09 2900 + 19 5000
  77_500, // -5: − 10 9900; 23 1450 → 2900
  100_900, // -4: + 06 13500 + 13 9900
  116_950, // -3: + 14 8250 + 25 7800
  134_600, // -2: − 09 2900; + 16 2900 + 20 8900 + 22 1450 + 29 7300
  144_600, // -1: − 26 2900; + 15 10000 + 24 2900
  134_700, // now: − 27 9900
];
/** Counted now: 01–08, 13–16, 19–25 and 29. */
const EXPECTED_SUBSCRIPTIONS = 20;

const lastTwelveMonths = (now: Date) =>
  Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });

describe('Stripe Connect and business insights, through the local gateway and Stripe stand-in', () => {
  let founder: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    [founder, stranger] = await Promise.all([createUser(), createUser()]);
  });

  /** The return from Stripe, with a state the API made for this founder and project unless the body has one. */
  const connect = async (user: TestUser, projectId: string, body: object) =>
    call('POST', `/projects/${projectId}/stripe/connect`, {
      token: user.token,
      body: 'state' in body ? body : { ...body, state: await connectState(user.token, projectId) },
    });
  const sync = (user: TestUser, projectId: string) =>
    call('POST', `/projects/${projectId}/stripe/transactions/sync`, { token: user.token });
  const mrr = (user: TestUser, projectId: string) =>
    call('GET', `/projects/${projectId}/insights/mrr`, { token: user.token });
  const disconnect = (user: TestUser, projectId: string) =>
    call('DELETE', `/projects/${projectId}/stripe/connection`, { token: user.token });

  it("refuses a return whose state is missing, forged, another founder's, another project's or used already, and changes nothing", async () => {
    const project = await createProject(founder, 'State checks');
    const other = await createProject(founder, 'Another project');
    const strangers = await createProject(stranger, 'Stranger project');
    const refused = async (state: string | undefined) => {
      const body = { ...(await authorizationCode()), ...(state === undefined ? {} : { state }) };
      const response = await call('POST', `/projects/${project.id}/stripe/connect`, {
        token: founder.token,
        body,
      });
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      return (response.body as { error: { message: string } }).error.message;
    };
    expect(await refused(undefined)).toContain(CONNECT_STATE_MISSING);
    expect(await refused(randomBytes(32).toString('base64url'))).toBe(CONNECT_STATE_INVALID);
    expect(await refused(await connectState(founder.token, other.id))).toBe(CONNECT_STATE_INVALID);
    expect(await refused(await connectState(stranger.token, strangers.id))).toBe(CONNECT_STATE_INVALID);
    // Nothing was stored: the project is still not connected, with no code kept.
    const view = projectResponse.parse(
      (await call('GET', `/projects/${project.id}`, { token: founder.token })).body,
    );
    expect(view.data.paymentConnection.state).toBe('not-connected');
    expect(view.data.stripeConnectCode).toBeNull();

    // The right state works once; the same state again is refused.
    const state = await connectState(founder.token, project.id);
    const grant = await authorizationCode(state);
    expect((await connect(founder, project.id, { ...grant, state })).status).toBe(200);
    await call('DELETE', `/projects/${project.id}/stripe/connection`, { token: founder.token });
    expect(await refused(state)).toBe(CONNECT_STATE_INVALID);
  });

  it("makes a state only for the founder's own project", async () => {
    const strangers = await createProject(stranger, 'Not yours');
    const response = await call('POST', `/projects/${strangers.id}/stripe/connect-state`, {
      token: founder.token,
    });
    expect(response.status).toBe(404);
  });

  async function storedCounts(projectId: string) {
    const [charges, refunds, invoices, subscriptions] = await Promise.all([
      listProjectTransactions(projectId, 'charge'),
      listProjectTransactions(projectId, 'refund'),
      listProjectTransactions(projectId, 'invoice'),
      listProjectTransactions(projectId, 'subscription'),
    ]);
    return {
      charges: charges.length,
      refunds: refunds.length,
      invoices: invoices.length,
      subscriptions: subscriptions.length,
    };
  }

  it('shows the local authorize page and redirects back with a code, the scope and the state', async () => {
    for (const prefix of ['/api', ''] as const) {
      const page = await fetch(authorizeUrl('proj_state', prefix));
      const html = await page.text();
      expect(page.status).toBe(200);
      expect(html).toContain('Local Stripe Connect — test mode');
      expect(html).toContain('>Connect</button>');
    }

    const location = await approveAuthorization('proj_state');

    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.searchParams.get('code')).toMatch(/^ac_local_[0-9a-f]{24}$/);
    expect(location.searchParams.get('scope')).toBe('read_write');
    expect(location.searchParams.get('state')).toBe('proj_state');

    const cancelled = await approveAuthorization('proj_state', 'cancel');
    expect(cancelled.searchParams.get('error')).toBe('access_denied');
    expect(cancelled.searchParams.get('code')).toBeNull();
  });

  it('connects a project with the returned code, keeping every token on the server', async () => {
    const project = await createProject(founder);
    const grant = await authorizationCode(project.id);

    const response = await connect(founder, project.id, grant);

    expect(response.status).toBe(200);
    const view = projectResponse.parse(response.body).data;
    expect(view).toMatchObject({
      id: project.id,
      stripeConnectCode: grant.code,
      stripeConnectScope: 'read_write',
      paymentConnection: { state: 'connected' },
    });
    expect(view.stripeConnectTimestamp).not.toBeNull();
    expect(Date.parse(view.paymentConnection.connectedAt ?? '')).toBeGreaterThan(
      Date.parse(project.createdAt) - 1,
    );
    expectNoSecrets(response.text);

    const stored = await getStripeConnection(project.id);
    expect(stored).toMatchObject({
      projectId: project.id,
      projectOwnerUserId: founder.sub,
      stripeUserId: 'acct_local_demo',
      stripePublishableKey: 'pk_test_local_acct_demo',
    });
    // The OAuth tokens Stripe returned are not kept: nothing uses them.
    const raw = await getItem(`PROJECT#${project.id}`, 'STRIPE_CONNECTION');
    expect(raw).not.toHaveProperty('accessToken');
    expect(raw).not.toHaveProperty('refreshToken');

    const read = await call('GET', `/projects/${project.id}`, { token: founder.token });
    const list = await call('GET', '/projects', { token: founder.token });
    expect(projectResponse.parse(read.body).data.paymentConnection.state).toBe('connected');
    expect(
      apiSuccessEnvelope(listProjectsResponse)
        .parse(list.body)
        .data.projects.find((p) => p.id === project.id)?.paymentConnection.state,
    ).toBe('connected');
    expectNoSecrets(read.text);
    expectNoSecrets(list.text);
  });

  it('refuses a bogus or reused code with 400, leaving the project pending without a connection', async () => {
    const used = await authorizationCode();
    const first = await createProject(founder, 'First');
    expect((await connect(founder, first.id, used)).status).toBe(200);
    const project = await createProject(founder, 'Second');

    const bogus = await connect(founder, project.id, { code: 'ac_local_bogus', scope: 'read_write' });
    const reused = await connect(founder, project.id, used);

    for (const response of [bogus, reused]) {
      expect(response.status).toBe(400);
      expect(errorOf(response.body)).toEqual({ code: 'invalid-argument', message: STRIPE_CODE_REFUSED });
    }
    expect(await getStripeConnection(project.id)).toBeNull();
    expect(await getProject(project.id)).toMatchObject({ stripeConnectCode: used.code });
    const read = await call('GET', `/projects/${project.id}`, { token: founder.token });
    expect(projectResponse.parse(read.body).data.paymentConnection).toEqual({
      state: 'pending',
      connectedAt: null,
    });

    // A fresh code still connects the pending project.
    expect((await connect(founder, project.id, await authorizationCode())).status).toBe(200);
  });

  it('refuses a malformed body and a second connection of a connected project', async () => {
    const project = await createProject(founder);
    await connectProject(founder.token, project.id);

    const malformed = await connect(founder, project.id, { code: 'ac x', scope: 'read_write' });
    const badScope = await connect(founder, project.id, { code: 'ac_local_x', scope: 'admin' });
    const again = await connect(founder, project.id, await authorizationCode());

    expect(malformed.status).toBe(400);
    expect(badScope.status).toBe(400);
    expect(again.status).toBe(409);
    expect(errorOf(again.body)).toEqual({ code: 'aborted', message: STRIPE_ALREADY_CONNECTED });
  });

  it("ingests the connected account's charges, refunds, invoices and subscriptions, idempotently", async () => {
    const project = await createProject(founder);
    await connectProject(founder.token, project.id);
    const [charges, refunds, invoices, subscriptions] = await Promise.all([
      listAll('/v1/charges'),
      listAll('/v1/refunds'),
      listAll('/v1/invoices'),
      listAll('/v1/subscriptions', { status: 'all' }),
    ]);
    const expected = {
      charges: charges.length,
      refunds: refunds.length,
      invoices: invoices.length,
      subscriptions: subscriptions.length,
    };
    expect(expected.subscriptions).toBe(29);
    expect(expected.charges).toBeGreaterThan(100); // several pages of 100

    const response = await sync(founder, project.id);

    expect(response.status).toBe(200);
    const data = syncResponse.parse(response.body).data;
    expect(data.message).toBe(
      `Imported ${expected.charges} charges, ${expected.refunds} refunds, ${expected.invoices} invoices and ${expected.subscriptions} subscriptions.`,
    );
    expect(data.imported).toEqual(expected);
    expect(await storedCounts(project.id)).toEqual(expected);

    const stored = await listProjectTransactions(project.id, 'subscription');
    const launch = stored.find((s) => s.id === 'sub_local_06');
    const addon = stored.find((s) => s.id === 'sub_local_19');
    expect(launch?.discounts).toMatchObject([
      { couponId: 'co_local_launch25', percentOff: 25, duration: 'forever' },
    ]);
    expect(addon?.discounts).toMatchObject([{ appliesToProductIds: ['prod_local_addon'], percentOff: 50 }]);
    expect(addon?.items.map((i) => [i.productId, i.quantity])).toEqual([
      ['prod_local_team', 3],
      ['prod_local_addon', 2],
    ]);
    expect(stored.find((s) => s.id === 'sub_local_09')).toMatchObject({ status: 'canceled' });
    expect(stored.every((s) => s.stripeAccountId === 'acct_local_demo')).toBe(true);
    const refundItems = await listProjectTransactions(project.id, 'refund');
    expect(refundItems.every((r) => r.chargeId?.startsWith('ch_local_'))).toBe(true);

    const again = await sync(founder, project.id);
    expect(again.status).toBe(200);
    expect(syncResponse.parse(again.body).data.imported).toEqual(expected);
    expect(await storedCounts(project.id)).toEqual(expected);
  });

  it('computes the current MRR and the 12-month series from the ingested subscriptions', async () => {
    const project = await createProject(founder);
    await connectProject(founder.token, project.id);

    const before = await mrr(founder, project.id);
    expect(mrrEnvelope.parse(before.body).data).toMatchObject({
      currency: null,
      currentMrrX100: 0,
      subscriptions: 0,
    });

    expect((await sync(founder, project.id)).status).toBe(200);
    const now = new Date();
    const response = await mrr(founder, project.id);

    expect(response.status).toBe(200);
    const data = mrrEnvelope.parse(response.body).data;
    expect(data.currency).toBe('usd');
    expect(data.currentMrrX100).toBe(134_700);
    expect(data.subscriptions).toBe(EXPECTED_SUBSCRIPTIONS);
    expect(data.series.map((m) => m.month)).toEqual(lastTwelveMonths(now));
    expect(data.series.map((m) => m.mrrX100)).toEqual(EXPECTED_SERIES);
    expect(data.series.at(-1)?.mrrX100).toBe(data.currentMrrX100);
    expect(Math.abs(Date.parse(data.computedAt) - now.getTime())).toBeLessThan(60_000);
    // Sales opportunities (issue 50): since the end of last month only 27 (unpaid now) moved, so its
    // customer is the one churn risk, and the spend lost is the series' last step.
    expect(data.opportunities).toEqual({
      currency: 'usd',
      sinceMonth: lastTwelveMonths(now)[10],
      churnRisk: [
        { customerId: 'cus_local_27', kind: 'stopped', beforeX100: 9_900, nowX100: 0, changeX100: -9_900 },
      ],
      expansion: [],
      lostX100: 9_900,
      gainedX100: 0,
    });
    expect(data.opportunities.lostX100 - data.opportunities.gainedX100).toBe(
      (EXPECTED_SERIES[10] ?? 0) - (EXPECTED_SERIES[11] ?? 0),
    );
  });

  it('answers the MRR of a project that is not connected with 200 saying so, and refuses its sync with 409', async () => {
    const project = await createProject(founder);

    // Business Insights of a project not connected yet is an ordinary state, not an error.
    const report = await mrr(founder, project.id);
    expect(report.status).toBe(200);
    expect(mrrAnswerEnvelope.parse(report.body).data).toEqual({
      connected: false,
      message: STRIPE_NOT_CONNECTED,
    });

    // Syncing asks for something that cannot be done until it is connected: a refusal.
    const refused = await sync(founder, project.id);
    expect(refused.status).toBe(409);
    expect(errorOf(refused.body)).toEqual({ code: 'aborted', message: STRIPE_NOT_CONNECTED });
  });

  it('disconnects: not connected, the three fields null, the record and the ingested data gone', async () => {
    const project = await createProject(founder);
    await connectProject(founder.token, project.id);
    expect((await sync(founder, project.id)).status).toBe(200);

    const response = await disconnect(founder, project.id);

    expect(response.status).toBe(200);
    expect(projectResponse.parse(response.body).data).toMatchObject({
      stripeConnectCode: null,
      stripeConnectScope: null,
      stripeConnectTimestamp: null,
      paymentConnection: { state: 'not-connected', connectedAt: null },
    });
    expect(await getStripeConnection(project.id)).toBeNull();
    expect(await getProject(project.id)).toMatchObject({
      stripeConnectCode: null,
      stripeConnectScope: null,
      stripeConnectTimestamp: null,
    });
    expect(await storedCounts(project.id)).toEqual({ charges: 0, refunds: 0, invoices: 0, subscriptions: 0 });
    const afterwards = await mrr(founder, project.id);
    expect(afterwards.status).toBe(200);
    expect(mrrAnswerEnvelope.parse(afterwards.body).data).toMatchObject({ connected: false });

    // It can be connected again.
    await connectProject(founder.token, project.id);
  });

  it('deletes a connected project as Disconnect would: the account deauthorised, the ingested data gone', async () => {
    // No other project (of this file or another) may share the stand-in's account, or it stays authorised.
    for (const id of await listProjectIdsConnectedTo('acct_local_demo')) await clearStripeConnection(id);
    const project = await createProject(founder, 'Deleted while connected');
    await connectProject(founder.token, project.id);
    expect((await sync(founder, project.id)).status).toBe(200);

    const response = await call('DELETE', `/projects/${project.id}`, { token: founder.token });

    expect(response.status).toBe(200);
    expect(await getProject(project.id)).toBeNull();
    expect(await getStripeConnection(project.id)).toBeNull();
    expect(await storedCounts(project.id)).toEqual({ charges: 0, refunds: 0, invoices: 0, subscriptions: 0 });
    // The stand-in no longer has the grant: deauthorising it again is refused.
    expect(await deauthorizeDirectly()).not.toBe(200);
  });

  it("removes the tokens an older version stored, at the connection's first read", async () => {
    const project = await createProject(founder, 'Connected long ago');
    await putItem({
      pk: `PROJECT#${project.id}`,
      sk: 'STRIPE_CONNECTION',
      entity: 'stripeConnection',
      projectId: project.id,
      projectOwnerUserId: founder.sub,
      accessToken: 'sk_test_old_token',
      refreshToken: 'rt_old_token',
      stripeUserId: 'acct_local_old',
      stripePublishableKey: null,
      connectedAt: new Date().toISOString(),
    });
    expect(await getStripeConnection(project.id)).toMatchObject({ stripeUserId: 'acct_local_old' });
    const raw = await getItem(`PROJECT#${project.id}`, 'STRIPE_CONNECTION');
    expect(raw).toMatchObject({ stripeUserId: 'acct_local_old' });
    expect(raw).not.toHaveProperty('accessToken');
    expect(raw).not.toHaveProperty('refreshToken');
  });

  it('keeps the account authorised while another project still uses it', async () => {
    const one = await createProject(founder, 'One');
    const two = await createProject(founder, 'Two');
    await connectProject(founder.token, one.id);
    await connectProject(founder.token, two.id);

    expect((await disconnect(founder, one.id)).status).toBe(200);
    // Still authorised for project two: the stand-in deauthorises it now, by hand.
    expect(await deauthorizeDirectly()).toBe(200);
    // Project two's disconnect goes through though Stripe no longer knows the grant.
    const response = await disconnect(founder, two.id);

    expect(response.status).toBe(200);
    expect(projectResponse.parse(response.body).data.paymentConnection.state).toBe('not-connected');
    expect(await getStripeConnection(two.id)).toBeNull();
  });

  it('disconnects an account Stripe had already deauthorised, and answers 409 to its sync', async () => {
    const project = await createProject(founder);
    // A connection to an account the stand-in never authorised (as if deauthorised on Stripe's side).
    await setStripeConnectCode(project.id, 'ac_local_earlier', 'read_write', new Date().toISOString());
    await putStripeConnection({
      projectId: project.id,
      projectOwnerUserId: founder.sub,
      stripeUserId: 'acct_local_revoked',
      stripePublishableKey: null,
      connectedAt: new Date().toISOString(),
    });

    const syncResponse = await sync(founder, project.id);
    const response = await disconnect(founder, project.id);

    expect(syncResponse.status).toBe(409);
    expect(errorOf(syncResponse.body)).toEqual({ code: 'aborted', message: STRIPE_ACCESS_REVOKED });
    expect(response.status).toBe(200);
    expect(projectResponse.parse(response.body).data.paymentConnection.state).toBe('not-connected');
    expect(await getStripeConnection(project.id)).toBeNull();
  });

  it('clears a pending code on disconnect', async () => {
    const project = await createProject(founder);
    expect((await connect(founder, project.id, { code: 'ac_local_nope', scope: 'read_write' })).status).toBe(
      400,
    );

    const response = await disconnect(founder, project.id);

    expect(response.status).toBe(200);
    expect(projectResponse.parse(response.body).data.paymentConnection.state).toBe('not-connected');
    expect(await getProject(project.id)).toMatchObject({ stripeConnectCode: null });
  });

  it("answers 404 to another user's connect, sync, MRR and disconnect, and leaves the project unchanged", async () => {
    const project = await createProject(founder);
    await connectProject(founder.token, project.id);
    expect((await sync(founder, project.id)).status).toBe(200);
    const before = await getProject(project.id);
    const connectionBefore = await getStripeConnection(project.id);
    const countsBefore = await storedCounts(project.id);
    const strangersGrant = await authorizationCode();

    const responses = [
      await connect(stranger, project.id, strangersGrant),
      await sync(stranger, project.id),
      await mrr(stranger, project.id),
      await disconnect(stranger, project.id),
    ];

    for (const response of responses) {
      expect(response.status).toBe(404);
      expect(errorOf(response.body)).toEqual({ code: 'not-found', message: 'Project not found' });
    }
    expect(await getProject(project.id)).toEqual(before);
    expect(await getStripeConnection(project.id)).toEqual(connectionBefore);
    expect(await storedCounts(project.id)).toEqual(countsBefore);
    // The stranger's code was never exchanged: it still connects their own project.
    const own = await createProject(stranger, 'Theirs');
    expect((await connect(stranger, own.id, strangersGrant)).status).toBe(200);
  });

  it('answers a missing project as a hidden one', async () => {
    const responses = [
      await connect(founder, 'proj_missing', await authorizationCode()),
      await sync(founder, 'proj_missing'),
      await mrr(founder, 'proj_missing'),
      await disconnect(founder, 'proj_missing'),
    ];
    expect(responses.map((r) => r.status)).toEqual([404, 404, 404, 404]);
  });
});
