import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURCHASE_STATE_MESSAGES } from '../../shared/cart/purchase-state';
import { CRM_EXPORT_LABEL, LIBRARY_SEARCH_LABEL } from '../../web/pages/account/contact-library';
import { YOUR_CONTACT_DETAILS } from '../../web/pages/investor-profile/bought-contact';
import { browserPerFile, e2e, expectAccessible, screenshot } from './support/browser';
import { registerNewFounder } from './support/flows';

/**
 * Bought contacts are useful (issue 32), in Chromium against the local home: after a purchase the
 * Contact Library takes the page's width at 1280 px with a firm column and a search, and shows
 * cards at 390 px; the profile of a bought investor shows the values bought and when; the CRM
 * export downloads; and on a phone the search's filters open in a sheet with "Show N results".
 */
const browser = browserPerFile();

/** A value's source in a founder's words, with its month (issue 50, shared/investors/provenance.ts). */
const VALUE_SOURCE =
  /^(From an import|From the investor, confirmed|From the investor's own profile|Corrected by our team),? [A-Z][a-z]{2} 20\d{2}$/;

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

let page: Page;
let context: BrowserContext;
const bought: { name: string; id: string }[] = [];

const pageIsWiderThanWindow = (p: Page) =>
  p.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

beforeAll(async () => {
  ({ page, context } = await browser.newPage({ viewport: DESKTOP }));
});

afterAll(async () => {
  await context?.close();
});

describe('the Contact Library after a purchase', () => {
  it('buys three investors with their phones, chosen by default (the steps below use this purchase)', async () => {
    await registerNewFounder(page, 'library');

    // Three investors with a phone, bought with the phone column too.
    // A synonym of the sector, as links carry it: searched once, by the taxonomy's spelling.
    await page.goto(`${e2e.appUrl}/investors/search?sectorFocus=agtech&has=phone`);
    await page.getByRole('heading', { name: /^Search Results/ }).waitFor();
    const cards = page.locator('article.investor-card');
    for (const i of [0, 1, 2]) {
      const card = cards.nth(i);
      const name = ((await card.locator('h2').textContent()) ?? '').trim();
      const href = (await card.locator('a[href^="/investors/"]').first().getAttribute('href')) ?? '';
      bought.push({ name, id: href.split('/').pop() ?? '' });
      await card.getByRole('button', { name: 'Add to Export Cart' }).click();
      await card.getByText('In cart').waitFor();
    }
    await page.goto(`${e2e.appUrl}/cart`);
    // A new cart exports the whole contact: the phone column is chosen already.
    await page
      .getByRole('list', { name: 'Selected' })
      .getByRole('button', { name: /^Phone/ })
      .waitFor();
    await page.getByRole('button', { name: 'Save Cart & Purchase' }).click();
    await page.waitForURL(/\/cart\/cart_/);
    const [checkout] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: /^Pay \$5\.00/ }).click(),
    ]);
    await checkout.waitForLoadState();
    await checkout.getByRole('button', { name: 'Pay $5.00' }).click();
    await checkout.getByRole('heading', { name: 'Payment complete' }).waitFor();
    await checkout.close();
    await page.getByText(PURCHASE_STATE_MESSAGES.delivered ?? '').waitFor({ timeout: 60_000 });
    expect(bought.map((b) => b.id).every(Boolean)).toBe(true);
  }, 240_000);

  it('takes the whole width at 1280 px, with a firm column and a search', async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${e2e.appUrl}/account/settings`);
    const library = page.locator('.contact-library');
    const table = library.getByRole('table');
    await table.waitFor();
    for (const { name } of bought) await table.getByRole('link', { name, exact: true }).waitFor();
    // As wide as the page's content column (not a side column), and nothing cut off.
    const [libraryBox, containerBox] = await Promise.all([
      library.boundingBox(),
      page.locator('main .container').first().boundingBox(),
    ]);
    expect(libraryBox?.width ?? 0).toBeGreaterThan((containerBox?.width ?? 0) - 40);
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Name',
      'Firm',
      'Email',
      'LinkedIn',
      'Phone',
      'Bought',
      'Pipeline and report',
    ]);
    const report = table.getByRole('button', { name: `Report wrong data: ${bought[0]?.name}` });
    const reportBox = await report.boundingBox();
    expect((reportBox?.x ?? 0) + (reportBox?.width ?? 0)).toBeLessThanOrEqual(
      (libraryBox?.x ?? 0) + (libraryBox?.width ?? 0),
    );
    // Where each value came from and when (issue 50), under the value: the demo's values are imported.
    const firstRow = table.getByRole('row', { name: new RegExp(bought[0]?.name ?? '') });
    await firstRow.getByText(VALUE_SOURCE).first().waitFor();
    expect(await pageIsWiderThanWindow(page)).toBe(false);
    await expectAccessible(page);
    await screenshot(page, 'library-desktop');

    // The search narrows the list to the contact named.
    const target = bought[1]?.name ?? '';
    await page.getByLabel(LIBRARY_SEARCH_LABEL).fill(target);
    await expect.poll(async () => (await table.getByRole('row').count()) - 1, { timeout: 15_000 }).toBe(1);
    await table.getByRole('link', { name: target, exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('library-count').textContent()).toMatch(/ match “/);
    await expectAccessible(page);
    await screenshot(page, 'library-desktop-search');
  });

  it('shows cards at 390 px, the page no wider than the phone', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(`${e2e.appUrl}/account/settings`);
    const cards = page.getByRole('list', { name: 'Your contacts' });
    await cards.waitFor();
    expect(await page.locator('.contact-library table').count()).toBe(0);
    expect(await cards.getByRole('listitem').count()).toBe(bought.length);
    await cards.getByRole('heading', { name: bought[0]?.name }).waitFor();
    await cards.getByRole('listitem').first().getByText(VALUE_SOURCE).first().waitFor();
    expect(await pageIsWiderThanWindow(page)).toBe(false);
    await expectAccessible(page);
    await screenshot(page, 'library-phone');
  });

  it("shows the bought values and when on the investor's profile, instead of Add", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto(`${e2e.appUrl}/investors/${bought[0]?.id}`);
      await page.getByRole('heading', { level: 1, name: bought[0]?.name }).waitFor();
      const details = page.getByRole('region', { name: YOUR_CONTACT_DETAILS });
      await details.waitFor();
      expect(await details.getByRole('link').filter({ hasText: '@' }).count()).toBe(1);
      expect(await details.getByText('Phone').count()).toBe(1);
      // Each bought value says where it came from (issue 50).
      await details.getByText(VALUE_SOURCE).first().waitFor();
      // The date in the reader's own format (web/components/dates.ts).
      await page.getByText(/^Bought \S.*\b20\d{2}$/).waitFor();
      expect(await page.getByRole('button', { name: 'Add to Export Cart' }).count()).toBe(0);
      expect(await page.getByText('In cart', { exact: true }).count()).toBe(0);
      expect(await pageIsWiderThanWindow(page)).toBe(false);
      await expectAccessible(page);
      await screenshot(page, `profile-bought-${viewport.width}`);
    }
  });

  it('downloads the whole library as a HubSpot import file', async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${e2e.appUrl}/account/settings`);
    await page.locator('.contact-library table').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `${CRM_EXPORT_LABEL}: HubSpot CSV` }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^contacts-hubspot-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parse(readFileSync((await download.path()) ?? '', 'utf8'), { bom: true }) as string[][];
    expect(rows[0]?.slice(0, 6)).toEqual([
      'First Name',
      'Last Name',
      'Email',
      'Phone Number',
      'Company Name',
      'Job Title',
    ]);
    expect(rows).toHaveLength(bought.length + 1);
    const names = rows.slice(1).map((row) => `${row[0]} ${row[1]}`.trim());
    expect(names.sort()).toEqual(bought.map((b) => b.name).sort());
    // Phone numbers arrive as they are: no apostrophe.
    for (const row of rows.slice(1)) expect(row[3]).toMatch(/^\+?[\d (]/);
  });
});

