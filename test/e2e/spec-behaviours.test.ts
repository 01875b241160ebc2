import { describe, expect, it } from 'vitest';
import { browserPerFile, e2e, screenshot, untilStill } from './support/browser';

const browser = browserPerFile();

/**
 * The spec's behaviours that only a real browser shows whole (issue 50): Bootstrap's own CSS hides
 * the folded menu, and the back button changes the route without any click in the menu.
 */
describe('the navbar on a phone (spec section 2: it collapses on route change)', () => {
  it('folds its open menu when the back button changes the route', async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const nav = page.getByRole('navigation', { name: 'Main' });
    const toggle = nav.getByRole('button', { name: 'Toggle navigation' });
    const podcasts = nav.getByRole('link', { name: 'Podcasts' });

    await page.goto(`${e2e.appUrl}/about`);
    await page.getByRole('main').getByRole('link', { name: 'See the prices' }).click();
    await page.waitForURL(/\/pricing$/);

    await toggle.click();
    await podcasts.waitFor({ state: 'visible' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await screenshot(page, 'navbar-phone-open', { fullPage: false });

    await page.goBack();
    await page.waitForURL(/\/about$/);
    await podcasts.waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await untilStill(page);
    await screenshot(page, 'navbar-phone-after-back', { fullPage: false });
    await context.close();
  });
});
