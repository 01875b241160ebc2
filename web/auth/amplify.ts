import { Amplify } from 'aws-amplify';
import { absoluteUrl, type RuntimeConfig } from '../config/runtime-config';

/**
 * Configures Amplify Auth (Cognito only) from the runtime configuration. In the local home the user
 * pool endpoint is the dev server's '/cognito' proxy, made absolute against this page's origin so it
 * works on any subdomain.
 */
export function configureAmplify(config: RuntimeConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: absoluteUrl(config.userPoolEndpoint) } : {}),
        loginWith: { email: true },
      },
    },
  });
}
