import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { Schemas } from '../../../clients/typescript';
import { api } from '../api/client';
import { answer, type ApiProblem, asProblem } from '../api/problem';
import { SESSION_ENDED, sessionEnded } from '../api/session-events';
import { holdsAny, type Needs } from './permissions';
import { type SignInReturn, signOut } from './sign-in';

/** The signed-in member of staff, as the console needs them. */
export interface Me {
  userId: string;
  permissions: number;
  /** Their chat display name or username. */
  name: string;
}

/** Why the console shows the signed-out page: nothing, or something to tell. */
export type SignedOutNotice = 'ended' | 'mismatch' | 'signedOut' | { failed: string };

export type SessionState =
  | { status: 'loading' }
  | { status: 'signedOut'; notice?: SignedOutNotice }
  | { status: 'failed'; problem: ApiProblem }
  | { status: 'signedIn'; me: Me };

export interface Session {
  state: SessionState;
  /** Whether the signed-in user holds one of these bits. */
  may(needs: Needs): boolean;
  signOut(): Promise<void>;
  retry(): void;
}

const SessionContext = createContext<Session | null>(null);

/** `returned` is what the address said on load (read before the routes, which it may change). */
export function SessionProvider({ returned, children }: { returned: SignInReturn; children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    start(attempt === 0 ? returned : { kind: 'none' }).then((next) => current && setState(next));
    return () => {
      current = false;
    };
  }, [attempt, returned]);
  useEffect(() => {
    const ended = () => setState((now) => (now.status === 'signedIn' ? { status: 'signedOut', notice: 'ended' } : now));
    sessionEnded.addEventListener(SESSION_ENDED, ended);
    return () => sessionEnded.removeEventListener(SESSION_ENDED, ended);
  }, []);
  const leave = useCallback(async () => {
    await signOut();
    setState({ status: 'signedOut', notice: 'signedOut' });
  }, []);
  const session = useMemo<Session>(
    () => ({
      state,
      may: (needs) => state.status === 'signedIn' && holdsAny(state.me.permissions, needs),
      signOut: leave,
      retry: () => setAttempt((n) => n + 1),
    }),
    [state, leave],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/** The signed-in user; only screens shown to a signed-in member of staff call it. */
export function useMe(): Me {
  const { state } = useSession();
  if (state.status !== 'signedIn') throw new Error('useMe while not signed in');
  return state.me;
}

async function start(returned: SignInReturn): Promise<SessionState> {
  if (returned.kind === 'mismatch') {
    // Not the sign-in this tab started (login CSRF): drop whatever session came with it.
    await signOut().catch(() => undefined);
    return { status: 'signedOut', notice: 'mismatch' };
  }
  try {
    const user = await answer(api.GET('/v1/users/{userId}', { params: { path: { userId: '@me' }, query: { providers: 'true' } } }));
    return { status: 'signedIn', me: toMe(user) };
  } catch (error) {
    const problem = asProblem(error);
    if (problem.status !== 401) return { status: 'failed', problem };
    return { status: 'signedOut', notice: returned.kind === 'failed' ? { failed: returned.error } : undefined };
  }
}

function toMe(user: Schemas['UserJson']): Me {
  const chat = (user.providers ?? []).find((pair) => pair[0] === 'chatapp')?.[1] as { externalMetadata?: Record<string, unknown> } | undefined;
  const metadata = chat?.externalMetadata ?? {};
  const name = [metadata.global_name, metadata.username].find((value): value is string => typeof value === 'string' && value !== '');
  return { userId: user.userId, permissions: Number(user.permissions), name: name ?? user.userId };
}
