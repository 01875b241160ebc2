import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { PATIENCE_MS } from '../../support/patience';
import { launchChromium } from '../../support/tools';

export const e2e = inject('e2e');
export const ARTIFACTS = join(import.meta.dirname, '../../../artifacts/e2e');

/**
 * One browser per test file, a fresh context (cookies, storage) per test. The pages run under the
 * production Content-Security-Policy (infra/edge.ts): any violation Chromium reports fails the test.
 */
export function browserPerFile() {
  let browser: Browser | undefined;
  let cspViolations: string[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  // What a failed test leaves to look at: each of its pages as it was, with its recent console lines.
  let opened: { page: Page; console: string[] }[] = [];
  beforeEach(({ task, onTestFailed }) => {
    opened = [];
    onTestFailed(async () => {
      const dir = join(ARTIFACTS, 'failures');
      mkdirSync(dir, { recursive: true });
      const name = task.name.replace(/[^\w-]+/g, '-').slice(0, 80);
      for (const [i, { page, console: lines }] of opened.entries()) {
        if (page.isClosed()) continue;
        const base = join(dir, `${name}-${i}`);
        await page.screenshot({ path: `${base}.png`, fullPage: true }).catch(() => undefined);
        const text = await page
          .evaluate(() => document.body?.innerText ?? '')
          .catch((error: unknown) => String(error));
        writeFileSync(`${base}.txt`, `${page.url()}\n\n${text}\n\n--- console\n${lines.join('\n')}\n`);
      }
    });
  });
  afterEach(() => {
    const found = cspViolations;
    cspViolations = [];
    expect(found, 'Content-Security-Policy violations').toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async newPage(
      options: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' } = {},
    ): Promise<{ page: Page; context: BrowserContext }> {
      if (!browser) throw new Error('browser not started');
      const context = await browser.newContext({
        viewport: options.viewport ?? { width: 1280, height: 900 },
        colorScheme: options.colorScheme ?? 'light',
      });
      // Explicit waits for actions and navigations (Playwright's own defaults, written down here).
      context.setDefaultTimeout(PATIENCE_MS);
      context.setDefaultNavigationTimeout(PATIENCE_MS);
      const page = await context.newPage();
      const lines: string[] = [];
      opened.push({ page, console: lines });
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
        lines.push(`${new Date().toISOString()} ${message.type()}: ${message.text()}`);
        if (lines.length > 200) lines.shift();
      });
      return { page, context };
    },
  };
}

/** Saves a full-page screenshot as a test artifact. */
export async function screenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path, fullPage: options.fullPage ?? true });
  return path;
}

/**
 * Waits until nothing on the page is mid-transition or in a finite animation (a modal fading in, a
 * toast sliding, a moved card settling): axe reads colours as painted, and a half-faded text fails a
 * contrast check it passes at rest. A spinner's endless animation is not waited for.
 */
export async function untilStill(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      if (animation.playState !== 'running') return true;
      if (animation instanceof CSSTransition) return false;
      return animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY;
    }),
  );
}

/** axe-core's serious and critical violations on the current page, one line each (rule, nodes). */
export async function severeAccessibilityViolations(page: Page): Promise<string[]> {
  await untilStill(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** axe-core on the current page: no serious or critical violations. */
export async function expectAccessible(page: Page): Promise<void> {
  expect(await severeAccessibilityViolations(page)).toEqual([]);
}

/** Emails the local home delivered to an address (the local SES inbox). */
export async function inbox(address: string) {
  const store = (await (await fetch(`${e2e.inboxUrl}/store`)).json()) as {
    emails: {
      destination: { to: string[] };
      subject: string;
      body: { text?: string };
      attachments: { content: string; filename: string }[];
    }[];
  };
  return store.emails.filter((e) => e.destination.to.includes(address));
}

/** The local-only accounts the local home seeds (printed in the `npm run dev` banner). */
export { LOCAL_ACCOUNTS as ACCOUNTS } from '../../../infra/local/seed';
