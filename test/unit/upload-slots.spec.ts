import { UploadSlots } from '../../src/images/uploads/upload-slots';

/** A task holding its slot until `release` is called. */
function holder(slots: UploadSlots, userId: string, signal = new AbortController().signal) {
  let release!: () => void;
  let started = false;
  const done = slots.run(userId, signal, () => {
    started = true;
    return new Promise<void>((resolve) => (release = resolve));
  });
  return { done, started: () => started, release: () => release() };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('upload slots', () => {
  it('never lets two users hold every slot: a third user starts at once', async () => {
    const slots = new UploadSlots(4, 2);
    const a = [holder(slots, 'a'), holder(slots, 'a')];
    const b = [holder(slots, 'b'), holder(slots, 'b')];
    const c = holder(slots, 'c');
    await tick();
    expect([...a, ...b, c].map((task) => task.started())).toEqual([true, true, true, false, true]);
    expect(slots.usage).toEqual({ inUse: 4, waiting: 1 });
    c.release();
    await c.done;
    await tick();
    expect(b[1].started()).toBe(false); // the one free slot stays for someone else
    a[0].release();
    await a[0].done;
    await tick();
    expect(b[1].started()).toBe(true);
    [a[1], ...b].forEach((task) => task.release());
  });

  it('gives at most two slots to one user, in arrival order, and frees a slot on failure', async () => {
    const slots = new UploadSlots(4, 2);
    const order: number[] = [];
    const task = (n: number, fail = false) =>
      slots.run('a', new AbortController().signal, async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push(n);
        if (fail) throw new Error(`task ${n}`);
      });
    const results = await Promise.allSettled([task(1), task(2, true), task(3), task(4)]);
    expect(order).toEqual([1, 2, 3, 4]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(slots.usage).toEqual({ inUse: 0, waiting: 0 });
  });

  it('lets a waiter whose client goes away leave the queue', async () => {
    const slots = new UploadSlots(1, 1);
    const first = holder(slots, 'a');
    const controller = new AbortController();
    const gone = holder(slots, 'b', controller.signal);
    await tick();
    controller.abort(new Error('gone'));
    await expect(gone.done).rejects.toThrow('gone');
    expect(slots.usage).toEqual({ inUse: 1, waiting: 0 });
    first.release();
    await first.done;
  });

  it('answers 503 with Retry-After to an upload that waited 10 s for a slot', async () => {
    jest.useFakeTimers();
    try {
      const slots = new UploadSlots(1, 1);
      const first = holder(slots, 'a');
      const waiting = holder(slots, 'b');
      const outcome = waiting.done.catch((error: { status: number; options: unknown }) => error);
      jest.advanceTimersByTime(9_999);
      expect(slots.usage.waiting).toBe(1);
      jest.advanceTimersByTime(1);
      expect(await outcome).toMatchObject({ status: 503, options: { code: 'UPLOADS_BUSY', headers: { 'Retry-After': '5' } } });
      expect(slots.usage).toEqual({ inUse: 1, waiting: 0 });
      first.release();
    } finally {
      jest.useRealTimers();
    }
  });
});
