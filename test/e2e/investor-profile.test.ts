import { describe, expect, it } from 'vitest';
import { cartTierSummary } from '../../shared/cart/pricing';
import { ACCOUNTS, browserPerFile, e2e, expectAccessible, screenshot } from './support/browser';
import { emptyCart, expectToast, logIn, registerNewFounder } from './support/flows';

const browser = browserPerFile();

/** A value's source in a founder's words, with its month (issue 50, shared/investors/provenance.ts). */
const VALUE_SOURCE =
  /^(From an import|From the investor, confirmed|From the investor's own profile|Corrected by our team),? [A-Z][a-z]{2} 20\d{2}$/;
const FACTS_SOURCE = /: From (an import|the investor, confirmed),? [A-Z][a-z]{2} 20\d{2}$/;

describe('deciding on an investor in Chromium against the local home', () => {
  it('reads title, firm, places and cheque on a result card, opens the profile and adds the investor', async () => {
    const { page, context } = await browser.newPage();
    await logIn(page, ACCOUNTS.founder);
    await emptyCart(page);

    await page.goto(`${e2e.appUrl}/investors/search?stageFocus=series%20a`);
    const card = page.locator('article.investor-card').first();
    await card.waitFor();
    // Every demo investor has a title, a firm (an angel its angel group), places and a cheque range.
    const facts = card.locator('.investor-facts');
    await expect.poll(() => facts.textContent()).toMatch(/ · .+Cheque \$/);
    // The searched stage comes first (highlighted, spec section 2's tag lists); the others follow in the
    // founders' order and display case.
    const stages = await card
      .getByRole('list', { name: /^Stages of / })
      .getByRole('link')
      .allTextContents();
    const order = ['Pre-Seed', 'Seed', 'Series A', 'Series B', 'Series C+', 'Growth'];
    expect(stages[0]).toBe('Series A');
    const ranks = stages.slice(1).map((stage) => order.indexOf(stage));
    expect(ranks.every((rank) => rank >= 0)).toBe(true);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    await screenshot(page, 'search-cards-with-facts', { fullPage: false });

    const name = (await card.locator('h2').textContent())?.trim() ?? '';
    await card.getByRole('link', { name }).click();
    await page.waitForURL(/\/investors\/[A-Za-z0-9_-]+$/);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByText('Cheque size').waitFor();
    await page.getByRole('list', { name: 'Contact details in an export' }).waitFor();
    // Where each value came from and when (issue 50), before buying: never the value.
    const sources = page.getByRole('list', { name: 'Where each contact detail comes from' });
    await sources.getByText(VALUE_SOURCE).first().waitFor();
    expect(await sources.textContent()).not.toMatch(/@|https?:/);
    await expect.poll(() => page.getByTestId('facts-source').textContent()).toMatch(FACTS_SOURCE);
    await expectAccessible(page);
    await screenshot(page, 'investor-profile');
    // At 390 px the sources read the same and the page is no wider than the phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await sources.getByText(VALUE_SOURCE).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'investor-profile-sources-phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Add to Export Cart' }).click();
    await expectToast(page, `${name} added to your export cart`);
    await page.getByText('In cart', { exact: true }).waitFor();
    await context.close();
  });

  it('adds every result of a search to the cart after a confirmation that names the count and the price', async () => {
    const { page, context } = await browser.newPage();
    // A founder of its own: the cart is kept on the server, and the shared demo founder's cart is
    // written by other files' tests running at the same time.
    await registerNewFounder(page, 'add-all');
    await page.goto(`${e2e.appUrl}/investors/search?sectorFocus=robotics`);
    const header = page.getByRole('heading', { name: /^Search Results \(\d+\)$/ });
    await header.waitFor();
    const total = Number(/\((\d+)\)/.exec((await header.textContent()) ?? '')?.[1]);

    await page.getByRole('button', { name: 'Add All Results to Export Cart' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/will be added\. Your cart will then hold/).waitFor();
    // Bootstrap fades the dialog in: take the picture once it is fully shown.
    await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await screenshot(page, 'add-all-results', { fullPage: false });
    const added = Number(
      /^([\d,]+) investors? will be added/
        .exec((await dialog.locator('p').first().textContent()) ?? '')?.[1]
        ?.replace(/,/g, ''),
    );
    expect(added).toBeGreaterThan(0);
    expect(added).toBeLessThanOrEqual(total);
    await dialog.getByRole('button', { name: /^Add [\d,]+ investors?$/ }).click();
    await expectToast(
      page,
      `${added.toLocaleString('en-US')} investor${added === 1 ? '' : 's'} added to your export cart`,
    );

    // The founder's cart is kept on the server (issue 32): after a reload it still holds them all.
    await page.getByText(cartTierSummary(added)).first().waitFor();
    await page.reload();
    await page.getByText(cartTierSummary(added)).first().waitFor();
    await context.close();
  });
});
