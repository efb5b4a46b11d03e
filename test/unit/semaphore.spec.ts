import { Semaphore } from '../../src/common/concurrency';

describe('Semaphore', () => {
  it('lets at most `limit` run at once, in arrival order, and frees the slot on failure', async () => {
    const gate = new Semaphore(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const task = (n: number, fail = false) =>
      gate.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push(n);
        running--;
        if (fail) throw new Error(`task ${n}`);
        return n;
      });
    const results = await Promise.allSettled([task(1), task(2, true), task(3), task(4), task(5)]);
    expect(most).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(await task(6)).toBe(6);
  });
});
