import { Logger } from '@nestjs/common';
import { parseConfig } from '../../src/config/config';
import { DevProvidersWarning } from '../../src/dev-providers/dev-providers-warning';

describe('the development providers warning', () => {
  let warn: jest.SpyInstance;

  beforeEach(() => {
    jest.useFakeTimers();
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.useRealTimers();
    warn.mockRestore();
  });

  it('is logged once on a loopback address', () => {
    const warning = new DevProvidersWarning(parseConfig({ HOST: '127.0.0.1' }));
    warning.onApplicationBootstrap();
    jest.advanceTimersByTime(5 * 60_000);
    expect(warn).toHaveBeenCalledTimes(1);
    warning.onApplicationShutdown();
  });

  it('repeats every minute on any other host, on a timer that keeps nothing alive, until shutdown', () => {
    const setInterval = jest.spyOn(global, 'setInterval');
    const warning = new DevProvidersWarning(parseConfig({ HOST: '0.0.0.0', DEV_PROVIDERS: 'true' }));
    warning.onApplicationBootstrap();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toContain('0.0.0.0');
    const timer = setInterval.mock.results[0].value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    jest.advanceTimersByTime(3 * 60_000);
    expect(warn).toHaveBeenCalledTimes(4);
    warning.onApplicationShutdown();
    jest.advanceTimersByTime(5 * 60_000);
    expect(warn).toHaveBeenCalledTimes(4);
    setInterval.mockRestore();
  });
});
