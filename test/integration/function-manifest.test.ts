import { AdminListGroupsForUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { cognitoClient } from '../../infra/local/cognito';
import { LocalFunctions } from '../../infra/local/functions';
import { ROOT, TABLE_NAME } from '../../infra/local/home';
import { ConfigError, tableConfig, uploadsConfig } from '../../lambdas/lib/config';
import { creditBalanceModel, podcastListerModel } from '../../lambdas/lib/table/models';
import { getItem, putItem, updateItem } from '../../lambdas/lib/table/table';
import { functionNames, functionNeeds, requiredVariablesOf, variablesOf } from '../../lambdas/manifest';
import { createUser, localHome } from './support/home';

/**
 * The local home builds each function from its manifest entry (`lambdas/manifest.ts`), as CDK does:
 * the same `LocalFunctions` the home runs every handler with, here in the test's own process against
 * the same emulators. A function has only its own variables, and its table calls outside its
 * partitions are refused with AccessDeniedException, as IAM refuses them on AWS.
 */
let functions: LocalFunctions;

beforeAll(() => {
  functions = new LocalFunctions({ root: ROOT, values: localHome.env, tableName: TABLE_NAME });
  functions.install();
});

const cognito = () => cognitoClient(localHome.cognito.endpoint);

async function groupsOf(sub: string): Promise<string[]> {
  const result = await cognito().send(
    new AdminListGroupsForUserCommand({ UserPoolId: localHome.cognito.userPoolId, Username: sub }),
  );
  return (result.Groups ?? []).map((group) => group.GroupName ?? '');
}

async function invoke(name: string, payload: unknown) {
  const response = await fetch(
    `${localHome.urls.gateway}/local/lambda/2015-03-31/functions/${name}/invocations`,
    { method: 'POST', body: JSON.stringify(payload) },
  );
  return { error: response.headers.get('x-amz-function-error'), body: await response.json() };
}

describe("each function's environment is its manifest's", () => {
  it('gives every function the variables of its sections and no other (besides the emulator endpoints)', () => {
    for (const name of functionNames) {
      const own = Object.keys(functions.environments[name]).filter(
        (key) => !key.endsWith('_ENDPOINT') && key !== 'AWS_REGION',
      );
      expect(variablesOf(functionNeeds[name]), name).toEqual(expect.arrayContaining(own));
      expect(own, name).toEqual(expect.arrayContaining(requiredVariablesOf(functionNeeds[name])));
    }
    // The public directory: no bucket but the snapshot's, no secret, no workflow.
    for (const variable of [
      'UPLOADS_BUCKET',
      'EXPORTS_BUCKET',
      'STRIPE_SECRET_KEY',
      'EXPORT_STATE_MACHINE_ARN',
    ])
      expect(functions.environments.directory, variable).not.toHaveProperty(variable);
  });

  it('lets a handler read the sections it declared, and fails with the variable it did not', () => {
    expect(functions.runAs('directory', () => tableConfig().TABLE_NAME)).toBe(TABLE_NAME);
    // The directory declares no uploads: as on Lambda, its code cannot read the bucket's name.
    expect(() => functions.runAs('directory', () => uploadsConfig())).toThrow(ConfigError);
    expect(() => functions.runAs('directory', () => uploadsConfig())).toThrow('UPLOADS_BUCKET');
    // The admin function declares it (presigned uploads of import files).
    expect(functions.runAs('admin', () => uploadsConfig().UPLOADS_BUCKET)).toBe(localHome.env.UPLOADS_BUCKET);
    // The investor-group function declares no table at all.
    expect(() => functions.runAs('investorGroup', () => tableConfig())).toThrow('TABLE_NAME');
  });
});

describe("each function's table calls are held to its partitions", () => {
  it('refuses the podcasts function a write of any user record, a credit balance first', async () => {
    const user = await createUser();
    const balance = creditBalanceModel.toItem({
      userId: user.sub,
      balance: 5,
      granted: 5,
      redeemed: 0,
    } as never);

    await expect(functions.runAs('podcasts', () => putItem(balance))).rejects.toMatchObject({
      name: 'AccessDeniedException',
    });
    await expect(
      functions.runAs('podcasts', () =>
        updateItem({
          Key: { pk: balance.pk, sk: balance.sk },
          UpdateExpression: 'SET balance = :b',
          ExpressionAttributeValues: { ':b': 99 },
        }),
      ),
    ).rejects.toMatchObject({ name: 'AccessDeniedException' });
    // Nothing reached the table.
    expect(await getItem(balance.pk, balance.sk, true)).toBeUndefined();
    // Its own records it may write.
    const lister = podcastListerModel.toItem({ userId: user.sub, podcastIds: [] });
    await functions.runAs('podcasts', () => putItem(lister));
    expect(await getItem(lister.pk, lister.sk, true)).toMatchObject({ entity: 'podcastLister' });
  });

  it('refuses the public directory every write', async () => {
    const lister = podcastListerModel.toItem({ userId: 'directory-write', podcastIds: [] });
    await expect(functions.runAs('directory', () => putItem(lister))).rejects.toThrow(
      /not authorized to perform: dynamodb:PutItem/,
    );
    expect(await getItem(lister.pk, lister.sk, true)).toBeUndefined();
  });
});

describe('the investor group is reachable only through its own function', () => {
  it('adds the user to investor, and refuses to be told any other group', async () => {
    const user = await createUser();

    const refused = await invoke('investorGroup', { userSub: user.sub, GroupName: 'admin' });
    expect(refused.error).toBe('Unhandled');
    expect(await groupsOf(user.sub)).toEqual([]);

    const added = await invoke('investorGroup', { userSub: user.sub });
    expect(added).toEqual({ error: null, body: { added: user.sub, group: 'investor' } });
    expect(await groupsOf(user.sub)).toEqual(['investor']);
  });
});
