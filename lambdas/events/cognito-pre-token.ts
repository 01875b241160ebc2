import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import middy from '@middy/core';
import type { Context, PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { ADMIN_GROUP } from '../../shared/accounts/groups';
import { cognitoClient } from '../lib/clients/cognito';
import { observability } from '../lib/middlewares/observability';

/** Whether a user of the pool has an authenticator app (TOTP MFA) turned on. */
export type MfaCheck = (userPoolId: string, userName: string) => Promise<boolean>;

export const hasTotp: MfaCheck = async (UserPoolId, Username) => {
  const user = await cognitoClient().send(new AdminGetUserCommand({ UserPoolId, Username }));
  return (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA');
};

/**
 * Cognito's Pre Token Generation trigger (issue 48): the `admin` group reaches a token only for a
 * user with TOTP MFA turned on. Anyone else in the group gets their tokens without it, so every
 * admin route answers them as a founder; the other groups pass unchanged, and nothing is checked
 * for a user outside `admin` (no Cognito call on a founder's sign-in).
 */
export async function adminOnlyWithMfa(
  event: PreTokenGenerationTriggerEvent,
  check: MfaCheck = hasTotp,
): Promise<PreTokenGenerationTriggerEvent> {
  const groups = event.request.groupConfiguration.groupsToOverride ?? [];
  if (!groups.includes(ADMIN_GROUP)) return event;
  if (await check(event.userPoolId, event.userName)) return event;
  event.response.claimsOverrideDetails = {
    ...event.response.claimsOverrideDetails,
    groupOverrideDetails: {
      ...event.request.groupConfiguration,
      groupsToOverride: groups.filter((group) => group !== ADMIN_GROUP),
    },
  };
  return event;
}

export const handler = middy<PreTokenGenerationTriggerEvent, PreTokenGenerationTriggerEvent, Error, Context>()
  .use(observability())
  .handler((event) => adminOnlyWithMfa(event));
