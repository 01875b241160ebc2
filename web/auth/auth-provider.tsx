import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { isAdminClaim, isEmailVerified, isInvestorClaim } from './claims';
import { loadAmplify, mayBeSignedIn, onSessionChange } from './load-amplify';

/** The signed-in user as the app sees it. */
export interface AuthUser {
  /** Cognito `sub`. */
  userId: string;
  email: string;
}

/**
 * - loading: the session has not been read yet (Amplify may still be loading to read it);
 * - signed-out: no tokens;
 * - unverified: tokens, but the email is not verified: not logged in for the app (spec section 4);
 * - signed-in: tokens and a verified email; `isInvestor` for an investor account (joined a partner
 *   portal, issue 21), which has its own screens and none of a founder's.
 */
export type AuthState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'unverified'; user: AuthUser }
  | { status: 'signed-in'; user: AuthUser; isAdmin: boolean; isInvestor: boolean };

export interface AuthContextValue {
  state: AuthState;
  /** Reads the session again (after sign-in, verification or sign-out). */
  refresh: (options?: { forceRefresh?: boolean }) => Promise<AuthState>;
  signOut: () => Promise<void>;
  /**
   * The state once the session has been read: at once when it is known, else when the first read
   * ends, after the render that shows it (so the cart store already knows the founder). A click made
   * while the session is read waits for it rather than treating a founder as signed out.
   */
  whenKnown: () => Promise<AuthState>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** The session as Amplify has it; signed out at once, without loading Amplify, when nobody may be signed in. */
async function readAuthState(forceRefresh = false): Promise<AuthState> {
  if (!mayBeSignedIn()) return { status: 'signed-out' };
  try {
    const { fetchAuthSession } = await loadAmplify();
    const session = await fetchAuthSession({ forceRefresh });
    const idToken = session.tokens?.idToken;
    if (!idToken) return { status: 'signed-out' };
    const claims = idToken.payload as Record<string, unknown>;
    const user: AuthUser = {
      userId: typeof claims.sub === 'string' ? claims.sub : '',
      email: typeof claims.email === 'string' ? claims.email : '',
    };
    if (!isEmailVerified(claims)) return { status: 'unverified', user };
    return { status: 'signed-in', user, isAdmin: isAdminClaim(claims), isInvestor: isInvestorClaim(claims) };
  } catch (error) {
    console.error('Could not read the auth session; treating the user as signed out.', error);
    return { status: 'signed-out' };
  }
}

/** The Cognito ID token to send as `Authorization: Bearer …`, or null when nobody is signed in. */
export async function getIdToken(): Promise<string | null> {
  if (!mayBeSignedIn()) return null;
  const { fetchAuthSession } = await loadAmplify();
  const session = await fetchAuthSession();
  return session.tokens?.idToken?.toString() ?? null;
}

/** Holds the auth state of the app and keeps it in step with the session's changes. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'loading' });

  const refresh = useCallback(async (options?: { forceRefresh?: boolean }) => {
    const next = await readAuthState(options?.forceRefresh ?? false);
    setState(next);
    return next;
  }, []);

  useEffect(() => {
    void refresh();
    return onSessionChange(() => void refresh());
  }, [refresh]);

  const latest = useRef(state);
  const waiting = useRef<((known: AuthState) => void)[]>([]);
  useEffect(() => {
    latest.current = state;
    if (state.status === 'loading') return;
    for (const resolve of waiting.current.splice(0)) resolve(state);
  }, [state]);
  const whenKnown = useCallback(
    () =>
      latest.current.status === 'loading'
        ? new Promise<AuthState>((resolve) => waiting.current.push(resolve))
        : Promise.resolve(latest.current),
    [],
  );

  const doSignOut = useCallback(async () => {
    try {
      if (mayBeSignedIn()) await (await loadAmplify()).signOut();
    } finally {
      setState({ status: 'signed-out' });
    }
  }, []);

  const value = useMemo(
    () => ({ state, refresh, signOut: doSignOut, whenKnown }),
    [state, refresh, doSignOut, whenKnown],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuthContext(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** The questions pages ask of an auth state. */
export function authFacts(state: AuthState) {
  return {
    state,
    status: state.status,
    /** Logged in for the app: tokens and a verified email. */
    loggedIn: state.status === 'signed-in',
    /** The verified user, or null. */
    user: state.status === 'signed-in' ? state.user : null,
    isAdmin: state.status === 'signed-in' && state.isAdmin,
    /** An investor account: its own screens, no cart, projects or podcasts (issue 21). */
    isInvestor: state.status === 'signed-in' && state.isInvestor,
  };
}
export type AuthFacts = ReturnType<typeof authFacts>;

/** The auth state with the questions pages ask of it. */
export function useAuth() {
  const { state, refresh, signOut: doSignOut, whenKnown } = useAuthContext();
  return {
    ...authFacts(state),
    refresh,
    signOut: doSignOut,
    /** The facts once the session is read (at once when it is known already). */
    whenKnown: useCallback(async () => authFacts(await whenKnown()), [whenKnown]),
  };
}
