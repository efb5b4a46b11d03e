export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Waits until `check` holds, asking every `everyMs`; fails once `ms` have passed without. */
export async function until(check: () => Promise<boolean>, ms: number, everyMs = 50): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not so after ${ms} ms`);
    await sleep(everyMs);
  }
}
