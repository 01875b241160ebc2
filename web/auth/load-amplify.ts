/**
 * Loads Amplify Auth (./amplify, its own chunk) on first need, configured from the runtime
 * configuration, and says without loading it whether anyone may be signed in. Most first visits are
 * signed out: they never download Amplify.
 */
import { getRuntimeConfig } from '../config/runtime-config';
import { hasStoredSession, isSignInFromAnotherTab } from './stored-session';

/** The Amplify Auth module: the auth calls, once configured. */
export type AmplifyAuth = typeof import('./amplify');

/** The one load of Amplify, kept once it started; cleared when it failed so the next call tries again. */
let loading: Promise<AmplifyAuth> | null = null;
/** Whether Amplify is loaded: from then on its own auth events report every change, other tabs' too. */
let loaded = false;

const sessionListeners = new Set<() => void>();

function notifySessionListeners(): void {
  for (const listener of sessionListeners) listener();
}

/** Imports Amplify Auth once, configures it from the runtime configuration and forwards its auth events. */
export function loadAmplify(): Promise<AmplifyAuth> {
  loading ??= import('./amplify')
    .then((amplify) => {
      amplify.configureAmplify(getRuntimeConfig());
      amplify.listenToSessionChanges(notifySessionListeners);
      loaded = true;
      return amplify;
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/**
 * Starts loading Amplify ahead of a form that will need it. A failure is not reported here: the call
 * that needs Amplify loads it again and reports its own failure.
 */
export function preloadAmplify(): void {
  loadAmplify().catch(() => undefined);
}

/**
 * Whether anyone may be signed in, so that Amplify must be asked: it is loaded or loading (it then
 * knows, even where the browser refuses `localStorage` and it keeps tokens in memory), or it persisted
 * a signed-in user of our app client. False means signed out, without loading Amplify.
 */
export function mayBeSignedIn(): boolean {
  return loading !== null || hasStoredSession(getRuntimeConfig().userPoolClientId);
}

function onStorage(event: StorageEvent): void {
  if (!loaded && isSignInFromAnotherTab(event, getRuntimeConfig().userPoolClientId)) {
    notifySessionListeners();
  }
}

/**
 * Calls `listener` whenever the session may have changed: Amplify's auth events once it is loaded, and
 * before that a sign-in in another tab (which Amplify, not loaded here, cannot report). Returns the
 * unsubscribe.
 */
export function onSessionChange(listener: () => void): () => void {
  sessionListeners.add(listener);
  if (sessionListeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    sessionListeners.delete(listener);
    if (sessionListeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}