describe('the search filters on a phone', () => {
  it('open in a sheet with "Show N results", close with it or Escape, and give focus back', async () => {
    const { page: phone, context: phoneContext } = await browser.newPage({ viewport: PHONE });
    await phone.goto(`${e2e.appUrl}/investors/search?sectorFocus=fintech`);
    const heading = phone.getByRole('heading', { name: /^Search Results \(\d+\)$/ });
    await heading.waitFor();
    const count = (text: string | null) =>
      Number(/\(([\d,]+)\)/.exec(text ?? '')?.[1]?.replace(/,/g, '') ?? NaN);
    const before = count(await heading.textContent());
    // The results come first: no panel pushes them down.
    expect(await phone.getByRole('region', { name: 'Investor type' }).count()).toBe(0);
    const resultsTop = (await phone.locator('article.investor-card').first().boundingBox())?.y ?? Infinity;
    expect(resultsTop).toBeLessThan(PHONE.height);

    const filters = phone.getByRole('button', { name: /^Filters/ });
    await filters.click();
    const sheet = phone.getByRole('dialog', { name: 'Filters' });
    await sheet.waitFor();
    await sheet.getByRole('button', { name: `Show ${before.toLocaleString('en-US')} results` }).waitFor();
    await expectAccessible(phone);
    await screenshot(phone, 'search-filter-sheet-phone', { fullPage: false });

    // A filter chosen in the sheet: the count follows, and the button shows that many.
    const type = sheet.getByRole('region', { name: 'Investor type' });
    const first = type.getByRole('button').first();
    const label = (await first.textContent()) ?? '';
    const expected = Number(/([\d,]+)\s*$/.exec(label)?.[1]?.replace(/,/g, '') ?? NaN);
    await first.click();
    const show = sheet.getByRole('button', {
      name: new RegExp(`^Show ${expected.toLocaleString('en-US')} results?$`),
    });
    await show.waitFor();
    await show.click();
    await sheet.waitFor({ state: 'detached' });
    // Nothing is left over the results.
    await phone.locator('.offcanvas-backdrop').waitFor({ state: 'detached' });
    await expect.poll(async () => count(await heading.textContent())).toBe(expected);
    await expect
      .poll(() => phone.evaluate(() => document.activeElement?.textContent ?? ''))
      .toMatch(/^Filters/);

    await filters.click();
    await sheet.waitFor();
    await phone.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    await phone.locator('.offcanvas-backdrop').waitFor({ state: 'detached' });
    await expect
      .poll(() => phone.evaluate(() => document.activeElement?.textContent ?? ''))
      .toMatch(/^Filters/);
    expect(await pageIsWiderThanWindow(phone)).toBe(false);
    await screenshot(phone, 'search-filtered-phone', { fullPage: false });
    await phoneContext.close();
  });
});
