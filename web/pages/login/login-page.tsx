import { type FormEvent, useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { messages } from '../../../shared/messages';
import { LOGIN_FIELDS_REQUIRED, loginErrorMessage, looksLikeEmail } from '../../auth/auth-errors';
import { useAuthFlow } from '../../auth/auth-flow';
import { useAuth } from '../../auth/auth-provider';
import { loadAmplify, preloadAmplify } from '../../auth/load-amplify';
import { setPendingSignUp } from '../../auth/pending-sign-up';
import { AuthCard } from '../../components/auth-card';
import { LoadingMessage } from '../../components/loading-message';
import { useDocumentTitle } from '../../components/use-document-title';

interface LoginLocationState {
  from?: string;
  notice?: string;
}

/**
 * `/login`: email and password sign-in. Logged-in users go to /home (an investor to their profile), or
 * back where they came from. Inside a portal's steps (`/portal/{id}/login`), to the portal profile.
 */
export function LoginPage() {
  useDocumentTitle('Login');
  const { status, refresh, isInvestor } = useAuth();
  const flow = useAuthFlow();
  const location = useLocation();
  const state = (location.state ?? {}) as LoginLocationState;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [needsVerification, setNeedsVerification] = useState(false);
  // The form sends through Amplify: fetch it while the user types.
  useEffect(preloadAmplify, []);

  if (status === 'loading') return <LoadingMessage />;
  if (status === 'signed-in') {
    const from = state.from?.startsWith('/') ? state.from : flow.home({ isInvestor });
    return <Navigate to={from} replace />;
  }
  if (status === 'unverified' || needsVerification) return <Navigate to={flow.verifyEmail} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (email.trim() === '' || password === '') return setError(LOGIN_FIELDS_REQUIRED);
    if (!looksLikeEmail(email)) return setError(messages.invalidEmailOrPassword);
    setSubmitting(true);
    try {
      const { signIn } = await loadAmplify();
      const result = await signIn({
        username: email.trim(),
        password,
        options: { authFlowType: 'USER_PASSWORD_AUTH' },
      });
      if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') {
        setPendingSignUp(email.trim(), password);
        setNeedsVerification(true);
        return;
      }
      if (result.nextStep.signInStep !== 'DONE') {
        setError(messages.loginFailed);
        return;
      }
      await refresh();
    } catch (caught) {
      setError(loginErrorMessage(caught));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      title="Login"
      footer={
        <>
          Don&apos;t have an account? <Link to={flow.register}>Register</Link>
        </>
      }
    >
      {state.notice ? (
        <Alert variant="info" role="status">
          {state.notice}
        </Alert>
      ) : null}
      {error ? (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      ) : null}
      <Form noValidate onSubmit={submit}>
        <Form.Group className="mb-3" controlId="login-email">
          <Form.Label>Email</Form.Label>
          <Form.Control
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
          />
        </Form.Group>
        <Form.Group className="mb-4" controlId="login-password">
          <div className="d-flex justify-content-between align-items-baseline">
            <Form.Label>Password</Form.Label>
            <Link to={flow.resetPassword} className="small">
              Forgot password?
            </Link>
          </div>
          <Form.Control
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </Form.Group>
        <Button type="submit" className="w-100" disabled={submitting}>
          {submitting ? 'Logging in...' : 'Login'}
        </Button>
      </Form>
    </AuthCard>
  );
}
