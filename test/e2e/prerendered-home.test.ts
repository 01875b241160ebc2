import { describe, expect, it } from 'vitest';
import { securityHeaderLines } from '../../infra/edge';
import { browserPerFile, e2e, screenshot } from './support/browser';

const browser = browserPerFile();

const PHONE = { width: 390, height: 844 };

/** Every error the page reports: console errors (React's hydration errors among them) and uncaught ones. */
function collectErrors(page: import('playwright-core').Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

describe('the prerendered directory home (Chromium against the local home)', () => {
  it('is on the screen from its HTML alone, before any script runs, at desktop and phone width', async () => {
    for (const [name, viewport] of [
      ['desktop', undefined],
      ['phone', PHONE],
    ] as const) {
      const { page, context } = await browser.newPage(viewport ? { viewport } : {});
      await context.route('**/*.js', (route) => route.abort());
      const answer = await page.goto(`${e2e.appUrl}/home`);

      expect(answer?.headers()).toMatchObject(securityHeaderLines({ uploads: e2e.uploadsOrigin }));
      expect(await answer?.text()).toContain('<div id="root" data-prerendered="/home">');
      await page.getByRole('heading', { name: 'VC Database', level: 1 }).waitFor();
      expect(await page.getByRole('heading', { name: 'Frequently asked questions' }).isVisible()).toBe(true);
      // The investor types link to their searches; their counts are not there yet.
      expect(await page.getByRole('link', { name: 'VC …', exact: true }).getAttribute('href')).toBe(
        '/investors/search?role=vc',
      );
      // Styled from the inline stylesheet: the navbar has its colour, the cards their borders.
      expect(await page.locator('nav.app-navbar').evaluate((nav) => getComputedStyle(nav).position)).toBe(
        'sticky',
      );
      await screenshot(page, `prerendered-home-before-scripts-${name}`, { fullPage: false });
      await context.close();
    }
  });

  it('is hydrated without an error: the same elements, then the figures, the address and the links work in place', async () => {
    const { page, context } = await browser.newPage();
    const errors = collectErrors(page);
    // The heading the browser parsed from the HTML, kept before the app's scripts run.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive')
          (window as unknown as { parsedHeading: Element | null }).parsedHeading =
            document.querySelector('h1');
      });
    });
    await page.goto(`${e2e.appUrl}/home`);

    const vc = page.getByRole('link', { name: /^VC \d[\d,]*$/ });
    await vc.waitFor();
    await page.getByText(/\d[\d,]* with email/).waitFor();
    expect(await page.locator('main a[href^="mailto:"]').textContent()).toBe('feedback@example.com');
    expect(await page.getByRole('link', { name: 'Feedback', exact: true }).getAttribute('href')).toBe(
      'mailto:feedback@example.com',
    );
    expect(
      await page.evaluate(
        () =>
          (window as unknown as { parsedHeading: Element | null }).parsedHeading ===
          document.querySelector('h1'),
      ),
    ).toBe(true);
    await screenshot(page, 'prerendered-home-hydrated-desktop', { fullPage: false });

    // A client-side navigation: the page is not loaded again.
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await vc.click();
    await page.getByRole('heading', { name: /^Search Results \(\d+\)$/ }).waitFor();
    expect(page.url()).toBe(`${e2e.appUrl}/investors/search?role=vc`);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it("opens the navbar's menu on a phone once hydrated", async () => {
    const { page, context } = await browser.newPage({ viewport: PHONE });
    const errors = collectErrors(page);
    await page.goto(`${e2e.appUrl}/find-vc`);
    await page.getByRole('link', { name: /^Angel \d[\d,]*$/ }).waitFor();

    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await page.getByRole('link', { name: 'Podcasts' }).waitFor();
    expect(await page.getByRole('link', { name: 'VC Database' }).getAttribute('aria-current')).toBe('page');
    await screenshot(page, 'prerendered-find-vc-hydrated-phone', { fullPage: false });
    expect(errors).toEqual([]);
    await context.close();
  });
});
