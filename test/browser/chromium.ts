import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { describeEachBackend, type TestBackend } from '../support/backends';

/** Debian's chromium (`apt-get install chromium`); nothing here ever downloads a browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless, and quiet: without the background-networking flags Chromium calls Google's hosts at
 * every start, which this machine's closed network refuses. `launch()` gives every run a fresh,
 * throw-away user-data directory.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * Runs the block on every backend when chromium is installed. Without it the tests skip with one
 * line (a fresh machine with only Node.js still runs `npm test`), unless REQUIRE_BROWSER is set,
 * as CI sets it: then they fail.
 */
export function describeInChromium(title: string, block: (backend: TestBackend) => void): void {
  if (existsSync(CHROMIUM)) return describeEachBackend(title, block);
  if (process.env.REQUIRE_BROWSER) {
    describe(title, () => {
      test('needs chromium', () => {
        throw new Error(`${CHROMIUM} not found: install it with \`apt-get install chromium\` (REQUIRE_BROWSER is set, so the browser tests fail instead of skipping)`);
      });
    });
    return;
  }
  process.stderr.write(`${title}: skipped, ${CHROMIUM} not found (apt-get install chromium; REQUIRE_BROWSER=1 makes this a failure)\n`);
  describe.skip(title, () => test.skip('needs chromium', () => undefined));
}
