import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { INestApplication, LoggerService } from '@nestjs/common';
import { onExchangeEnd } from '../common/exchange-end';
import type { AppConfig } from '../config/config';

/**
 * The shutdown of decisions §10, installed by main.ts once the listener is up.
 *
 * On SIGTERM: `notReady` makes `/v1/health/ready` answer 503 at once; the listener keeps serving for
 * SHUTDOWN_DELAY_MS so load balancers stop sending new work; then it stops accepting, closes idle
 * keep-alive connections, waits at most SHUTDOWN_DRAIN_MS for requests in flight (their responses
 * carry `Connection: close`), closes what is left and runs Nest's shutdown hooks in their order:
 * `onModuleDestroy` (stop background loops), `beforeApplicationShutdown` (finish or release
 * claimed work such as webhook deliveries: the database is still open), then
 * `onApplicationShutdown` (connections, Redis, the worker-id lease). Then the process exits 0.
 * SIGINT (a person at a terminal) skips the delay. A second signal exits at once with 1.
 */
export function installGracefulShutdown(
  app: INestApplication,
  config: AppConfig,
  logger: LoggerService,
  notReady: () => void,
): void {
  const server = app.getHttpServer() as Server;
  const requests = trackRequests(server);
  let started = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (started) {
      logger.warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    started = true;
    shutDown(signal).then(
      () => process.exit(0),
      (error: Error) => {
        logger.error(`Shutdown failed: ${error.message}`);
        process.exit(1);
      },
    );
  };

  async function shutDown(signal: NodeJS.Signals): Promise<void> {
    notReady();
    requests.closeAfterResponse();
    const delayMs = signal === 'SIGINT' ? 0 : config.shutdown.delayMs;
    logger.log(`${signal}: not ready any more; serving ${delayMs} ms more, then draining`);
    await sleep(delayMs);
    server.close();
    server.closeIdleConnections();
    const drained = await requests.settled(config.shutdown.drainMs);
    if (!drained) logger.warn(`${requests.count()} requests still in flight after ${config.shutdown.drainMs} ms; closing them`);
    server.closeAllConnections();
    await app.close();
    logger.log('Shut down');
  }

  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

interface RequestTracker {
  count(): number;
  /** From now on every response, including those already under way, closes its connection. */
  closeAfterResponse(): void;
  /** Resolves true once no request is in flight, false when the time is up first. */
  settled(timeoutMs: number): Promise<boolean>;
}

function trackRequests(server: Server): RequestTracker {
  const open = new Set<ServerResponse>();
  let closing = false;
  let onEmpty: (() => void) | undefined;
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    open.add(response);
    if (closing) markClose(response);
    onExchangeEnd(request, response, () => {
      open.delete(response);
      if (open.size === 0) onEmpty?.();
    });
  });
  return {
    count: () => open.size,
    closeAfterResponse: () => {
      closing = true;
      open.forEach(markClose);
    },
    settled: (timeoutMs) =>
      new Promise<boolean>((resolve) => {
        if (open.size === 0) return resolve(true);
        const timer = setTimeout(() => resolve(false), timeoutMs);
        onEmpty = () => {
          clearTimeout(timer);
          resolve(true);
        };
      }),
  };
}

function markClose(response: ServerResponse): void {
  if (!response.headersSent) response.setHeader('Connection', 'close');
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
