/** pino's own exit hook (on-exit-leak-free ships no types): calls `fn` at exit while `object` lives. */
declare module 'on-exit-leak-free' {
  export function register<T extends object>(object: T, fn: (object: T, event: 'exit' | 'beforeExit') => void): void;
}
