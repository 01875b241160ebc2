import { render } from '@testing-library/react';
import { AuthProvider, useAuth } from '../../../../web/auth/auth-provider';
import { initRuntimeConfig } from '../../../../web/config/runtime-config';
import { TEST_RUNTIME_CONFIG } from './test-runtime-config';

/** Shows the auth state: its status, then 'admin' and the email of a signed-in user. */
function AuthProbe() {
  const { status, isAdmin, user } = useAuth();
  const shown = [status, isAdmin ? 'admin' : null, user?.email ?? null].filter((part) => part !== null);
  return <p data-testid="auth">{shown.join(' ')}</p>;
}

/** Renders the auth provider alone, as the app starts it, with a probe of its state (`getByTestId('auth')`). */
export function renderAuth() {
  initRuntimeConfig(TEST_RUNTIME_CONFIG);
  return render(
    <AuthProvider>
      <AuthProbe />
    </AuthProvider>,
  );
}
