import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cartTierSummary } from '../../shared/cart/pricing';
import { messages } from '../../shared/messages';
import { FIRST_STEP_TITLE } from '../../web/components/first-step';
import { loginToAddNotice } from '../../web/stores/use-add-to-cart';
import { browserPerFile, e2e, expectAccessible, screenshot } from './support/browser';
import { expectToast, registerNewFounder } from './support/flows';

/**
 * Issue 32 in Chromium against the local home, at desktop and phone width: an add made while signed
 * out survives the login, the founder's cart follows them to another browser, and prices and a first
 * step are there before the cart.
 */
const browser = browserPerFile();

const VIEWS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

const PASSWORD = 'e2e-password-1';

/** The page never scrolls sideways (WCAG 1.4.10). */
async function expectNoSidewaysScroll(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function logInHere(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** The navbar's cart count (beside the menu button on a phone, in the menu on a desktop). */
const cartCount = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Main' })
    .locator('a.nav-link:visible', { hasText: 'Cart' })
    .first()
    .locator('.badge')
    .textContent({ timeout: 2_000 })
    .catch(() => '');

describe.each(VIEWS)("a founder's cart on the server: $name", (view) => {
  it('keeps an add made while signed out through the login, and shows the cart in a second browser', async () => {
    // A founder who registered earlier (and verified), then signed out.
    const setup = await browser.newPage({ viewport: view.viewport });
    const email = await registerNewFounder(setup.page, `cart-${view.name}`);
    // Right after verifying: the first step, instead of nothing.
    await setup.page.getByRole('region', { name: FIRST_STEP_TITLE }).waitFor();
    await expectAccessible(setup.page);
    await screenshot(setup.page, `first-step-${view.name}`, { fullPage: false });
    await setup.context.close();

    // 1. Signed out, the founder finds an investor and adds them: taken to log in, the choice kept.
    const first = await browser.newPage({ viewport: view.viewport });
    const { page } = first;
    await page.goto(`${e2e.appUrl}/investors/search?stageFocus=seed`);
    const card = page.locator('article.investor-card').first();
    await card.waitFor();
    const name = ((await card.locator('h2').textContent()) ?? '').trim();
    await card.getByRole('button', { name: 'Add to Export Cart' }).click();
    await page.waitForURL(/\/login$/);
    const notice = page.getByText(loginToAddNotice(name));
    await notice.waitFor();
    expect(await notice.textContent()).toContain(messages.loginToAddToCart);
    await expectAccessible(page);
    await screenshot(page, `login-to-add-${view.name}`, { fullPage: false });

    // 2. After logging in, back on the search with the add done.
    await logInHere(page, email);
    await page.waitForURL(/\/investors\/search\?stageFocus=seed$/);
    await expectToast(page, `${name} added to your export cart`);
    await card.getByText('In cart').waitFor();
    await page.getByText(cartTierSummary(1)).first().waitFor();
    await expect.poll(() => cartCount(page)).toMatch(/^1/);
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await screenshot(page, `pending-add-done-${view.name}`, { fullPage: false });

    // 3. Another browser (a fresh context: no storage shared): the same cart, from the server.
    const second = await browser.newPage({ viewport: view.viewport });
    await second.page.goto(`${e2e.appUrl}/login`);
    await logInHere(second.page, email);
    await second.page.waitForURL(/\/home$/);
    await second.page.goto(`${e2e.appUrl}/cart`);
    await second.page.getByRole('button', { name: 'Save Cart & Purchase' }).waitFor();
    await expect.poll(() => second.page.locator('table tbody tr').count()).toBe(1);
    expect(await second.page.locator('table').textContent()).toContain(name);
    await expectAccessible(second.page);
    await screenshot(second.page, `cart-second-browser-${view.name}`, { fullPage: false });

    // 4. An add in the second browser reaches the first when it comes back to the front.
    await second.page.goto(`${e2e.appUrl}/investors/search?stageFocus=seed`);
    const other = second.page.locator('article.investor-card').nth(1);
    await other.getByRole('button', { name: 'Add to Export Cart' }).click();
    await other.getByText('In cart').waitFor();
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.locator('article.investor-card').nth(1).getByText('In cart').waitFor();
    await page.getByText(cartTierSummary(2)).first().waitFor();

    await second.context.close();
    await first.context.close();
  });

  it('shows the prices before anything is in the cart', async () => {
    const { page, context } = await browser.newPage({ viewport: view.viewport });
    await page.goto(`${e2e.appUrl}/home`);
    await page.getByRole('link', { name: 'see prices' }).click();
    await page.waitForURL(/\/pricing$/);
    const tiers = page.getByRole('list', { name: 'Price tiers' }).getByRole('listitem');
    await expect
      .poll(() => tiers.allTextContents())
      .toEqual([
        'Up to 50 contacts$5.00',
        '51 to 250 contacts$15.00',
        '251 to 1,000 contacts$25.00',
        '1,001 to 2,500 contacts$50.00',
      ]);
    await page.getByRole('heading', { name: '12 months of free updates' }).waitFor();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await screenshot(page, `pricing-${view.name}`);

    // The footer links the pages about the service; About explains it.
    await page
      .getByRole('navigation', { name: 'About the service' })
      .getByRole('link', { name: 'About' })
      .click();
    await page.waitForURL(/\/about$/);
    await page.getByRole('heading', { name: 'Where the data comes from' }).waitFor();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await screenshot(page, `about-${view.name}`);
    await context.close();
  });
});
