import { type FormEvent, useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { messages } from '../../../shared/messages';
import { CODE_INVALID, CODE_REQUIRED, looksLikeEmail, PASSWORD_MIN_LENGTH } from '../../auth/auth-errors';
import { useAuthFlow } from '../../auth/auth-flow';
import { useAuth } from '../../auth/auth-provider';
import { loadAmplify, preloadAmplify } from '../../auth/load-amplify';
import { AuthCard } from '../../components/auth-card';
import { useDocumentTitle } from '../../components/use-document-title';
import {
  RESET_CODE_SENT,
  RESET_DONE,
  RESET_EMAIL_REQUIRED,
  RESET_FAILED,
  RESET_TOO_MANY,
} from './reset-password-texts';

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : '';
}

/** What a failed step says: a wrong code, a weak password, too many tries, or a general failure. */
export function resetErrorMessage(error: unknown): string {
  switch (errorName(error)) {
    case 'CodeMismatchException':
    case 'ExpiredCodeException':
      return CODE_INVALID;
    case 'InvalidPasswordException':
      return messages.weakPassword;
    case 'LimitExceededException':
    case 'TooManyRequestsException':
      return RESET_TOO_MANY;
    default:
      return RESET_FAILED;
  }
}

/**
 * `/reset-password`: "Forgot password?" from the login page. Cognito emails a code to the account's
 * address (the same answer whether or not the address has an account, so the page reveals nothing);
 * the code and a new password set it, then the founder logs in.
 */
export function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  const { status, isInvestor } = useAuth();
  const flow = useAuthFlow();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(preloadAmplify, []);

  if (status === 'signed-in') return <Navigate to={flow.home({ isInvestor })} replace />;

  const requestCode = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!looksLikeEmail(email)) return setError(RESET_EMAIL_REQUIRED);
    setBusy(true);
    try {
      const { resetPassword } = await loadAmplify();
      await resetPassword({ username: email.trim() });
      setSent(true);
    } catch (caught) {
      // An unknown address gets the same answer as a known one.
      if (errorName(caught) === 'UserNotFoundException') setSent(true);
      else setError(resetErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const setNewPassword = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (code.trim() === '') return setError(CODE_REQUIRED);
    if (password !== confirm) return setError(messages.passwordsDoNotMatch);
    if (password.length < PASSWORD_MIN_LENGTH) return setError(messages.weakPassword);
    setBusy(true);
    try {
      const { confirmResetPassword } = await loadAmplify();
      await confirmResetPassword({
        username: email.trim(),
        confirmationCode: code.trim(),
        newPassword: password,
      });
      navigate(flow.login, { replace: true, state: { notice: RESET_DONE } });
    } catch (caught) {
      setError(resetErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Reset password"
      footer={
        <>
          Remembered it? <Link to={flow.login}>Login</Link>
        </>
      }
    >
      {error ? (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      ) : null}
      {!sent ? (
        <Form noValidate onSubmit={requestCode}>
          <p>Enter the email address of your account and we will send it a code.</p>
          <Form.Group className="mb-4" controlId="reset-email">
            <Form.Label>Email</Form.Label>
            <Form.Control
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
            />
          </Form.Group>
          <Button type="submit" className="w-100" disabled={busy}>
            {busy ? 'Sending...' : 'Send code'}
          </Button>
        </Form>
      ) : (
        <Form noValidate onSubmit={setNewPassword}>
          <Alert variant="info">{RESET_CODE_SENT}</Alert>
          <Form.Group className="mb-3" controlId="reset-code">
            <Form.Label>Code</Form.Label>
            <Form.Control
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              required
            />
          </Form.Group>
          <Form.Group className="mb-3" controlId="reset-password">
            <Form.Label>New password</Form.Label>
            <Form.Control
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-describedby="reset-password-help"
              required
            />
            <Form.Text id="reset-password-help">At least {PASSWORD_MIN_LENGTH} characters.</Form.Text>
          </Form.Group>
          <Form.Group className="mb-4" controlId="reset-confirm">
            <Form.Label>Confirm new password</Form.Label>
            <Form.Control
              type="password"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              required
            />
          </Form.Group>
          <Button type="submit" className="w-100" disabled={busy}>
            {busy ? 'Saving...' : 'Set new password'}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
