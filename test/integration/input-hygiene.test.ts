import { createHash } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentClient } from '../../lambdas/lib/clients/dynamodb';
import { BODY_TOO_DEEP, BODY_TOO_LARGE } from '../../lambdas/lib/middlewares/body-limits';
import { NO_BODY_TAKEN } from '../../lambdas/lib/middlewares/validation';
import { putPortal } from '../../lambdas/lib/table/repositories/portals';
import { tableName } from '../../lambdas/lib/table/table';
import { routeKey, routes } from '../../lambdas/routes';
import { apiErrorEnvelopeSchema, apiSuccessEnvelope } from '../../shared/api/errors';
import { reviewDecisionResponse } from '../../shared/api/investor-review';
import { INVALID_CURSOR } from '../../shared/api/paging';
import { singleLineMessage } from '../../shared/api/text';
import {
  pathMatches,
  type RoutedEndpoint,
  routedEndpoints,
  textFields,
  textLeaves,
  withLeaf,
} from '../support/request-bodies';
import { call, createInvestor, createUser, type TestUser } from './support/home';
import { emailsTo } from './support/purchases';
import { unique } from './support/seed';

/**
 * Input hygiene (issue 30, items 7 and 8), generated from the route table as the authorisation matrix
 * is: every route that takes a body is sent 10,000 nested lists and objects, a body that is not an
 * object, and, in each of its single-line fields, a line break; each must answer a plain 400 that
 * names the field, and nothing may be written (the whole table is compared before and after). Then
 * the long inputs (a 10 MB body, a 200 KB export column), a control character as a field name, the
 * cursor and withdraw messages, and an email Subject that would carry a portal name with CR/LF.
 */

const errorOf = (body: unknown) => apiErrorEnvelopeSchema.parse(body).error;

const u = unique();
const portalLabel = `hygiene-${u}`;

/**
 * A valid body for every route that takes one, with every text field its schema declares (the first
 * test checks both; `other` is a second body for a field that takes two forms). Path parameters are
 * well-formed ids of nothing: a bad body is refused before any record is looked up.
 */
/** A spreadsheet row as the pipeline's import sends it, every field filled. */
const pipelineRow = {
  row: 2,
  name: 'Hygiene',
  firm: 'Firm',
  title: 'Partner',
  email: 'h@example.com',
  phone: '+1 555 0100',
  linkedinUrl: 'https://www.linkedin.com/in/h',
  stage: 'Meeting',
  amount: '$250k',
  nextStep: 'Call',
  nextStepDate: '2026-01-01',
  notes: 'Line one\nLine two',
};

