import { type FormEvent, Fragment, useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, Navigate } from 'react-router-dom';
import { messages } from '../../../shared/messages';
import { CODE_REQUIRED, verifyErrorMessage } from '../../auth/auth-errors';
import { useAuthFlow } from '../../auth/auth-flow';
import { useAuth } from '../../auth/auth-provider';
import { loadAmplify, preloadAmplify } from '../../auth/load-amplify';
import { clearPendingSignUp, getPendingSignUp, type PendingSignUp } from '../../auth/pending-sign-up';
import { AuthCard } from '../../components/auth-card';
import { firstStepState } from '../../components/first-step';
import { LoadingMessage } from '../../components/loading-message';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';
import { getRuntimeConfig } from '../../config/runtime-config';

/** How often the page checks whether the email is verified (spec section 9). */
export const VERIFY_POLL_MS = 1000;

/** Not in the spec: the code was accepted but the password was not kept (e.g. after a reload). */
export const VERIFIED_PLEASE_LOG_IN = 'Your email address is verified. Please log in.';

type Notice = { variant: 'success' | 'danger'; text: string };

/**
 * `/verify-email`: waits for the email to be verified. Cognito emails a code: the user enters it here
 * (a fresh sign-up is confirmed with it; a signed-in user with an unverified email verifies the
 * attribute). The page checks every second and goes to /home once the user is verified; visitors with
 * nothing to verify are sent to /login. Inside a portal's steps, to the portal's profile and login.
 */
export function VerifyEmailPage() {
  useDocumentTitle('Verify Email');
  const { state, refresh, isInvestor } = useAuth();
  const flow = useAuthFlow();
  const [pending, setPending] = useState<PendingSignUp | null>(() => getPendingSignUp());
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState<'confirm' | 'resend' | null>(null);
  const [loginNotice, setLoginNotice] = useState<string | null>(null);
  // Verified on this page (not merely signed in already): the home page then offers a first step.
  const justVerified = useRef(false);

  const unverified = state.status === 'unverified';
  // The form sends through Amplify: fetch it while the user types.
  useEffect(preloadAmplify, []);

  // Poll every second: a signed-in user's email may be verified elsewhere (another tab, a link).
  useEffect(() => {
    if (!unverified) return;
    let checking = false;
    const timer = window.setInterval(async () => {
      if (checking) return;
      checking = true;
      try {
        const { fetchUserAttributes } = await loadAmplify();
        const attributes = await fetchUserAttributes();
        if (attributes.email_verified === 'true') {
          justVerified.current = true;
          await refresh({ forceRefresh: true });
        }
      } catch (error) {
        console.warn('Could not check whether the email is verified', error);
      } finally {
        checking = false;
      }
    }, VERIFY_POLL_MS);
    return () => window.clearInterval(timer);
  }, [unverified, refresh]);

  if (state.status === 'loading') return <LoadingMessage />;
  if (state.status === 'signed-in') {
    const firstStep = justVerified.current && !isInvestor && flow.portalId === null;
    return <Navigate to={flow.home({ isInvestor })} replace state={firstStep ? firstStepState : null} />;
  }
  if (loginNotice) return <Navigate to={flow.login} replace state={{ notice: loginNotice }} />;
  if (!unverified && !pending) {
    return <Navigate to={flow.login} replace state={{ notice: messages.notLoggedIn }} />;
  }

  const email = state.status === 'unverified' ? state.user.email : (pending?.email ?? '');

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const confirmationCode = code.trim();
    if (confirmationCode === '') return setNotice({ variant: 'danger', text: CODE_REQUIRED });
    setBusy('confirm');
    try {
      const { confirmSignUp, confirmUserAttribute, signIn } = await loadAmplify();
      if (state.status === 'unverified') {
        await confirmUserAttribute({ userAttributeKey: 'email', confirmationCode });
        justVerified.current = true;
        await refresh({ forceRefresh: true });
        return;
      }
      if (!pending) return setNotice({ variant: 'danger', text: messages.notLoggedIn });
      await confirmSignUp({ username: pending.email, confirmationCode });
      clearPendingSignUp();
      if (pending.password === null) {
        setLoginNotice(VERIFIED_PLEASE_LOG_IN);
        return;
      }
      await signIn({
        username: pending.email,
        password: pending.password,
        options: { authFlowType: 'USER_PASSWORD_AUTH' },
      });
      setPending(null);
      justVerified.current = true;
      await refresh();
    } catch (error) {
      setNotice({ variant: 'danger', text: verifyErrorMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  const resend = async () => {
    setNotice(null);
    if (state.status !== 'unverified' && !pending) {
      return setNotice({ variant: 'danger', text: messages.notLoggedIn });
    }
    setBusy('resend');
    try {
      const { resendSignUpCode, sendUserAttributeVerificationCode } = await loadAmplify();
      if (state.status === 'unverified') {
        await sendUserAttributeVerificationCode({ userAttributeKey: 'email' });
      } else if (pending) {
        await resendSignUpCode({ username: pending.email });
      }
      setNotice({ variant: 'success', text: messages.verificationSent });
    } catch (error) {
      console.error('Resending the verification email failed', error);
      setNotice({ variant: 'danger', text: messages.resendVerificationFailed });
    } finally {
      setBusy(null);
    }
  };

  return (
    <AuthCard
      title="Verify your email"
      footer={
        <>
          Wrong account? <Link to={paths.logout.href()}>Logout</Link>
        </>
      }
    >
      <p>
        We sent a verification code to <strong>{withBreaks(email)}</strong>. Enter it below to verify your
        email address. This page continues by itself once your email is verified.
      </p>
      <LocalInboxHint />
      {notice ? (
        <Alert variant={notice.variant} role={notice.variant === 'danger' ? 'alert' : 'status'}>
          {notice.text}
        </Alert>
      ) : null}
      <Form noValidate onSubmit={confirm} className="mb-3">
        <Form.Group className="mb-3" controlId="verify-code">
          <Form.Label>Verification code</Form.Label>
          <Form.Control
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            required
          />
        </Form.Group>
        <Button type="submit" className="w-100" disabled={busy !== null}>
          {busy === 'confirm' ? 'Verifying...' : 'Verify email'}
        </Button>
      </Form>
      <Button variant="outline-secondary" className="w-100" onClick={resend} disabled={busy !== null}>
        {busy === 'resend' ? 'Sending...' : 'Resend verification email'}
      </Button>
    </AuthCard>
  );
}

/** In the local home, verification emails land in the local mail inbox: say where. */
function LocalInboxHint() {
  const { mailInboxUrl } = getRuntimeConfig();
  if (!mailInboxUrl) return null;
  return (
    <p className="small text-body-secondary">
      Running locally: open the{' '}
      <a href={mailInboxUrl} target="_blank" rel="noopener noreferrer">
        local mail inbox<span className="visually-hidden"> (opens in a new tab)</span>
      </a>{' '}
      to find the code.
    </p>
  );
}

/**
 * An email address that may wrap only after its '@' and before a dot, never inside a word
 * (`founder@` / `example.com` on a narrow screen).
 */
export function withBreaks(email: string) {
  const parts = email.split(/(?<=@)|(?=\.)/);
  return parts.map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, in order, never reordered
    <Fragment key={i}>
      {i > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}
