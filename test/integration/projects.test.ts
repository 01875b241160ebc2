import { beforeAll, describe, expect, it } from 'vitest';
import {
  getProject,
  getStripeConnection,
  putStripeConnection,
  setStripeConnectCode,
} from '../../lambdas/lib/table/repositories/projects';
import { apiErrorEnvelopeSchema, apiSuccessEnvelope } from '../../shared/api/errors';
import { listProjectsResponse, PROJECT_UPDATE_EMPTY } from '../../shared/api/projects';
import {
  INVALID_STARTUP_STATUS,
  PROJECT_DESCRIPTION_REQUIRED,
  PROJECT_NAME_REQUIRED,
  TOO_MANY_PROJECT_SECTORS,
} from '../../shared/projects/project';
import { call, createUser, type TestUser } from './support/home';
import { createProject, projectResponse } from './support/projects';
import { nextMillisecond } from './support/seed';

const listResponse = apiSuccessEnvelope(listProjectsResponse);
const errorOf = (body: unknown) => apiErrorEnvelopeSchema.parse(body).error;

describe('startup projects over HTTP', () => {
  let founder: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    [founder, stranger] = await Promise.all([createUser(), createUser()]);
  });

  it('creates a project with no statuses, no sectors and no payment connection, and reads it back', async () => {
    const response = await call('POST', '/projects', {
      token: founder.token,
      body: { name: '  Acme Analytics  ', description: 'Dashboards for small shops.' },
    });

    expect(response.status).toBe(201);
    const project = projectResponse.parse(response.body).data;
    expect(project).toMatchObject({
      creatorUserId: founder.sub,
      name: 'Acme Analytics',
      description: 'Dashboards for small shops.',
      startupStatus: [],
      sectors: [],
      stripeConnectCode: null,
      stripeConnectScope: null,
      stripeConnectTimestamp: null,
      paymentConnection: { state: 'not-connected', connectedAt: null },
    });
    expect(project.id).toMatch(/^proj_[0-9a-f]{32}$/);
    expect(project.updatedAt).toBe(project.createdAt);

    const read = await call('GET', `/projects/${project.id}`, { token: founder.token });

    expect(read.status).toBe(200);
    expect(projectResponse.parse(read.body).data).toEqual(project);
  });

  it("lists only the caller's projects, newest first", async () => {
    const owner = await createUser();
    const older = await createProject(owner, 'Older');
    await nextMillisecond();
    const newer = await createProject(owner, 'Newer');
    await createProject(stranger, 'Not theirs');

    const response = await call('GET', '/projects', { token: owner.token });

    expect(response.status).toBe(200);
    expect(listResponse.parse(response.body).data.projects.map((p) => p.id)).toEqual([newer.id, older.id]);
  });

  it('refuses a blank name or description with the form messages', async () => {
    const blankName = await call('POST', '/projects', {
      token: founder.token,
      body: { name: '   ', description: 'Something' },
    });
    const noDescription = await call('POST', '/projects', { token: founder.token, body: { name: 'Acme' } });

    expect(blankName.status).toBe(400);
    expect(errorOf(blankName.body).message).toBe(PROJECT_NAME_REQUIRED);
    expect(noDescription.status).toBe(400);
    expect(errorOf(noDescription.body).message).toBe(PROJECT_DESCRIPTION_REQUIRED);
  });

  it('refuses a name longer than 200 characters', async () => {
    const response = await call('POST', '/projects', {
      token: founder.token,
      body: { name: 'x'.repeat(201), description: 'Something' },
    });

    expect(response.status).toBe(400);
    expect(errorOf(response.body).message).toBe('Name must be at most 200 characters.');
  });

  it('updates the given fields only and bumps updatedAt', async () => {
    const project = await createProject(founder);
    await nextMillisecond();

    const response = await call('PATCH', `/projects/${project.id}`, {
      token: founder.token,
      body: {
        sectors: [' saas ', 'fintech', 'saas', ''],
        startupStatus: ['Building', 'Raising', 'Building'],
      },
    });

    expect(response.status).toBe(200);
    const updated = projectResponse.parse(response.body).data;
    expect(updated).toMatchObject({
      id: project.id,
      name: project.name,
      description: project.description,
      createdAt: project.createdAt,
      sectors: ['saas', 'fintech'],
      startupStatus: ['Building', 'Raising'],
    });
    expect(updated.updatedAt > project.updatedAt).toBe(true);

    const renamed = await call('PATCH', `/projects/${project.id}`, {
      token: founder.token,
      body: { name: 'Acme Insights' },
    });
    expect(projectResponse.parse(renamed.body).data).toMatchObject({
      name: 'Acme Insights',
      sectors: ['saas', 'fintech'],
      startupStatus: ['Building', 'Raising'],
    });
  });

  it('refuses more than 6 sectors and leaves the project unchanged', async () => {
    const project = await createProject(founder);

    const response = await call('PATCH', `/projects/${project.id}`, {
      token: founder.token,
      body: { sectors: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] },
    });

    expect(response.status).toBe(400);
    expect(errorOf(response.body).message).toBe(`Invalid body field 'sectors': ${TOO_MANY_PROJECT_SECTORS}`);
    expect((await getProject(project.id))?.sectors).toEqual([]);
  });

  it('refuses a status a user cannot choose, a field that cannot be changed, and an empty change', async () => {
    const project = await createProject(founder);

    const unknownStatus = await call('PATCH', `/projects/${project.id}`, {
      token: founder.token,
      body: { startupStatus: ['Unknown'] },
    });
    const owner = await call('PATCH', `/projects/${project.id}`, {
      token: founder.token,
      body: { name: 'Mine', creatorUserId: stranger.sub },
    });
    const nothing = await call('PATCH', `/projects/${project.id}`, { token: founder.token, body: {} });

    expect(unknownStatus.status).toBe(400);
    expect(errorOf(unknownStatus.body).message).toBe(
      `Invalid body field 'startupStatus.0': ${INVALID_STARTUP_STATUS}`,
    );
    expect(owner.status).toBe(400);
    expect(errorOf(owner.body).message).toContain('creatorUserId');
    expect(nothing.status).toBe(400);
    expect(errorOf(nothing.body).message).toContain(PROJECT_UPDATE_EMPTY);
    expect(await getProject(project.id)).toMatchObject({ name: project.name, creatorUserId: founder.sub });
  });

  it("answers 404 to another user's read, change and delete, and leaves the project unchanged", async () => {
    const project = await createProject(founder);
    const before = await getProject(project.id);

    const read = await call('GET', `/projects/${project.id}`, { token: stranger.token });
    const change = await call('PATCH', `/projects/${project.id}`, {
      token: stranger.token,
      body: { name: 'Taken over', sectors: ['gaming'] },
    });
    const remove = await call('DELETE', `/projects/${project.id}`, { token: stranger.token });

    for (const response of [read, change, remove]) {
      expect(response.status).toBe(404);
      expect(errorOf(response.body)).toEqual({ code: 'not-found', message: 'Project not found' });
    }
    expect(await getProject(project.id)).toEqual(before);
  });

  it('answers a missing project exactly as a hidden one, and a malformed id with 400', async () => {
    const missing = await call('GET', '/projects/proj_doesnotexist', { token: founder.token });
    const malformed = await call('GET', `/projects/${encodeURIComponent('bad id!')}`, {
      token: founder.token,
    });

    expect(missing.status).toBe(404);
    expect(errorOf(missing.body)).toEqual({ code: 'not-found', message: 'Project not found' });
    expect(malformed.status).toBe(400);
    expect(errorOf(malformed.body).message).toContain("'projectId'");
  });

  it('shows a pending connection while the project holds a returned code', async () => {
    const project = await createProject(founder);
    await setStripeConnectCode(project.id, 'ac_pending_code', 'read_write', new Date().toISOString());

    const read = await call('GET', `/projects/${project.id}`, { token: founder.token });

    expect(projectResponse.parse(read.body).data.paymentConnection).toEqual({
      state: 'pending',
      connectedAt: null,
    });
  });

  it('shows a connected project without any token of its connection', async () => {
    const project = await createProject(founder);
    const connectedAt = '2024-03-07T14:05:00.000Z';
    const secrets = {
      stripeUserId: 'acct_SECRET_9012',
      stripePublishableKey: 'pk_test_SECRET_3456',
    };
    await putStripeConnection({
      projectId: project.id,
      projectOwnerUserId: founder.sub,
      ...secrets,
      connectedAt,
    });

    const read = await call('GET', `/projects/${project.id}`, { token: founder.token });
    const list = await call('GET', '/projects', { token: founder.token });

    expect(projectResponse.parse(read.body).data.paymentConnection).toEqual({
      state: 'connected',
      connectedAt,
    });
    const listed = listResponse.parse(list.body).data.projects.find((p) => p.id === project.id);
    expect(listed?.paymentConnection).toEqual({ state: 'connected', connectedAt });
    for (const text of [read.text, list.text]) {
      for (const [field, value] of Object.entries(secrets)) {
        expect(text).not.toContain(field);
        expect(text).not.toContain(value);
      }
    }
  });

  it('deletes a project together with its payment connection', async () => {
    const project = await createProject(founder);
    await putStripeConnection({
      projectId: project.id,
      projectOwnerUserId: founder.sub,
      stripeUserId: 'acct_x',
      stripePublishableKey: null,
      connectedAt: new Date().toISOString(),
    });

    const response = await call('DELETE', `/projects/${project.id}`, { token: founder.token });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { deleted: true } });
    expect(await getProject(project.id)).toBeNull();
    expect(await getStripeConnection(project.id)).toBeNull();
    expect((await call('GET', `/projects/${project.id}`, { token: founder.token })).status).toBe(404);
  });

  it('asks for a login before any project route', async () => {
    expect((await call('GET', '/projects')).status).toBe(401);
    expect((await call('POST', '/projects', { body: { name: 'a', description: 'b' } })).status).toBe(401);
  });
});
