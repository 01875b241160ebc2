import { lambda } from './clients/lambda';
import { investorGroupFunctionConfig } from './config/investor-group-function';

/**
 * Puts the user in the Cognito group `investor`, so the ID tokens issued from now on say so. Adding
 * a member twice changes nothing. IAM cannot narrow `cognito-idp:AdminAddUserToGroup` to one group,
 * so the right is held by a function of its own (`lambdas/events/investor-group.ts`) whose code names
 * only that group; the caller may only invoke it, with the user's sub.
 */
export async function addToInvestorGroup(userSub: string): Promise<void> {
  const { client, sdk } = await lambda();
  const result = await client.send(
    new sdk.InvokeCommand({
      FunctionName: investorGroupFunctionConfig().INVESTOR_GROUP_FUNCTION_NAME,
      Payload: new TextEncoder().encode(JSON.stringify({ userSub })),
    }),
  );
  if (result.FunctionError) {
    const payload = result.Payload ? new TextDecoder().decode(result.Payload) : '';
    throw new Error(`Adding ${userSub} to the investor group failed (${result.FunctionError}): ${payload}`);
  }
}
