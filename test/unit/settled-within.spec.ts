import { settledWithin } from '../../src/common/errors/dependency-unavailable';

describe('settledWithin', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('settles as the answer does, and leaves no timer behind', async () => {
    const onLate = jest.fn();
    await expect(settledWithin(1000, Promise.resolve('rows'), onLate)).resolves.toBe('rows');
    const failure = new Error('connection reset');
    await expect(settledWithin(1000, Promise.reject(failure), onLate)).rejects.toBe(failure);
    expect(jest.getTimerCount()).toBe(0);
    expect(onLate).not.toHaveBeenCalled();
  });

  it('fails once the time passed, after onLate ran, and ignores an answer that comes later', async () => {
    let answer!: (value: string) => void;
    const onLate = jest.fn();
    const bounded = settledWithin(1000, new Promise<string>((resolve) => (answer = resolve)), onLate);
    const settled = jest.fn();
    bounded.then(settled, settled);
    await jest.advanceTimersByTimeAsync(999);
    expect(settled).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(onLate).toHaveBeenCalledTimes(1);
    await expect(bounded).rejects.toThrow('no answer within 1000 ms');
    answer('too late');
    await jest.advanceTimersByTimeAsync(0);
    expect(settled).toHaveBeenCalledTimes(1);
    expect(jest.getTimerCount()).toBe(0);
  });
});
