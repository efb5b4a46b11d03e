import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { executeUserCommand, parseUserCommand } from '../../src/cli/user-commands';
import type { TestApp } from '../support/app';

const SCREENSHOTS = join(__dirname, '../../docs/console');

export interface ConsoleUser {
  username: string;
  /** The chat id, which the development provider takes as typed. */
  id: string;
}

/** A browser of its own (cookies, storage) on the console, failing the test on any script error or CSP refusal. */
export async function openConsole(browser: Browser, t: TestApp, options: { locale?: string; width?: number } = {}) {
  const context = await browser.newContext({
    baseURL: t.url,
    locale: options.locale ?? 'es-ES',
    timezoneId: 'Europe/Madrid',
    viewport: { width: options.width ?? 1280, height: 900 },
  });
  // Well under the test's own limit, so a missing element fails with its own message.
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) problems.push(`CSP: ${message.text()}`);
  });
  return { context, page, problems };
}

/** Signs in the way a person does: the console's button, the development provider's page, back. */
export async function signIn(page: Page, user: ConsoleUser, button = 'Iniciar sesión con el chat'): Promise<void> {
  await page.goto('/console/');
  await page.getByRole('button', { name: button }).click();
  await page.waitForURL(/\/dev\/chatapp\//);
  await page.locator('input[name=username]').fill(user.username);
  await page.locator('input[name=id]').fill(user.id);
  await page.locator('button[name=preset][value=""]').click();
  await page.waitForURL((url) => url.pathname.startsWith('/console/') && !url.search.includes('state='));
}

/** `npm run cli -- grant chatapp:<id> <PERMISSION>...`, on the test app's database. */
export async function grant(t: TestApp, user: ConsoleUser, ...permissions: string[]): Promise<void> {
  await executeUserCommand(t.app, parseUserCommand(['grant', `chatapp:${user.id}`, ...permissions]));
}

/** axe-core's serious and critical findings on the page as it is now (an open dialog included). */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/**
 * The pictures of docs/staff.md, from the SQLite run only (both backends show the same screens), and only
 * when asked (`CONSOLE_SCREENSHOTS=1`): a plain test run leaves the checkout as it found it.
 */
export async function screenshot(page: Page, t: TestApp, name: string): Promise<void> {
  if (t.backend.name !== 'sqlite' || process.env.CONSOLE_SCREENSHOTS !== '1') return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true, animations: 'disabled', caret: 'hide' });
}

/** The accessible name of what has the keyboard focus: a field's label, else its own text. */
export function focused(page: Page): Promise<string> {
  // Runs in the page; the test's TypeScript has no DOM types, hence the loose shape.
  return page.evaluate(() => {
    type Focusable = { labels?: { innerText: string }[]; innerText?: string; getAttribute(name: string): string | null };
    const element = (globalThis as unknown as { document: { activeElement: Focusable } }).document.activeElement;
    const label = element.labels?.[0]?.innerText ?? element.getAttribute('aria-label') ?? element.innerText ?? '';
    return label.trim().replace(/\s+/g, ' ');
  });
}

/** Presses Tab (Shift+Tab backwards) until the focus is on what `name` matches; fails after `limit` presses. */
export async function tabTo(page: Page, name: RegExp, { backwards = false, limit = 60 } = {}): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (name.test(await focused(page))) return;
  }
  throw new Error(`no focusable element matching ${name} within ${limit} presses of Tab (at "${await focused(page)}")`);
}

export async function closeAll(...contexts: BrowserContext[]): Promise<void> {
  await Promise.all(contexts.map((context) => context.close()));
}
