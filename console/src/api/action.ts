import { useCallback, useRef, useState } from 'react';
import { type ApiProblem, asProblem } from './problem';

export interface Action<A extends unknown[], R> {
  /** The result, or undefined when it failed (then `problem` says why). */
  run(...args: A): Promise<R | undefined>;
  pending: boolean;
  problem?: ApiProblem;
  clear(): void;
}

/** A change the user asks for: one at a time, with its problem kept for display. */
export function useAction<A extends unknown[], R>(perform: (...args: A) => Promise<R>): Action<A, R> {
  const [state, setState] = useState<{ pending: boolean; problem?: ApiProblem }>({ pending: false });
  const latest = useRef(perform);
  latest.current = perform;
  const run = useCallback(async (...args: A) => {
    setState({ pending: true });
    try {
      const result = await latest.current(...args);
      setState({ pending: false });
      return result;
    } catch (error) {
      setState({ pending: false, problem: asProblem(error) });
      return undefined;
    }
  }, []);
  const clear = useCallback(() => setState({ pending: false }), []);
  return { ...state, run, clear };
}
