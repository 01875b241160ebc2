import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { awsConfig } from '../config';
import { instrumented } from './instrument';
import { once } from './once';

/** The Cognito user pools client (cognito-local in the local home). */
export const cognitoClient = once(() => {
  const { AWS_REGION, COGNITO_ENDPOINT } = awsConfig();
  return instrumented(
    new CognitoIdentityProviderClient({
      region: AWS_REGION,
      ...(COGNITO_ENDPOINT ? { endpoint: COGNITO_ENDPOINT } : {}),
    }),
  );
});
