import { describe, expect, it } from 'vitest';
import { PROJECT_UPDATE_EMPTY, toProjectView, updateProjectBody } from '../../../shared/api/projects';
import { TOO_MANY_PROJECT_SECTORS } from '../../../shared/projects/project';

describe('updateProjectBody', () => {
  it('leaves out the fields not given, so they keep their values', () => {
    expect(updateProjectBody.parse({ name: ' New name ' })).toEqual({ name: 'New name' });
  });

  it('trims sectors, drops blanks and repeats, then allows at most 6', () => {
    expect(updateProjectBody.parse({ sectors: [' ai ', 'ai', '', 'saas'] })).toEqual({
      sectors: ['ai', 'saas'],
    });
    expect(
      updateProjectBody.parse({ sectors: ['a', 'b', 'c', 'd', 'e', 'f', 'f', ' '] }).sectors,
    ).toHaveLength(6);
    const tooMany = updateProjectBody.safeParse({ sectors: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] });
    expect(tooMany.error?.issues[0]?.message).toBe(TOO_MANY_PROJECT_SECTORS);
  });

  it('refuses an empty change and fields the form does not edit', () => {
    expect(updateProjectBody.safeParse({}).error?.issues[0]?.message).toBe(PROJECT_UPDATE_EMPTY);
    expect(updateProjectBody.safeParse({ name: 'a', stripeConnectCode: 'x' }).success).toBe(false);
  });
});

describe('toProjectView', () => {
  const project = {
    id: 'p1',
    creatorUserId: 'u1',
    name: 'Acme',
    description: 'Rockets',
    createdAt: '2024-03-07T14:05:00.000Z',
    updatedAt: '2024-03-07T14:05:00.000Z',
    startupStatus: [],
    sectors: [],
    stripeConnectCode: null,
    stripeConnectScope: null,
    stripeConnectTimestamp: null,
  };

  it('gives the connection date only when connected', () => {
    expect(toProjectView(project, null).paymentConnection).toEqual({
      state: 'not-connected',
      connectedAt: null,
    });
    expect(toProjectView({ ...project, stripeConnectCode: 'ac_1' }, null).paymentConnection).toEqual({
      state: 'pending',
      connectedAt: null,
    });
    expect(toProjectView(project, { connectedAt: '2024-03-08T00:00:00.000Z' }).paymentConnection).toEqual({
      state: 'connected',
      connectedAt: '2024-03-08T00:00:00.000Z',
    });
  });

  it('drops any field that is not part of the view', () => {
    const withSecret = { ...project, accessToken: 'sk_secret' };

    expect(JSON.stringify(toProjectView(withSecret, null))).not.toContain('sk_secret');
  });
});
