/**
 * Exceptions no code caught, raised by the app since the running test began. In production they
 * end the process (decisions §7's worst bug); under jest the test runner catches them and fails
 * the running test, without saying which request caused them. Reading the runner's record after
 * each case names the case, with the seed and path to replay it.
 */
interface CircusState {
  currentlyRunningTest?: { errors: unknown[] };
  unhandledErrors: unknown[];
}

function circusState(): CircusState | undefined {
  const symbol = Object.getOwnPropertySymbols(globalThis).find((s) => s.description === 'JEST_STATE_SYMBOL');
  return symbol ? (globalThis as unknown as Record<symbol, CircusState>)[symbol] : undefined;
}

export function uncaughtErrors(): string[] {
  const state = circusState();
  return [...(state?.currentlyRunningTest?.errors ?? []), ...(state?.unhandledErrors ?? [])].map((entry) => {
    const error = Array.isArray(entry) ? entry[0] : entry;
    return error instanceof Error ? (error.stack ?? error.message) : String(error);
  });
}
