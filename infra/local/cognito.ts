import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserAttributesCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  InitiateAuthCommand,
  ListGroupsCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { instrumented } from '../../lambdas/lib/clients/instrument';
import { ADMIN_GROUP, INVESTOR_GROUP } from '../../shared/accounts/groups';

const POOL_NAME = 'investor-directory-local';
const CLIENT_NAME = 'web';

export interface LocalCognito {
  client: CognitoIdentityProviderClient;
  endpoint: string;
  userPoolId: string;
  clientId: string;
  issuer: string;
}

export function cognitoClient(endpoint: string): CognitoIdentityProviderClient {
  return instrumented(
    new CognitoIdentityProviderClient({
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
}

/** The pool's groups, as the CDK auth construct creates them (infra/constructs/auth.ts). */
export const LOCAL_GROUPS = [ADMIN_GROUP, INVESTOR_GROUP] as const;

/**
 * Creates the user pool (email sign-in, password minimum 6), the web app client and the `admin` and
 * `investor` groups when missing. A pool kept from an earlier start gains a group added since.
 */
export async function provisionCognito(endpoint: string): Promise<LocalCognito> {
  const client = cognitoClient(endpoint);
  const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((p) => p.Name === POOL_NAME)?.Id;
  if (!userPoolId) {
    const created = await client.send(
      new CreateUserPoolCommand({
        PoolName: POOL_NAME,
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        Policies: {
          PasswordPolicy: {
            MinimumLength: 6,
            RequireLowercase: false,
            RequireUppercase: false,
            RequireNumbers: false,
            RequireSymbols: false,
          },
        },
      }),
    );
    userPoolId = created.UserPool?.Id;
    if (!userPoolId) throw new Error('cognito-local did not return a user pool id');
  }
  // cognito-local's CreateGroup replaces a group with its members: create only the missing ones.
  const groups = await client.send(new ListGroupsCommand({ UserPoolId: userPoolId, Limit: 60 }));
  const existing = new Set(groups.Groups?.map((group) => group.GroupName));
  for (const groupName of LOCAL_GROUPS)
    if (!existing.has(groupName))
      await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: groupName }));
  const clients = await client.send(
    new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }),
  );
  let clientId = clients.UserPoolClients?.find((c) => c.ClientName === CLIENT_NAME)?.ClientId;
  if (!clientId) {
    const created = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: CLIENT_NAME,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    clientId = created.UserPoolClient?.ClientId;
    if (!clientId) throw new Error('cognito-local did not return an app client id');
  }
  return { client, endpoint, userPoolId, clientId, issuer: `${endpoint}/${userPoolId}` };
}

export interface LocalAccount {
  email: string;
  password: string;
  admin?: boolean;
  verified?: boolean;
}

/**
 * Creates a confirmed user with a permanent password. cognito-local leaves `email_verified` false
 * after confirmation (Cognito sets it), so it is set here as Cognito would have. Returns the sub.
 */
export async function ensureUser(cognito: LocalCognito, account: LocalAccount): Promise<string> {
  const { client, userPoolId } = cognito;
  let sub: string | undefined;
  try {
    const existing = await client.send(
      new AdminGetUserCommand({ UserPoolId: userPoolId, Username: account.email }),
    );
    sub = existing.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  } catch (error) {
    if ((error as Error).name !== 'UserNotFoundException') throw error;
    const created = await client.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: account.email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [{ Name: 'email', Value: account.email }],
      }),
    );
    sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
    await client.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: userPoolId,
        Username: account.email,
        Password: account.password,
        Permanent: true,
      }),
    );
    if (account.verified === false) {
      // cognito-local writes email_verified as Boolean(attribute): the text "false" would read as
      // verified, so an unverified user must have no email_verified attribute at all.
      await client.send(
        new AdminDeleteUserAttributesCommand({
          UserPoolId: userPoolId,
          Username: account.email,
          UserAttributeNames: ['email_verified'],
        }),
      );
    } else {
      await markEmailVerified(cognito, account.email);
    }
    if (account.admin) {
      await client.send(
        new AdminAddUserToGroupCommand({
          UserPoolId: userPoolId,
          Username: account.email,
          GroupName: ADMIN_GROUP,
        }),
      );
    }
  }
  if (!sub) throw new Error(`cognito-local returned no sub for ${account.email}`);
  return sub;
}

/**
 * Sets email_verified as Cognito does on confirmation (cognito-local leaves it unset). The email
 * goes with it: cognito-local resets email_verified to "false" when email changes alone.
 */
export async function markEmailVerified(cognito: LocalCognito, username: string): Promise<void> {
  const user = await cognito.client.send(
    new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: username }),
  );
  const email = user.UserAttributes?.find((a) => a.Name === 'email')?.Value ?? username;
  await cognito.client.send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: cognito.userPoolId,
      Username: username,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
}

/** Signs in with USER_PASSWORD_AUTH (cognito-local has no SRP) and returns the ID token. */
export async function signIn(cognito: LocalCognito, email: string, password: string): Promise<string> {
  const result = await cognito.client.send(
    new InitiateAuthCommand({
      ClientId: cognito.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const token = result.AuthenticationResult?.IdToken;
  if (!token) throw new Error(`No ID token for ${email}`);
  return token;
}
