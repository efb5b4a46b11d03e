import { type DependencyList, useCallback, useEffect, useState } from 'react';
import { type ApiProblem, asProblem, isAbort } from './problem';

export type Resource<T> = (
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'failed'; problem: ApiProblem }
) & {
  reload(): void;
  /** Replaces the loaded data with what an action answered, without asking the API again. */
  update(change: (data: T) => T): void;
};

/** Loads once per change of `deps` (the previous load is aborted) and on `reload()`. */
export function useResource<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList): Resource<T> {
  const [state, setState] = useState<{ status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; problem: ApiProblem }>({
    status: 'loading',
  });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal).then(
      (data) => setState({ status: 'ready', data }),
      (error: unknown) => isAbort(error) || setState({ status: 'failed', problem: asProblem(error) }),
    );
    return () => controller.abort();
    // `load` is a new function on every render; what it depends on is `deps`.
  }, [...deps, generation]);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  const update = useCallback(
    (change: (data: T) => T) => setState((current) => (current.status === 'ready' ? { status: 'ready', data: change(current.data) } : current)),
    [],
  );
  return { ...state, reload, update };
}
