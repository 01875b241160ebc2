import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import * as z from 'zod/mini';
import { INVESTOR_GROUP } from '../../shared/accounts/groups';
import { cognitoClient } from '../lib/clients/cognito';
import { userPoolConfig } from '../lib/config/user-pool';
import { taskHandler } from '../lib/task-handler';

const input = z.strictObject({ userSub: z.string().check(z.minLength(1), z.maxLength(128)) });

/**
 * The only code that may change a user's groups: it adds the given user to `investor`, and to no other
 * group, whatever it is sent. Invoked by the investor portal function when a verified user joins a
 * portal (`lambdas/lib/identity.ts`); its role may call `cognito-idp:AdminAddUserToGroup` on the pool,
 * which IAM cannot narrow to one group, and nothing else (docs/decisions.md, "Function manifest and
 * least privilege").
 */
export const handler = taskHandler(input, async ({ userSub }) => {
  await cognitoClient().send(
    new AdminAddUserToGroupCommand({
      UserPoolId: userPoolConfig().COGNITO_USER_POOL_ID,
      // A pool signed in by email names each user by their sub (cognito-local finds them by it too).
      Username: userSub,
      GroupName: INVESTOR_GROUP,
    }),
  );
  return { added: userSub, group: INVESTOR_GROUP };
});
