import { describe, expect, it } from 'vitest';
import type { StripeConnection } from '../../../lambdas/lib/table/models';
import {
  clearStripeConnection,
  createProject,
  deleteProject,
  getProject,
  getStripeConnection,
  listProjectsByCreator,
  ProjectNotFoundError,
  putStripeConnection,
  setStripeConnectCode,
  updateProject,
} from '../../../lambdas/lib/table/repositories/projects';
import { getItem } from '../../../lambdas/lib/table/table';
import { at, project, unique } from './fixtures';

const connection = (projectId: string, overrides: Partial<StripeConnection> = {}): StripeConnection => ({
  projectId,
  projectOwnerUserId: unique('user_'),
  stripeUserId: `acct_${unique('')}`,
  stripePublishableKey: `pk_test_${unique('')}`,
  connectedAt: at(0),
  ...overrides,
});

describe('projects repository (DynamoDB Local)', () => {
  it('creates a project and reads it back by id', async () => {
    const created = await createProject(project());

    expect(await getProject(created.id)).toEqual(created);
  });

  it('refuses to create a second project under an existing id', async () => {
    const first = await createProject(project());

    await expect(createProject(project({ id: first.id, name: 'Other' }))).rejects.toMatchObject({
      name: 'ConditionalCheckFailedException',
    });
    expect((await getProject(first.id))?.name).toBe(first.name);
  });

  it('returns null for a project that does not exist', async () => {
    expect(await getProject(unique('proj_'))).toBeNull();
  });

  it("lists the creator's projects newest first and none of other users' projects", async () => {
    const creator = unique('user_');
    const other = unique('user_');
    const oldest = await createProject(project({ creatorUserId: creator, name: 'Oldest', createdAt: at(0) }));
    const newest = await createProject(project({ creatorUserId: creator, name: 'Newest', createdAt: at(2) }));
    const middle = await createProject(project({ creatorUserId: creator, name: 'Middle', createdAt: at(1) }));
    await createProject(project({ creatorUserId: other, name: 'Not mine', createdAt: at(3) }));

    const listed = await listProjectsByCreator(creator);

    expect(listed.map((p) => p.id)).toEqual([newest.id, middle.id, oldest.id]);
    expect(listed.every((p) => p.creatorUserId === creator)).toBe(true);
  });

  it('lists nothing for a user without projects', async () => {
    expect(await listProjectsByCreator(unique('user_'))).toEqual([]);
  });

  it('updates only the given fields and returns the whole project', async () => {
    const created = await createProject(project({ name: 'Before', sectors: ['saas'] }));

    const updated = await updateProject(created.id, {
      sectors: ['fintech', 'climate'],
      startupStatus: ['Raising'],
      updatedAt: at(5_000),
    });

    expect(updated).toEqual({
      ...created,
      sectors: ['fintech', 'climate'],
      startupStatus: ['Raising'],
      updatedAt: at(5_000),
    });
    expect(await getProject(created.id)).toEqual(updated);
  });

  it('ignores fields given as undefined', async () => {
    const created = await createProject(project({ name: 'Keep me' }));

    const updated = await updateProject(created.id, { name: undefined, updatedAt: at(1) });

    expect(updated.name).toBe('Keep me');
  });

  it('throws ProjectNotFoundError when updating a missing project, and creates nothing', async () => {
    const id = unique('proj_');

    await expect(updateProject(id, { name: 'Ghost', updatedAt: at(0) })).rejects.toBeInstanceOf(
      ProjectNotFoundError,
    );
    expect(await getItem(`PROJECT#${id}`, 'PROJECT', true)).toBeUndefined();
  });

  it('stores the connect code, scope and timestamp on the project', async () => {
    const created = await createProject(project());

    await setStripeConnectCode(created.id, 'ac_123', 'read_write', at(7));

    expect(await getProject(created.id)).toMatchObject({
      stripeConnectCode: 'ac_123',
      stripeConnectScope: 'read_write',
      stripeConnectTimestamp: at(7),
    });
  });

  it('refuses to store a connect code on a missing project, and creates nothing', async () => {
    const id = unique('proj_');

    await expect(setStripeConnectCode(id, 'ac_1', 'read_write', at(0))).rejects.toMatchObject({
      name: 'ConditionalCheckFailedException',
    });
    expect(await getItem(`PROJECT#${id}`, 'PROJECT', true)).toBeUndefined();
  });

  it('puts and gets the payment connection of a project', async () => {
    const created = await createProject(project());
    const stored = connection(created.id, { projectOwnerUserId: created.creatorUserId });

    await putStripeConnection(stored);

    expect(await getStripeConnection(created.id)).toEqual(stored);
  });

  it('returns null for a project without a payment connection', async () => {
    const created = await createProject(project());

    expect(await getStripeConnection(created.id)).toBeNull();
  });

  it('does not let the payment connection leak into the project read', async () => {
    const created = await createProject(project());
    await putStripeConnection(connection(created.id));

    const read = await getProject(created.id);

    expect(read).toEqual(created);
    expect(JSON.stringify(read)).not.toContain('sk_test_');
  });

  it('clears the three connect fields and deletes the connection in one transaction', async () => {
    const created = await createProject(project());
    await setStripeConnectCode(created.id, 'ac_9', 'read_write', at(9));
    await putStripeConnection(connection(created.id));

    await clearStripeConnection(created.id);

    expect(await getProject(created.id)).toEqual({
      ...created,
      stripeConnectCode: null,
      stripeConnectScope: null,
      stripeConnectTimestamp: null,
    });
    expect(await getStripeConnection(created.id)).toBeNull();
  });

  it('clears the connect fields of a project that has a code but no connection yet', async () => {
    const created = await createProject(project());
    await setStripeConnectCode(created.id, 'ac_10', 'read_write', at(10));

    await clearStripeConnection(created.id);

    expect((await getProject(created.id))?.stripeConnectCode).toBeNull();
  });

  it('refuses to clear the connection of a missing project and leaves no partial project behind', async () => {
    const id = unique('proj_');

    await expect(clearStripeConnection(id)).rejects.toBeInstanceOf(ProjectNotFoundError);
    expect(await getItem(`PROJECT#${id}`, 'PROJECT', true)).toBeUndefined();
    expect(await getProject(id)).toBeNull();
  });

  it('deletes the project together with its payment connection', async () => {
    const creator = unique('user_');
    const created = await createProject(project({ creatorUserId: creator }));
    await putStripeConnection(connection(created.id));

    await deleteProject(created.id);

    expect(await getProject(created.id)).toBeNull();
    expect(await getStripeConnection(created.id)).toBeNull();
    expect(await listProjectsByCreator(creator)).toEqual([]);
  });

  it('deletes only the given project', async () => {
    const creator = unique('user_');
    const kept = await createProject(project({ creatorUserId: creator }));
    const removed = await createProject(project({ creatorUserId: creator }));
    await putStripeConnection(connection(kept.id));

    await deleteProject(removed.id);

    expect(await getProject(kept.id)).toEqual(kept);
    expect(await getStripeConnection(kept.id)).not.toBeNull();
  });

  it('does nothing when deleting a project that does not exist', async () => {
    await expect(deleteProject(unique('proj_'))).resolves.toBeUndefined();
  });
});