const SAMPLES: Record<string, { path: string; body: unknown; other?: unknown }> = {
  'POST /carts': {
    path: '/carts',
    body: { id: 'cart_20260101-ABCDEFGH', investorIds: ['inv_hygiene'], columnOrder: ['name'] },
  },
  'POST /carts/preview': {
    path: '/carts/preview',
    body: { investorIds: ['inv_hygiene'], columnOrder: ['name'] },
  },
  'POST /projects': { path: '/projects', body: { name: 'Hygiene', description: 'Line one\nLine two' } },
  'PATCH /projects/{projectId}': {
    path: '/projects/proj_hygiene',
    body: {
      name: 'Hygiene',
      description: 'D',
      sectors: ['fintech', 'saas'],
      raise: { round: 'seed', amountUsd: 1_000_000, country: 'Sweden', city: 'Stockholm', leadWanted: true },
    },
  },
  // Shortlists (issue 35): a saved search with every filter the search page's URL carries.
  'POST /me/saved-searches': {
    path: '/me/saved-searches',
    body: {
      name: 'Hygiene search',
      projectId: 'proj_hygiene',
      filters: {
        q: 'fintech',
        role: 'vc',
        stageFocus: 'seed',
        sectorFocus: 'fintech',
        country: 'Sweden',
        city: 'Stockholm',
        checkMin: '1000',
        checkMax: '2000000',
        has: 'email',
      },
    },
  },
  'PATCH /me/saved-searches/{savedSearchId}': {
    path: '/me/saved-searches/ss_hygiene',
    body: { name: 'Renamed' },
  },
  'PUT /me/search-alerts': { path: '/me/search-alerts', body: { on: false } },
  'POST /projects/{projectId}/stripe/connect': {
    path: '/projects/proj_hygiene/stripe/connect',
    body: { code: 'ac_hygiene', scope: 'read_write', state: 'a'.repeat(43) },
  },
  'POST /projects/{projectId}/stripe/transactions/sync': {
    path: '/projects/proj_hygiene/stripe/transactions/sync',
    body: {},
  },
  'POST /podcasts': {
    path: '/podcasts',
    body: {
      title: 'Hygiene Cast',
      url: 'https://example.com/cast',
      description: 'D',
      imageUrl: 'https://example.com/cast.png',
      participants: 'Ada, Bo',
    },
    // Participants as a list of names, the field's other form.
    other: { title: 'Hygiene Cast', url: 'https://example.com/cast', participants: ['Ada', 'Bo'] },
  },
  'PATCH /podcasts/{podcastId}': {
    path: '/podcasts/pod_hygiene',
    body: {
      title: 'Hygiene Cast',
      url: 'https://example.com/cast',
      description: 'D',
      imageUrl: 'https://example.com/cast.png',
      participants: ['Ada', 'Bo'],
    },
    other: { title: 'Hygiene Cast', url: 'https://example.com/cast', participants: 'Ada, Bo' },
  },
  'POST /podcasts/{podcastId}/vote': { path: '/podcasts/pod_hygiene/vote', body: {} },
  'PUT /me/update-emails': { path: '/me/update-emails', body: { enabled: true } },
  'PUT /me/cart': {
    path: '/me/cart',
    body: {
      expectedVersion: 0,
      investorIds: ['inv_hygiene'],
      columnOrder: ['name'],
      cartId: 'cart_20260101-ABCDEFGH',
    },
  },
  'POST /me/cart/merge': {
    path: '/me/cart/merge',
    body: { investorIds: ['inv_hygiene'], cartId: 'cart_20260101-ABCDEFGH' },
  },
  'PUT /me/pipeline-reminders': { path: '/me/pipeline-reminders', body: { enabled: true } },
  'POST /projects/{projectId}/updates': {
    path: '/projects/proj_hygiene/updates',
    body: {
      subject: 'Hygiene update',
      includeMrr: true,
      includeCoverage: true,
      highlights: 'Line one\nLine two',
      lowlights: 'Line one\nLine two',
      asks: 'Line one\nLine two',
      recipientEntryIds: ['prv-chygiene'],
    },
  },
  'PUT /me/response-times': { path: '/me/response-times', body: { enabled: false } },
  // Deck links (issue 53): the founder's upload, deck and link; a viewer's open and page events.
  'POST /projects/{projectId}/decks/uploads': {
    path: '/projects/proj_hygiene/decks/uploads',
    body: { fileName: 'deck.pdf', fileSize: 1000 },
  },
  'POST /projects/{projectId}/decks': {
    path: '/projects/proj_hygiene/decks',
    body: { uploadId: 'AAAAAAAAAAAAAAAAAAAAAA', fileName: 'deck.pdf' },
  },
  'POST /projects/{projectId}/pipeline/entries/{entryId}/deck-links': {
    path: '/projects/proj_hygiene/pipeline/entries/prv-chygiene/deck-links',
    body: { askEmail: true, allowDownload: false, expiresOn: '2027-01-31', version: null },
  },
  'POST /deck-links/{token}/views': {
    path: '/deck-links/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/views',
    body: { email: 'viewer@example.com' },
  },
  'POST /deck-links/{token}/views/{viewId}/events': {
    path: '/deck-links/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/views/vw_AAAAAAAAAAAAAAAAAAAAAA/events',
    body: { page: 1, kind: 'shown' },
  },
  // Warm paths (issue 52): a page of the founder's connections, and the paths to some investors.
  'POST /me/connections': {
    path: '/me/connections',
    body: {
      replace: true,
      fileName: 'Connections.csv',
      rows: [
        {
          row: 1,
          name: 'Ana Hygiene',
          company: 'Hygiene Ventures',
          position: 'Partner',
          email: 'ana@example.com',
          linkedinUrl: 'https://www.linkedin.com/in/ana-hygiene',
        },
      ],
    },
  },
  'POST /me/connections/paths': { path: '/me/connections/paths', body: { investorIds: ['inv_hygiene'] } },
  'POST /projects/{projectId}/pipeline/entries': {
    path: '/projects/proj_hygiene/pipeline/entries',
    body: {
      contact: {
        name: 'Hygiene',
        firm: 'Firm',
        title: 'Partner',
        email: 'h@example.com',
        phone: '+1 555 0100',
        linkedinUrl: 'https://www.linkedin.com/in/h',
        notes: 'Line one\nLine two',
      },
    },
    other: { investorId: 'inv_hygiene' },
  },
  'PATCH /projects/{projectId}/pipeline/entries/{entryId}': {
    path: '/projects/proj_hygiene/pipeline/entries/prv-hygiene',
    body: {
      version: 1,
      stage: 'passed',
      passReason: 'other',
      passNote: 'Partner left',
      notes: 'Line one\nLine two',
      amount: 1000,
      nextStep: 'Call',
      nextStepDate: '2026-01-01',
      introVia: 'Ben',
    },
  },
  'POST /projects/{projectId}/pipeline/import/matches': {
    path: '/projects/proj_hygiene/pipeline/import/matches',
    body: { rows: [pipelineRow] },
  },
  'POST /projects/{projectId}/pipeline/import': {
    path: '/projects/proj_hygiene/pipeline/import',
    body: { rows: [pipelineRow], accepted: [{ row: 2, investorId: 'inv_hygiene' }] },
  },
  'POST /investors/{investorId}/reports': {
    path: '/investors/inv_hygiene/reports',
    body: { reason: 'other', note: 'N', field: 'email' },
  },
  'POST /me/credits/redemptions': { path: '/me/credits/redemptions', body: { investorId: 'inv_hygiene' } },
  'PUT /admin/investors/{investorId}/contacts': {
    path: '/admin/investors/inv_hygiene/contacts',
    body: {
      email: 'ada@example.com',
      phone: '+1 415 555 0100',
      linkedin: 'https://www.linkedin.com/in/ada',
      twitter: 'https://x.com/ada',
      crunchbase: 'https://www.crunchbase.com/person/ada',
    },
  },
  'PUT /admin/investors/{investorId}/profile': {
    path: '/admin/investors/inv_hygiene/profile',
    body: {
      thesis: 'Seed fintech.\nIn Iberia.',
      website: 'https://hygiene.example.com',
      geographicFocus: ['Portugal'],
      portfolio: [{ name: 'Acme', website: 'https://acme.example', stage: 'Seed', year: 2021 }],
      recentInvestments: [{ company: 'Kite', round: 'Series A', date: '2025-03', amount: 1_000_000 }],
    },
  },
  'POST /admin/reports/{reportId}/resolve': {
    path: '/admin/reports/rep-hygiene/resolve',
    body: { action: 'correct', field: 'email', value: 'ada@example.com' },
  },
  'POST /admin/field-merger': {
    path: '/admin/field-merger',
    body: {
      action: 'merge',
      field: 'sectorFocus',
      selectedValues: ['hygiene a', 'hygiene b'],
      freeFormValue: 'hygiene',
      finalValue: 'hygiene',
    },
  },
  'POST /admin/taxonomy/synonyms': {
    path: '/admin/taxonomy/synonyms',
    body: { kind: 'sector', spelling: 'hygiene spelling', entry: 'Fintech' },
    other: { kind: 'sector', spelling: 'hygiene other spelling', newLabel: 'Hygiene Other Sector' },
  },
  'POST /admin/taxonomy/remap': { path: '/admin/taxonomy/remap', body: {} },
  'POST /admin/imports': {
    path: '/admin/imports',
    body: {
      fileName: 'hygiene.csv',
      fileSize: 10,
      sourceName: 'Hygiene',
      sourceUrl: 'https://example.com/list.csv',
      headers: [{ header: 'Investor Name', include: true }],
    },
  },
  'POST /admin/portals': {
    path: '/admin/portals',
    body: {
      urlIdentifier: `hyg-new-${u}`,
      name: 'Hygiene',
      description: 'D',
      firmName: 'Hygiene Capital',
      firmWebsite: 'https://hygiene.example.com',
      font: 'system',
    },
  },
  'PATCH /admin/portals/{portalId}': {
    path: `/admin/portals/${portalLabel}`,
    body: {
      name: 'Hygiene',
      description: 'D',
      firmName: 'Hygiene Capital',
      firmWebsite: 'https://hygiene.example.com',
      font: 'system',
    },
  },
  'POST /admin/investor-submissions/{userId}/approve': {
    path: '/admin/investor-submissions/user-hygiene/approve',
    body: {
      updatedAt: '2026-01-01T00:00:00.000Z',
      joinInvestorId: 'inv_hygiene',
      changes: {
        name: 'Ada',
        firm: 'Hygiene Capital',
        title: 'Partner',
        sectors: ['fintech'],
        cities: ['Lisbon'],
        countries: ['Portugal'],
        regions: ['Europe'],
        thesis: 'T',
        geographicFocus: ['Portugal'],
        portfolio: [{ name: 'Acme', website: 'https://acme.example', stage: 'Seed', year: 2021 }],
        recentInvestments: [{ company: 'Kite', round: 'Series A', date: '2025-03', amount: 1_000_000 }],
        links: {
          linkedin: 'https://www.linkedin.com/in/ada',
          twitter: 'https://x.com/ada',
          crunchbase: 'https://www.crunchbase.com/person/ada',
          website: 'https://hygiene.example.com',
        },
        contact: { email: 'ada@example.com', phone: '+1 415 555 0100' },
      },
    },
  },
  'POST /admin/withdrawals/{investorId}/restore': {
    path: '/admin/withdrawals/inv_hygiene/restore',
    body: { reason: 'Withdrawn in error' },
  },
  'POST /admin/correction-requests/{requestId}/close': {
    path: '/admin/correction-requests/req-hygiene/close',
    body: { note: 'Corrected' },
  },
  'POST /investors/{investorId}/data-requests': {
    path: '/investors/inv_hygiene/data-requests',
    body: { action: 'correct', details: 'My firm is wrong' },
  },
  'POST /data-requests/{requestId}/confirm': {
    path: '/data-requests/req-hygiene/confirm',
    body: { code: '123456' },
    // The emailed link's form (issue 48): its secret, and the person's own choice.
    other: { token: 'A'.repeat(43), action: 'correct', details: 'My firm is wrong' },
  },
  'POST /admin/investor-submissions/{userId}/reject': {
    path: '/admin/investor-submissions/user-hygiene/reject',
    body: { updatedAt: '2026-01-01T00:00:00.000Z', reason: 'R' },
  },
  'POST /investor/join': { path: '/investor/join', body: { portalId: portalLabel } },
  'PATCH /investor/profile': {
    path: '/investor/profile',
    body: {
      name: 'Ada',
      firm: 'Hygiene Capital',
      title: 'Partner',
      sectors: ['fintech'],
      cities: ['Lisbon'],
      countries: ['Portugal'],
      regions: ['Europe'],
      thesis: 'T',
      geographicFocus: ['Portugal'],
      portfolio: [{ name: 'Acme', website: 'https://acme.example', stage: 'Seed', year: 2021 }],
      recentInvestments: [{ company: 'Kite', round: 'Series A', date: '2025-03', amount: 1_000_000 }],
      links: {
        linkedin: 'https://www.linkedin.com/in/ada',
        twitter: 'https://x.com/ada',
        crunchbase: 'https://www.crunchbase.com/person/ada',
        website: 'https://hygiene.example.com',
      },
      contact: { email: 'ada@example.com', phone: '+1 415 555 0100' },
    },
  },
  'POST /investor/profile/withdraw': { path: '/investor/profile/withdraw', body: { what: 'profile' } },
};

