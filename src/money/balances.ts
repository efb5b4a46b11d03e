/** Balances are integers from 0 to 2^53−1 (decisions §8): exact as JavaScript numbers. */
export const MAX_BALANCE = Number.MAX_SAFE_INTEGER;
