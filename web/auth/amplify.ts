/**
 * Amplify Auth (Cognito only): the one module that imports aws-amplify. It is a chunk of its own,
 * loaded through `loadAmplify` (./load-amplify) only when someone may be signed in or a login,
 * registration or verification form is open, so signed-out visitors browsing never download it.
 */
import { Amplify } from 'aws-amplify';
import { Hub } from 'aws-amplify/utils';
import { absoluteUrl, type RuntimeConfig } from '../config/runtime-config';

export {
  confirmResetPassword,
  confirmSignUp,
  confirmUserAttribute,
  fetchAuthSession,
  fetchUserAttributes,
  resendSignUpCode,
  resetPassword,
  sendUserAttributeVerificationCode,
  signIn,
  signOut,
  signUp,
} from 'aws-amplify/auth';

/**
 * Configures Amplify Auth from the runtime configuration. In the local home the user pool endpoint is
 * the dev server's '/cognito' proxy, made absolute against this page's origin so it works on any
 * subdomain.
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

/**
 * Calls `onChange` on each auth event that changes the session: sign-in and sign-out (in this tab or,
 * through Amplify's storage listener, another one) and token refreshes. Returns the unsubscribe.
 */
export function listenToSessionChanges(onChange: () => void): () => void {
  return Hub.listen('auth', ({ payload }) => {
    if (
      payload.event === 'signedIn' ||
      payload.event === 'signedOut' ||
      payload.event === 'tokenRefresh' ||
      payload.event === 'tokenRefresh_failure'
    ) {
      onChange();
    }
  });
}
