import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig, isLoopbackHost } from '../config/config';

const REPEAT_MS = 60 * 1000;

/**
 * Says in the log that anyone can sign in as anyone: once at start on a loopback address, and
 * every minute while the server listens on any other (decisions §7).
 */
@Injectable()
export class DevProvidersWarning implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('DevProviders');
  private timer?: NodeJS.Timeout;

  constructor(private readonly config: AppConfig) {}

  onApplicationBootstrap(): void {
    if (isLoopbackHost(this.config.host)) {
      this.logger.warn('Development sign-in providers are on: anyone can sign in as anyone. Never use them in production.');
      return;
    }
    const warn = () =>
      this.logger.warn(
        `Development sign-in providers are on while listening on ${this.config.host}: anyone who reaches this server can sign in as anyone. Set DEV_PROVIDERS=false.`,
      );
    warn();
    this.timer = setInterval(warn, REPEAT_MS);
    // A warning is no reason to keep the process alive.
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }
}