/** Line breaks the single-line fields are tried with (VT, FF and NEL are control characters, refused everywhere). */
const LINE_BREAKS: [string, string][] = [
  ['CR', '\r'],
  ['LF', '\n'],
  ['U+2028', '\u2028'],
];

const nestedArrays = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
const nestedObjects = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;

let endpoints: RoutedEndpoint[];
let founder: TestUser;
let admin: TestUser;
let investor: TestUser;

/** The token a route's auth level takes (the webhook's public route takes none). */
const tokenFor = (auth: string): string | undefined =>
  ({ user: founder.token, verified: founder.token, admin: admin.token, investor: investor.token })[auth];

/** Every item of the table, each reduced to a hash, by key: two fingerprints differ exactly when something was written. */
async function tableFingerprint(): Promise<Map<string, string>> {
  const items = new Map<string, string>();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new ScanCommand({ TableName: tableName(), ExclusiveStartKey: start }),
    );
    for (const item of page.Items ?? []) {
      const json = JSON.stringify(item, (_, value) => (value instanceof Set ? [...value].sort() : value));
      items.set(`${item.pk} ${item.sk}`, createHash('sha256').update(json).digest('hex'));
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** The keys written (added, changed or deleted) between two fingerprints. */
function written(before: Map<string, string>, after: Map<string, string>): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter((key) => before.get(key) !== after.get(key)).sort();
}

