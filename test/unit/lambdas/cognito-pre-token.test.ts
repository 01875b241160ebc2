import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { adminOnlyWithMfa } from '../../../lambdas/events/cognito-pre-token';
import { ADMIN_GROUP, INVESTOR_GROUP } from '../../../shared/accounts/groups';

/** The trigger's event as Cognito sends it (V1), for a user in these groups. */
const event = (groups: string[]): PreTokenGenerationTriggerEvent =>
  ({
    version: '1',
    triggerSource: 'TokenGeneration_Authentication',
    region: 'us-east-1',
    userPoolId: 'us-east-1_pool',
    userName: 'sub-1',
    callerContext: { awsSdkVersion: 'test', clientId: 'client' },
    request: {
      userAttributes: { sub: 'sub-1', email: 'admin@example.org' },
      groupConfiguration: { groupsToOverride: groups, iamRolesToOverride: [], preferredRole: undefined },
    },
    response: { claimsOverrideDetails: {} },
  }) as unknown as PreTokenGenerationTriggerEvent;

describe('the admin claim only with TOTP MFA (Pre Token Generation trigger)', () => {
  it('keeps the admin group for a user whose authenticator app is on', async () => {
    const asked: string[] = [];
    const answered = await adminOnlyWithMfa(event([ADMIN_GROUP]), async (pool, user) => {
      asked.push(`${pool} ${user}`);
      return true;
    });
    expect(asked).toEqual(['us-east-1_pool sub-1']);
    expect(answered.response.claimsOverrideDetails.groupOverrideDetails).toBeUndefined();
  });

  it('drops the admin group, and only it, for a user without MFA', async () => {
    const answered = await adminOnlyWithMfa(event([ADMIN_GROUP, INVESTOR_GROUP]), async () => false);
    expect(answered.response.claimsOverrideDetails.groupOverrideDetails?.groupsToOverride).toEqual([
      INVESTOR_GROUP,
    ]);
  });

  it('asks nothing about a user outside the admin group', async () => {
    const answered = await adminOnlyWithMfa(event([INVESTOR_GROUP]), async () => {
      throw new Error('asked about a founder');
    });
    expect(answered.response.claimsOverrideDetails.groupOverrideDetails).toBeUndefined();
  });
});
