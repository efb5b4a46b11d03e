import { UploadSlots } from '../../src/images/uploads/upload-slots';

/** A task that holds its slot until released by hand. */
function held() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { done, release };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('UploadSlots', () => {
  it('runs at most two uploads of one user and four in all; the others wait their turn', async () => {
    const slots = new UploadSlots(4, 2);
    const signal = new AbortController().signal;
    const tasks = ['a', 'a', 'a', 'b', 'b', 'c', 'd'].map((user) => {
      const task = held();
      return { ...task, run: slots.run(user, signal, () => task.done.then(() => user)) };
    });
    await tick();
    expect(slots.usage).toEqual({ inUse: 4, waiting: 3 });
    tasks[0].release();
    await tasks[0].run;
    await tick();
    // a's third got a's turn, then queued for the process slot behind c
    expect(slots.usage).toEqual({ inUse: 4, waiting: 2 });
    for (const task of tasks) task.release();
    expect(await Promise.all(tasks.map((task) => task.run))).toEqual(['a', 'a', 'a', 'b', 'b', 'c', 'd']);
    expect(slots.usage).toEqual({ inUse: 0, waiting: 0 });
  });

  it('frees the slot when the work fails, and drops a waiter whose client went away', async () => {
    const slots = new UploadSlots(1, 1);
    const first = held();
    const running = slots.run('a', new AbortController().signal, () => first.done.then(() => {
      throw new Error('cut off');
    }));
    const gone = new AbortController();
    const waiting = slots.run('b', gone.signal, async () => 'never');
    await tick();
    expect(slots.usage).toEqual({ inUse: 1, waiting: 1 });
    gone.abort(new Error('client left'));
    await expect(waiting).rejects.toThrow('client left');
    expect(slots.usage).toEqual({ inUse: 1, waiting: 0 });
    first.release();
    await expect(running).rejects.toThrow('cut off');
    expect(slots.usage).toEqual({ inUse: 0, waiting: 0 });
    expect(await slots.run('b', new AbortController().signal, async () => 'next')).toBe('next');
  });

  it('refuses at once a caller whose client is already gone', async () => {
    const slots = new UploadSlots();
    const gone = new AbortController();
    gone.abort(new Error('gone'));
    await expect(slots.run('a', gone.signal, async () => 'x')).rejects.toThrow('gone');
    expect(slots.usage).toEqual({ inUse: 0, waiting: 0 });
  });
});
