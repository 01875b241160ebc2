import { beforeAll, describe, expect, it } from 'vitest';
import { networkHeaderKey } from '../../lambdas/lib/table/models';
import { updateItem } from '../../lambdas/lib/table/table';
import { apiSuccessEnvelope } from '../../shared/api/errors';
import {
  connectionsSummarySchema,
  deleteConnectionsResponse,
  uploadConnectionsResponse,
  warmPathsResponse,
} from '../../shared/api/network';
import { shortlistResponse } from '../../shared/api/shortlist';
import { MAX_CONNECTIONS, NO_NAME } from '../../shared/network/connections';
import { call, createUser, type TestUser } from './support/home';
import { seedInvestors, unique } from './support/seed';

/**
 * A founder's connections (issue 52): uploaded a page at a time, matched to investors (the person,
 * their firm's colleagues, their portfolio's founders and staff), shown as a fit reason on the
 * shortlist and to the search's cards, theirs alone, and deleted at once. Over HTTP, against the
 * local home.
 */
const u = unique();
const uploadBody = apiSuccessEnvelope(uploadConnectionsResponse);
const summaryBody = apiSuccessEnvelope(connectionsSummarySchema);
const pathsBody = apiSuccessEnvelope(warmPathsResponse);
const shortlistBody = apiSuccessEnvelope(shortlistResponse);
const deleteBody = apiSuccessEnvelope(deleteConnectionsResponse);

const place = `Warmland${u}`;
/** A first name of this file's own ("Weiß" folds as "Weiss": the match must read it so). */
const florian = `Florian${u}`;
let founder: TestUser;
let other: TestUser;
let weissId = '';
let strangerId = '';

/** The founder's LinkedIn export as rows: the investor, a colleague at "Northwind" (no "Ventures"), a portfolio founder. */
const rows = [
  {
    row: 1,
    name: `${florian} Weiss`,
    company: `Northwind${u}`,
    position: 'General Partner',
    linkedinUrl: 'https://www.linkedin.com/in/fw',
  },
  {
    row: 2,
    name: `Ana${u} Lima`,
    company: `Northwind${u} Capital`,
    position: 'Partner',
    email: `ana-${u}@friends.example`,
  },
  { row: 3, name: `Ben${u} Okafor`, company: `Acme${u} Inc.`, position: 'Co-founder & CEO' },
  { row: 4, company: 'No name here' },
  { row: 5, name: `Cleo${u} Park`, company: 'Unrelated Co' },
];

const upload = (user: TestUser, body: unknown) =>
  call('POST', '/me/connections', { token: user.token, body });
const pathsOf = async (user: TestUser, investorIds: string[]) => {
  const answer = await call('POST', '/me/connections/paths', { token: user.token, body: { investorIds } });
  expect(answer.status, answer.text).toBe(200);
  return pathsBody.parse(answer.body).data.paths;
};

beforeAll(async () => {
  [founder, other] = await Promise.all([createUser(), createUser()]);
  await seedInvestors([
    {
      name: `${florian} Weiß`,
      firm: `Northwind${u} Ventures`,
      stages: ['Seed'],
      country: place,
      portfolio: `Acme${u}; Globex${u}`,
    },
    { name: `Stranger${u} Jones`, firm: `Faraway${u} Partners`, stages: ['Seed'], country: place },
  ]);
  const found = await call('GET', `/investors?country=${place}&limit=10`);
  for (const item of (found.body as { data: { items: { id: string; name: string }[] } }).data.items) {
    if (item.name.startsWith(florian)) weissId = item.id;
    else strangerId = item.id;
  }
  expect(weissId).not.toBe('');
  expect(strangerId).not.toBe('');
});

