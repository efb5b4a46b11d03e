import { api } from '../api/client';
import { answer } from '../api/problem';

/** Where the OAuth callback sends the browser back: the console's own address. */
export const CONSOLE_BASE = '/console/';

const STATE_KEY = 'console.oauthState';
const RETURN_KEY = 'console.returnTo';

/** What the address said when the page loaded. */
export type SignInReturn =
  | { kind: 'none' }
  | { kind: 'signedIn' }
  /** `?state=` was not the one this tab started: the session may have been planted by someone else. */
  | { kind: 'mismatch' }
  /** The callback failed and FAILURE_REDIRECT_URL points here: `?error=banned` etc. */
  | { kind: 'failed'; error: string };

/** Starts the chat provider's sign-in; the browser leaves for its page. */
export async function startSignIn(): Promise<void> {
  const redirectUrl = new URL(CONSOLE_BASE, location.origin).href;
  const { targetUrl, state } = await answer(
    api.POST('/v1/oauth/{provider}', { params: { path: { provider: 'chatapp' } }, body: { redirectUrl } }),
  );
  sessionStorage.setItem(STATE_KEY, state);
  sessionStorage.setItem(RETURN_KEY, `${location.pathname}${location.search}`);
  location.assign(targetUrl);
}

/**
 * Reads `?state=` (or `?error=`) once, compares it with the state this tab stored, and takes it
 * out of the address, returning to where the sign-in started.
 */
export function completeSignIn(): SignInReturn {
  const params = new URLSearchParams(location.search);
  const state = params.get('state');
  const error = params.get('error');
  if (state === null && error === null) return { kind: 'none' };
  const expected = sessionStorage.getItem(STATE_KEY);
  const returnTo = sessionStorage.getItem(RETURN_KEY);
  sessionStorage.removeItem(STATE_KEY);
  sessionStorage.removeItem(RETURN_KEY);
  history.replaceState(null, '', returnTo?.startsWith(CONSOLE_BASE) ? returnTo : withoutSignInParams(params));
  if (error !== null) return { kind: 'failed', error };
  return state === expected ? { kind: 'signedIn' } : { kind: 'mismatch' };
}

export async function signOut(): Promise<void> {
  await answer(api.POST('/v1/oauth/logout'));
}

function withoutSignInParams(params: URLSearchParams): string {
  params.delete('state');
  params.delete('error');
  const rest = params.toString();
  return `${location.pathname}${rest ? `?${rest}` : ''}`;
}
