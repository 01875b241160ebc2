import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { INVESTOR_GROUP } from '../../shared/accounts/groups';
import { cognitoClient } from './clients/cognito';
import { userPoolConfig } from './config';

/**
 * Puts the user in the Cognito group `investor`, so the ID tokens issued from now on say so. Adding
 * a member twice changes nothing. The function that calls it may do only this on the pool
 * (`AppFunction.bindInvestorGroup`): no removal, no other call. IAM cannot narrow the action to one
 * group, so the group is fixed here, in the code, never taken from a request.
 */
export async function addToInvestorGroup(userSub: string): Promise<void> {
  await cognitoClient().send(
    new AdminAddUserToGroupCommand({
      UserPoolId: userPoolConfig().COGNITO_USER_POOL_ID,
      // A pool signed in by email names each user by their sub (cognito-local finds them by it too).
      Username: userSub,
      GroupName: INVESTOR_GROUP,
    }),
  );
}
