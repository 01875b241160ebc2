import { type FormEvent, useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, Navigate } from 'react-router-dom';
import { messages } from '../../../shared/messages';
import { PASSWORD_MIN_LENGTH, registerErrorMessage, validateRegistration } from '../../auth/auth-errors';
import { useAuthFlow } from '../../auth/auth-flow';
import { useAuth } from '../../auth/auth-provider';
import { loadAmplify, preloadAmplify } from '../../auth/load-amplify';
import { setPendingSignUp } from '../../auth/pending-sign-up';
import { AuthCard } from '../../components/auth-card';
import { LoadingMessage } from '../../components/loading-message';
import { useDocumentTitle } from '../../components/use-document-title';

/**
 * `/register`: email, password and confirmation. Cognito creates the account and emails a code; the
 * user then verifies on /verify-email (the profile is created on first use of the API). Inside a
 * portal's steps (`/portal/{id}/register`) the same form, in the portal's branding, leads on to the
 * portal's own verification page.
 */
export function RegisterPage() {
  useDocumentTitle('Register');
  const { status, isInvestor } = useAuth();
  const flow = useAuthFlow();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [registered, setRegistered] = useState(false);
  // The form sends through Amplify: fetch it while the user types.
  useEffect(preloadAmplify, []);

  if (status === 'loading') return <LoadingMessage />;
  if (status === 'signed-in') return <Navigate to={flow.home({ isInvestor })} replace />;
  if (status === 'unverified' || registered) return <Navigate to={flow.verifyEmail} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateRegistration(email, password, confirm);
    setError(problem);
    if (problem) return;
    setSubmitting(true);
    try {
      const { signUp } = await loadAmplify();
      const result = await signUp({
        username: email.trim(),
        password,
        options: { userAttributes: { email: email.trim() } },
      });
      if (!result.userId) {
        setError(messages.createUserFailed);
        return;
      }
      setPendingSignUp(email.trim(), password);
      setRegistered(true);
    } catch (caught) {
      setError(registerErrorMessage(caught));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      title="Register"
      footer={
        <>
          Already have an account? <Link to={flow.login}>Login</Link>
        </>
      }
    >
      {error ? (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      ) : null}
      <Form noValidate onSubmit={submit}>
        <Form.Group className="mb-3" controlId="register-email">
          <Form.Label>Email</Form.Label>
          <Form.Control
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
          />
        </Form.Group>
        <Form.Group className="mb-3" controlId="register-password">
          <Form.Label>Password</Form.Label>
          <Form.Control
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-describedby="register-password-help"
            required
          />
          <Form.Text id="register-password-help">At least {PASSWORD_MIN_LENGTH} characters.</Form.Text>
        </Form.Group>
        <Form.Group className="mb-4" controlId="register-confirm">
          <Form.Label>Confirm password</Form.Label>
          <Form.Control
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            required
          />
        </Form.Group>
        <Button type="submit" className="w-100" disabled={submitting}>
          {submitting ? 'Registering...' : 'Register'}
        </Button>
      </Form>
    </AuthCard>
  );
}