describe("a founder's connections (connected)", () => {
  it('keeps an upload with a report of each row, and counts it', async () => {
    const answer = await upload(founder, { replace: true, fileName: 'Connections.csv', rows });
    expect(answer.status, answer.text).toBe(200);
    const { lines, summary } = uploadBody.parse(answer.body).data;
    expect(lines.map((l) => [l.row, l.outcome])).toEqual([
      [1, 'added'],
      [2, 'added'],
      [3, 'added'],
      [4, 'skipped'],
      [5, 'added'],
    ]);
    expect(lines[3]?.message).toBe(NO_NAME);
    expect(summary).toMatchObject({ count: 4, max: MAX_CONNECTIONS, fileName: 'Connections.csv' });
    const read = summaryBody.parse(
      (await call('GET', '/me/connections', { token: founder.token })).body,
    ).data;
    expect(read.count).toBe(4);
  });

  it('matches the person (Weiss for Weiß), their firm with and without "Ventures", and their portfolio', async () => {
    const paths = await pathsOf(founder, [weissId, strangerId, 'inv_not_there']);
    expect(paths.map((p) => p.investorId)).toEqual([weissId]);
    const path = paths[0];
    expect(path?.people.map((p) => [p.name, p.relation, p.words])).toEqual([
      [`${florian} Weiss`, 'investor', 'the investor'],
      [`Ana${u} Lima`, 'colleague', 'partner at their firm'],
      [`Ben${u} Okafor`, 'portfolio', `founder of Acme${u}, in their portfolio`],
    ]);
    expect(path?.text).toBe(
      `You know 3 people there: ${florian} (the investor), Ana${u} (partner at their firm), Ben${u} (founder of Acme${u}, in their portfolio)`,
    );
    expect(path?.people[1]?.email).toBe(`ana-${u}@friends.example`);
  });

  it("shows the warm path as a fit reason on the founder's shortlist", async () => {
    const created = await call('POST', '/projects', {
      token: founder.token,
      body: { name: `Warm ${u}`, description: 'A raise with friends' },
    });
    const projectId = (created.body as { data: { id: string } }).data.id;
    await call('PATCH', `/projects/${projectId}`, {
      token: founder.token,
      body: { raise: { round: 'Seed' } },
    });
    const answer = await call('GET', `/projects/${projectId}/investors?country=${place}&rest=show`, {
      token: founder.token,
    });
    expect(answer.status, answer.text).toBe(200);
    const items = shortlistBody.parse(answer.body).data.items;
    const weiss = items.find((item) => item.investor.id === weissId);
    const stranger = items.find((item) => item.investor.id === strangerId);
    expect(weiss?.reasons.find((r) => r.criterion === 'network')).toMatchObject({
      tone: 'for',
      points: 0,
      text: expect.stringMatching(/^You know 3 people there: /),
    });
    expect(weiss?.warmPath?.people).toHaveLength(3);
    expect(stranger?.reasons.some((r) => r.criterion === 'network')).toBe(false);
    expect(stranger?.warmPath).toBeNull();
  });

  it("are the founder's alone: another founder's answers carry none of them", async () => {
    expect(await pathsOf(other, [weissId, strangerId])).toEqual([]);
    const theirs = await call('GET', '/me/connections', { token: other.token });
    expect(summaryBody.parse(theirs.body).data.count).toBe(0);
    const created = await call('POST', '/projects', {
      token: other.token,
      body: { name: `Other ${u}`, description: 'Not a friend' },
    });
    const projectId = (created.body as { data: { id: string } }).data.id;
    const shortlist = await call('GET', `/projects/${projectId}/investors?country=${place}&rest=show`, {
      token: other.token,
    });
    expect(shortlist.status).toBe(200);
    for (const secret of [`Ana${u}`, `Ben${u}`, `ana-${u}@friends.example`, 'You know'])
      expect(shortlist.text).not.toContain(secret);
  });

  it('replaces them with a new file, and keeps no more than the limit', async () => {
    const replaced = await upload(founder, { replace: true, rows: [rows[4]] });
    expect(uploadBody.parse(replaced.body).data.summary.count).toBe(1);
    expect(await pathsOf(founder, [weissId])).toEqual([]);
    // One place left under the limit: the first row of the page is kept, the second is not.
    await updateItem({
      Key: networkHeaderKey(founder.sub),
      UpdateExpression: 'SET #count = :almost',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':almost': MAX_CONNECTIONS - 1 },
    });
    const full = await upload(founder, { replace: false, rows: [rows[0], rows[1]] });
    const { lines, summary } = uploadBody.parse(full.body).data;
    expect(lines.map((l) => l.outcome)).toEqual(['added', 'skipped']);
    expect(lines[1]?.message).toMatch(/^Over the limit of 30,000 connections/);
    expect(summary.count).toBe(MAX_CONNECTIONS);
  });

  it('refuses a page that is not rows, with a clear error, and keeps what was there', async () => {
    const bad = await upload(founder, { replace: true, rows: [] });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Send at least one row.');
    const read = summaryBody.parse(
      (await call('GET', '/me/connections', { token: founder.token })).body,
    ).data;
    expect(read.count).toBe(MAX_CONNECTIONS);
  });

  it('deletes every connection at once', async () => {
    const answer = await call('DELETE', '/me/connections', { token: founder.token });
    expect(answer.status, answer.text).toBe(200);
    expect(deleteBody.parse(answer.body).data).toMatchObject({
      deleted: MAX_CONNECTIONS,
      summary: { count: 0 },
    });
    expect(await pathsOf(founder, [weissId])).toEqual([]);
    const read = summaryBody.parse(
      (await call('GET', '/me/connections', { token: founder.token })).body,
    ).data;
    expect(read).toEqual({ count: 0, max: MAX_CONNECTIONS, fileName: null, uploadedAt: null });
  });
});

describe('"Intro via" on a pipeline entry (connected)', () => {
  it('keeps who can introduce the founder, changes it and clears it', async () => {
    const created = await call('POST', '/projects', {
      token: founder.token,
      body: { name: `Intro ${u}`, description: 'A pipeline with a warm path' },
    });
    const projectId = (created.body as { data: { id: string } }).data.id;
    const added = await call('POST', `/projects/${projectId}/pipeline/entries`, {
      token: founder.token,
      body: { investorId: weissId },
    });
    expect(added.status, added.text).toBe(201);
    const entry = (
      added.body as { data: { entry: { id: string; version: number; introVia: string | null } } }
    ).data.entry;
    expect(entry.introVia).toBeNull();
    const path = `/projects/${projectId}/pipeline/entries/${entry.id}`;
    const set = await call('PATCH', path, {
      token: founder.token,
      body: { version: entry.version, introVia: `  Ben${u} Okafor ` },
    });
    expect(set.status, set.text).toBe(200);
    const after = (set.body as { data: { entry?: { introVia: string; version: number } } }).data;
    const view = (after.entry ?? after) as { introVia: string; version: number };
    expect(view.introVia).toBe(`Ben${u} Okafor`);
    const board = await call('GET', `/projects/${projectId}/pipeline`, { token: founder.token });
    expect(board.text).toContain(`"introVia":"Ben${u} Okafor"`);
    const refused = await call('PATCH', path, {
      token: founder.token,
      body: { version: view.version, introVia: 'x'.repeat(121) },
    });
    expect(refused.status).toBe(400);
    const cleared = await call('PATCH', path, {
      token: founder.token,
      body: { version: view.version, introVia: '' },
    });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.text).toContain('"introVia":null');
  });
});