const bodyRoutes = () => endpoints.filter((e) => e.endpoint.body !== undefined);

/** The sample bodies of a route: the body, and its other form when it has one. */
const samplesOf = (key: string): unknown[] => {
  const sample = SAMPLES[key];
  if (!sample) return [];
  return sample.other === undefined ? [sample.body] : [sample.body, sample.other];
};

beforeAll(async () => {
  const now = new Date().toISOString();
  await putPortal({
    id: `portal-${portalLabel}`,
    name: 'Hygiene Portal',
    description: 'For input hygiene',
    urlIdentifier: portalLabel,
    createdAt: now,
    updatedAt: now,
    createdBy: 'test',
    firm: { name: 'Hygiene Capital', website: 'https://hygiene.example.com' },
    fontFamily: null,
  });
  [endpoints, founder, admin, investor] = await Promise.all([
    routedEndpoints(),
    createUser(),
    createUser({ admin: true }),
    createInvestor(portalLabel),
  ]);
});

describe('input hygiene on every route, generated from lambdas/routes.ts', () => {
  it('has a valid sample body for every route that takes one, with each of its text fields', () => {
    expect(bodyRoutes().length).toBeGreaterThanOrEqual(23);
    expect(Object.keys(SAMPLES).sort()).toEqual(
      bodyRoutes()
        .map((e) => e.key)
        .sort(),
    );
    for (const { key, endpoint } of bodyRoutes()) {
      for (const body of samplesOf(key))
        expect(endpoint.body?.['~standard'].validate(body), key).not.toHaveProperty('issues');
      const leaves = samplesOf(key).flatMap((body) => textLeaves(body));
      const missing = textFields(endpoint.body as NonNullable<typeof endpoint.body>)
        .filter((field) => !leaves.some((leaf) => pathMatches(leaf, field.path)))
        .map((field) => field.path.join('.'));
      expect(missing, `${key}: text fields without a sample value`).toEqual([]);
    }
  });

  it('answers 10,000 nested lists or objects with a plain 400 on every route that takes a body, writing nothing', async () => {
    const before = await tableFingerprint();
    const answers: Record<string, string[]> = {};
    const expected: Record<string, string[]> = {};
    for (const definition of routes.filter((r) => r.method !== 'GET')) {
      const key = routeKey(definition);
      const routed = endpoints.find((e) => e.key === key);
      const path = SAMPLES[key]?.path ?? definition.path.replace(/\{(\w+)\}/g, 'hygiene-$1');
      const token = tokenFor(definition.auth);
      answers[key] = [];
      for (const rawBody of [nestedArrays, nestedObjects]) {
        const response = await call(definition.method, path, { ...(token ? { token } : {}), rawBody });
        answers[key].push(`${response.status} ${routed ? errorOf(response.body).message : ''}`);
      }
      // Stripe's webhook checks the signature on the raw body before anything reads it: 400 too.
      const message = !routed ? '' : routed.endpoint.body ? BODY_TOO_DEEP : NO_BODY_TAKEN;
      expected[key] = [`400 ${message}`, `400 ${message}`];
    }
    expect(answers).toEqual(expected);
    expect(written(before, await tableFingerprint())).toEqual([]);
  });

  it('says what to send when a body is not a JSON object, on every route that takes one', async () => {
    const messages: Record<string, string[]> = {};
    for (const { key, route } of bodyRoutes()) {
      const sample = SAMPLES[key] as { path: string };
      const token = tokenFor(route.auth);
      messages[key] = [];
      for (const rawBody of ['[]', '"text"', '42', 'null']) {
        const response = await call(route.method, sample.path, { ...(token ? { token } : {}), rawBody });
        expect(response.status, `${key} ${rawBody}`).toBe(400);
        messages[key].push(errorOf(response.body).message);
      }
    }
    for (const [key, answers] of Object.entries(messages))
      for (const message of answers) {
        expect(message, key).toMatch(/^The request body must be a JSON object (with|such as)/);
        expect(message, key).not.toContain('The value must be an object');
      }
    expect(messages['POST /carts']?.[0]).toBe(
      'The request body must be a JSON object with the fields investorIds and columnOrder (and optionally id).',
    );
  });

  it('refuses a line break (CR, LF, U+2028) in each single-line field of every route, naming the field, writing nothing', async () => {
    const before = await tableFingerprint();
    const tried: string[] = [];
    const wrong: string[] = [];
    const namedByFormat = new Set<string>();
    for (const { key, route, endpoint } of bodyRoutes()) {
      const { path } = SAMPLES[key] as { path: string };
      const single = textFields(endpoint.body as NonNullable<typeof endpoint.body>).filter(
        (field) => field.kind === 'single-line',
      );
      const token = tokenFor(route.auth);
      const leaves = samplesOf(key).flatMap((sample) =>
        textLeaves(sample)
          .filter((leaf) => single.some((field) => pathMatches(leaf, field.path)))
          .map((leaf) => ({ sample, leaf })),
      );
      for (const { sample, leaf } of leaves)
        for (const [name, separator] of LINE_BREAKS) {
          const field = leaf.join('.');
          const body = withLeaf(sample, leaf, (value) => `${value.slice(0, 2)}${separator}${value.slice(2)}`);
          const response = await call(route.method, path, { ...(token ? { token } : {}), body });
          tried.push(`${key} ${field} ${name}`);
          const message = response.status === 400 ? errorOf(response.body).message : '';
          // A field whose format is checked first (an email, a web address) is named by that check.
          if (response.status !== 400 || !(message === singleLineMessage(field) || message.startsWith(field)))
            wrong.push(`${key} ${field} ${name}: ${response.status} ${response.text.slice(0, 200)}`);
          else if (message !== singleLineMessage(field)) namedByFormat.add(`${key} ${field}`);
        }
    }
    expect(wrong).toEqual([]);
    // Only an admin's corrected email and links answer with their format's message (zod checks a
    // format first); every other field with the single-line one.
    expect([...namedByFormat]).toEqual(
      ['email', 'linkedin', 'twitter', 'crunchbase'].map(
        (f) => `PUT /admin/investors/{investorId}/contacts ${f}`,
      ),
    );
    // The fields issue 30 found storing line breaks are among those tried.
    expect(tried).toEqual(
      expect.arrayContaining([
        'POST /projects name CR',
        'PATCH /projects/{projectId} sectors.1 LF',
        'POST /podcasts title U+2028',
        'POST /podcasts participants LF',
        'POST /podcasts participants.1 U+2028',
        'PATCH /podcasts/{podcastId} participants.0 CR',
        'POST /admin/portals name CR',
        'POST /admin/portals firmName LF',
        'PATCH /investor/profile name U+2028',
        'PATCH /investor/profile firm CR',
        'PATCH /investor/profile title LF',
        'POST /admin/imports fileName CR',
        'POST /admin/imports sourceName LF',
      ]),
    );
    expect(written(before, await tableFingerprint())).toEqual([]);
  });

  it('keeps the line breaks of a multi-line field', async () => {
    const response = await call('POST', '/projects', {
      token: founder.token,
      body: { name: `Hygiene ${u}`, description: 'Line one\r\nLine two\u2028Line three' },
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({ data: { description: 'Line one\r\nLine two\u2028Line three' } });
  });
});

describe('long inputs get short answers', () => {
  it('refuses a 10 MB body with a short 413, writing nothing', async () => {
    const before = await tableFingerprint();
    const response = await call('POST', '/podcasts', {
      token: founder.token,
      body: { title: 'Big', url: 'https://example.com/big', description: 'd'.repeat(10 * 1024 * 1024) },
    });
    expect(response.status).toBe(413);
    expect(errorOf(response.body)).toEqual({ code: 'invalid-argument', message: BODY_TOO_LARGE });
    expect(response.text.length).toBeLessThan(300);
    expect(written(before, await tableFingerprint())).toEqual([]);
  });

  it('echoes an excerpt of a long unknown export column (200 KB), and refuses a 1 MB one as too large', async () => {
    const long = `${'c'.repeat(200_000)}`;
    for (const path of ['/carts', '/carts/preview']) {
      const response = await call('POST', path, {
        token: founder.token,
        body: { investorIds: ['inv_hygiene'], columnOrder: ['name', long] },
      });
      expect(response.status).toBe(400);
      expect(errorOf(response.body).message).toMatch(
        new RegExp(
          `^Invalid body field 'columnOrder.1': Unknown export column '${'c'.repeat(40)}…': the columns are `,
        ),
      );
      expect(response.text.length).toBeLessThan(500);
    }
    const huge = await call('POST', '/carts/preview', {
      token: founder.token,
      body: { investorIds: ['inv_hygiene'], columnOrder: ['c'.repeat(1024 * 1024)] },
    });
    expect(huge.status).toBe(413);
    expect(huge.text.length).toBeLessThan(300);
  });

  it('never shows a control character as a field name: it gives the field position', async () => {
    const response = await call('POST', '/podcasts', {
      token: founder.token,
      rawBody: '{"title":"T","ur\\u0000l":"https://example.com"}',
    });
    expect(response.status).toBe(400);
    const { message } = errorOf(response.body);
    expect(message).toBe(
      'The name of field 2 of the request body contains characters that are not allowed: control characters, unpaired surrogates or text-direction overrides.',
    );
    expect(response.text).not.toContain('\\u0000');
    expect(response.text).not.toContain(String.fromCharCode(0));
  });
});

describe('messages a founder can act on', () => {
  it('says why a cursor is not valid and what to do, on every paged list', async () => {
    for (const [path, token] of [
      ['/investors?q=hygiene&cursor=not-a-cursor', undefined],
      ['/podcasts?cursor=not-a-cursor', undefined],
      ['/admin/reports?cursor=not-a-cursor', admin.token],
    ] as const) {
      const response = await call('GET', path, token ? { token } : {});
      expect(response.status, path).toBe(400);
      expect(errorOf(response.body).message, path).toBe(INVALID_CURSOR);
    }
  });

  it('names the field and the values it takes when a withdrawal asks for something else', async () => {
    const response = await call('POST', '/investor/profile/withdraw', {
      token: investor.token,
      body: { what: 'everything' },
    });
    expect(response.status).toBe(400);
    expect(errorOf(response.body).message).toBe('what must be one of: profile, contacts');
  });
});

describe('email headers are built from single-line values only', () => {
  it('refuses, before sending, a rejection whose Subject would carry a portal name with CR/LF (stored before the rule)', async () => {
    const label = `hygiene-crlf-${u}`;
    const now = new Date().toISOString();
    await putPortal({
      id: `portal-${label}`,
      name: 'Acme\r\nBcc: everyone@example.com',
      description: '',
      urlIdentifier: label,
      createdAt: now,
      updatedAt: now,
      createdBy: 'test',
      firm: { name: 'Acme', website: '' },
      fontFamily: null,
    });
    const applicant = await createInvestor(label);
    const saved = await call('PATCH', '/investor/profile', {
      token: applicant.token,
      body: { name: `Crlf ${u}`, investorType: 'angel', stages: ['seed'], sectors: ['fintech'] },
    });
    expect(saved.status, saved.text).toBe(200);
    const submitted = await call('POST', '/investor/profile/submit', { token: applicant.token });
    expect(submitted.status, submitted.text).toBe(200);
    const { updatedAt } = (submitted.body as { data: { profile: { updatedAt: string } } }).data.profile;

    const rejected = await call('POST', `/admin/investor-submissions/${applicant.sub}/reject`, {
      token: admin.token,
      body: { updatedAt, reason: 'Please add your firm.' },
    });

    // The decision stands; the admin is told the email did not go, and none went.
    expect(rejected.status, rejected.text).toBe(200);
    const decision = apiSuccessEnvelope(reviewDecisionResponse).parse(rejected.body).data;
    expect(decision.emailed).toBe(false);
    expect(decision.submission.status).toBe('rejected');
    expect(await emailsTo(applicant.email)).toEqual([]);
  });
});
