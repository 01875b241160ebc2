import { describe, expect, it } from 'vitest';
import { ACCOUNTS, browserPerFile, e2e, expectAccessible, screenshot } from './support/browser';
import { emptyCart, expectToast, logIn } from './support/flows';

const browser = browserPerFile();

describe('finding investors in Chromium against the local home', () => {
  it("goes from the home page's Angel link to a combined search typed in the box, to a profile, to adding all results", async () => {
    const { page, context } = await browser.newPage();
    await logIn(page, ACCOUNTS.founder);
    await emptyCart(page);

    // 1. The directory home's investor types link to a search by role.
    await page.goto(`${e2e.appUrl}/find-vc`);
    await page.getByRole('link', { name: /^Angel\s*[\d,]+$/ }).click();
    await page.waitForURL(/\/investors\/search\?role=angel$/);
    const header = page.getByRole('heading', { name: /^Search Results \(\d+\)$/ });
    await header.waitFor();
    const filters = page.getByRole('list', { name: 'Active filters' });
    await filters.getByText('Type: Angel', { exact: true }).waitFor();
    const count = async () => Number(/\((\d+)\)/.exec((await header.textContent()) ?? '')?.[1]);
    const angels = await count();
    expect(angels).toBeGreaterThan(0);
    // The panel counts the types over the other filters (none here): Angel's count is the result count.
    const types = page.getByRole('region', { name: 'Investor type' });
    await expect
      .poll(() => types.getByRole('button', { name: /^Angel / }).textContent())
      .toBe(`Angel ${angels.toLocaleString('en-US')}`);
    await screenshot(page, 'find-1-role-link', { fullPage: false });

    // 2. A stage typed in the spec's syntax, then a name: filters combine, each one in the URL.
    const box = page.getByRole('combobox', { name: 'Search' });
    await box.fill('stageFocus:seed');
    await box.press('Enter');
    await filters.getByText('Stage: Seed').waitFor();
    await expect.poll(count).toBeLessThan(angels);
    const angelSeeds = await count();
    await box.fill('ad');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/q=ad/);
    expect(new URL(page.url()).searchParams.get('role')).toBe('angel');
    expect(new URL(page.url()).searchParams.get('stageFocus')).toBe('seed');
    // The name's results are in when the count has dropped again and the list shows that many cards.
    await expect.poll(count).toBeLessThan(angelSeeds);
    const cards = page.locator('article.investor-card');
    await expect.poll(async () => (await cards.count()) === Math.min(await count(), 50)).toBe(true);
    for (const card of await cards.all()) {
      const text = (await card.textContent()) ?? '';
      expect(text).toMatch(/Angel/);
      expect(text).toMatch(/Seed/);
      // Every word typed is the start of a word of the name or the firm.
      const nameAndFacts = `${await card.locator('h2').textContent()} ${await card.locator('.investor-facts').textContent()}`;
      expect(nameAndFacts).toMatch(/(^|[^\p{L}])ad/iu);
    }
    await expectAccessible(page);
    await screenshot(page, 'find-2-combined-search', { fullPage: false });

    // 3. A profile, then back to the same search (the URL holds it).
    const name = (await cards.first().locator('h2').textContent())?.trim() ?? '';
    await cards.first().getByRole('link', { name }).click();
    await page.waitForURL(/\/investors\/[A-Za-z0-9_-]+$/);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await screenshot(page, 'find-3-profile', { fullPage: false });
    await page.goBack();
    await page.waitForURL(/q=ad/);
    await filters.getByText('Stage: Seed').waitFor();

    // 4. Every result of the combined search into the cart, after a confirmation.
    const results = await count();
    await page.getByRole('button', { name: 'Add All Results to Export Cart' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/will be added\. Your cart will then hold/).waitFor();
    await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await screenshot(page, 'find-4-add-all-results', { fullPage: false });
    await dialog.getByRole('button', { name: /^Add [\d,]+ investors?$/ }).click();
    await expectToast(
      page,
      `${results.toLocaleString('en-US')} investor${results === 1 ? '' : 's'} added to your export cart`,
    );
    await context.close();
  });

  it('filters from the panel with counts, by cheque range and contact kind, and sorts by recently updated', async () => {
    const { page, context } = await browser.newPage();
    await page.goto(`${e2e.appUrl}/investors/search?sectorFocus=ai`);
    const header = page.getByRole('heading', { name: /^Search Results \(\d+\)$/ });
    await header.waitFor();
    const count = async () => Number(/\((\d+)\)/.exec((await header.textContent()) ?? '')?.[1]);

    // A country's count is what clicking it finds.
    const countries = page.getByRole('region', { name: 'Country' });
    const germany = countries.getByRole('button', { name: /^Germany / });
    const expected = Number(((await germany.textContent()) ?? '').replace(/\D/g, ''));
    await germany.click();
    await page.waitForURL(/country=germany/i);
    await expect.poll(count).toBe(expected);

    await page.getByRole('spinbutton', { name: 'Minimum cheque' }).fill('250000');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/checkMin=250000/);
    // The box follows the URL, which changes just after the click: click, then wait for the URL.
    await page.getByRole('checkbox', { name: /Has phone/ }).click();
    await page.waitForURL(/has=phone/);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('updated');
    await page.waitForURL(/sort=updated/);
    // Each choice built on the one before it: none was dropped by a click that came quickly after.
    const chosen = new URL(page.url()).searchParams;
    expect([
      chosen.get('sectorFocus'),
      chosen.get('checkMin'),
      chosen.get('has'),
      chosen.get('country'),
    ]).toEqual(['ai', '250000', 'phone', expect.stringMatching(/^germany$/i)]);
    // The header keeps the last count until the new results are in.
    await expect.poll(count).toBeLessThan(expected);
    const narrowed = await count();
    expect(narrowed).toBeGreaterThan(0);

    // The back button undoes one step at a time.
    await page.goBack();
    await page.waitForURL((url) => !url.search.includes('sort=updated'));
    await page.getByRole('button', { name: 'Remove Has phone' }).click();
    await expect.poll(count).toBeGreaterThanOrEqual(narrowed);
    await context.close();
  });

  for (const view of [
    { name: 'desktop', viewport: { width: 1280, height: 900 } },
    { name: 'phone', viewport: { width: 390, height: 844 } },
  ]) {
    it(`finds a filter value by a typo or a synonym in the panel's type-aheads (issue 49), at ${view.viewport.width} px`, async () => {
      const { page, context } = await browser.newPage({ viewport: view.viewport });
      await page.goto(`${e2e.appUrl}/investors/search?role=vc`);
      await page.getByRole('heading', { name: /^Search Results \(\d+\)$/ }).waitFor();
      // On a phone the filters open in a sheet over the results.
      if (view.name === 'phone') {
        await page.getByRole('button', { name: /^Filters/ }).click();
        await page.getByRole('dialog', { name: 'Filters' }).waitFor();
      }

      // A sector misspelt: "Did you mean Robotics?", and choosing it filters by Robotics.
      const sector = page.getByRole('combobox', { name: 'Find a sector' });
      await sector.pressSequentially('robotcs');
      await page.getByText('Did you mean Robotics?', { exact: true }).waitFor();
      // Only values some investor carries, each with how many carry it.
      const robotics = page.getByRole('option', { name: /^Robotics [\d,]+$/ });
      await robotics.waitFor();
      await expectAccessible(page);
      await screenshot(page, `filter-finder-typo-${view.name}`, { fullPage: false });
      await sector.press('Enter');
      await page.waitForURL(/sectorFocus=robotics/i);
      expect(new URL(page.url()).searchParams.get('role')).toBe('vc');

      // A synonym: "supply chain" finds Logistics.
      await sector.pressSequentially('supply chain');
      await page.getByRole('option', { name: /^Logistics [\d,]+$/ }).waitFor();
      await sector.press('Enter');
      await page.waitForURL(/sectorFocus=logistics/i);

      // The stage and the country finders forgive a typo the same way.
      const stage = page.getByRole('combobox', { name: 'Find a stage' });
      await stage.pressSequentially('seris a');
      await page.getByRole('option', { name: /^Series A [\d,]+$/ }).waitFor();
      await stage.press('Enter');
      await page.waitForURL(/stageFocus=series/i);
      const country = page.getByRole('combobox', { name: 'Find a country' });
      await country.pressSequentially('Germny');
      await page.getByText('Did you mean Germany?', { exact: true }).waitFor();
      await country.press('Enter');
      await page.waitForURL(/country=germany/i);
      // The finder keeps the focus and lists every country again; Escape closes that list.
      await country.press('Escape');
      await expect.poll(() => country.getAttribute('aria-expanded')).toBe('false');
      const chosen = new URL(page.url()).searchParams;
      expect([chosen.get('role'), chosen.get('sectorFocus'), chosen.get('country')]).toEqual([
        'vc',
        expect.stringMatching(/^logistics$/i),
        expect.stringMatching(/^germany$/i),
      ]);
      await page.getByRole('heading', { name: /^Search Results \(\d+\)$/ }).waitFor();
      await expectAccessible(page);
      await context.close();
    });
  }
});
