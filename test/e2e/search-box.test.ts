import { describe, expect, it } from 'vitest';
import { browserPerFile, e2e, expectAccessible, screenshot } from './support/browser';

const browser = browserPerFile();

/** A surname of the demo directory (six letters or more, plain letters), read from the API as a founder's search would. */
async function aSurname(): Promise<string> {
  const response = await fetch(`${e2e.gatewayUrl}/investors?role=vc&limit=100`);
  const { data } = (await response.json()) as { data: { items: { name: string }[] } };
  const word = data.items
    .map((item) => item.name.split(' ').pop() ?? '')
    .find((last) => /^[A-Za-z]{6,}$/.test(last));
  if (!word) throw new Error('the demo directory has no surname of six plain letters among its first VCs');
  return word;
}

/** The word with its last two letters swapped: one typo, which a word of five letters or more forgives. */
const swapped = (word: string) => `${word.slice(0, -2)}${word.at(-1)}${word.at(-2)}`.toLowerCase();

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

describe('the search box in Chromium against the local home', () => {
  for (const { name, viewport } of VIEWPORTS) {
    it(`finds an investor through a typo and says "Did you mean", then opens a suggestion chosen with the keyboard (${viewport.width} px)`, async () => {
      const surname = await aSurname();
      const typo = swapped(surname);
      const { page, context } = await browser.newPage({ viewport });
      await page.goto(`${e2e.appUrl}/investors/search`);
      const box = page.getByRole('combobox', { name: 'Search' });

      // 1. The typo, searched with Enter: the investors of that name, and the word meant as a link.
      // Enter with no suggestion chosen searches the words typed (Escape would clear a search field
      // while no list is open, as browsers do).
      await box.fill(typo);
      await box.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('q') === typo);
      const didYouMean = page.getByText(/^Did you mean/);
      await didYouMean.waitFor();
      expect(await didYouMean.textContent()).toBe(`Did you mean ${surname.toLowerCase()}?`);
      const cards = page.locator('article.investor-card');
      await cards.first().waitFor();
      expect(await cards.first().locator('h2').textContent()).toContain(surname);
      await expectAccessible(page);
      await screenshot(page, `search-box-did-you-mean-${name}`, { fullPage: false });

      // 2. The link searches the word meant: no more "Did you mean".
      await page.getByRole('link', { name: surname.toLowerCase(), exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('q') === surname.toLowerCase());
      await expect.poll(() => page.getByText(/^Did you mean/).count()).toBe(0);

      // 3. Suggestions as the founder types, chosen with the keyboard.
      await box.fill('');
      const prefix = surname.slice(0, 4).toLowerCase();
      // The list for the whole prefix, not one of the shorter ones before it.
      const answered = page.waitForResponse((response) =>
        response.url().includes(`/directory/suggestions?q=${prefix}`),
      );
      await box.pressSequentially(prefix, { delay: 40 });
      await answered;
      const list = page.getByRole('listbox', { name: 'Suggestions' });
      await list.waitFor();
      expect(await box.getAttribute('aria-expanded')).toBe('true');
      const options = list.getByRole('option');
      await expect.poll(() => options.count()).toBeGreaterThan(0);
      await box.press('ArrowDown');
      const activeId = await box.getAttribute('aria-activedescendant');
      expect(activeId).toBeTruthy();
      const chosen = page.locator(`[id="${activeId}"]`);
      expect(await chosen.getAttribute('aria-selected')).toBe('true');
      const chosenText = (await chosen.textContent()) ?? '';
      await expectAccessible(page);
      await screenshot(page, `search-box-suggestions-${name}`, { fullPage: false });
      // The first suggestion is an investor whose name starts with what was typed: Enter opens their profile.
      expect(chosenText).toMatch(/Investor/);
      await box.press('Enter');
      await page.waitForURL(/\/investors\/inv_[A-Za-z0-9_-]+$/);
      const heading = page.getByRole('heading', { level: 1 });
      await heading.waitFor();
      expect(chosenText.startsWith((await heading.textContent()) ?? '-')).toBe(true);
      await context.close();
    });
  }

  for (const { name, viewport } of VIEWPORTS) {
    it(`shows the exact total with the close matches apart, and says when only close ones match (${viewport.width} px)`, async () => {
      // What the API answers for the founder's words: exact matches counted, close ones apart.
      const answer = async (query: string) => {
        const response = await fetch(`${e2e.gatewayUrl}/investors?${query}&limit=1`);
        return ((await response.json()) as { data: { total: number; closeMatches: number } }).data;
      };
      const exact = await answer('q=healthtech');
      // The demo directory holds thesis words that start with or are spelt near "healthtech".
      expect(exact.closeMatches).toBeGreaterThan(0);
      const { page, context } = await browser.newPage({ viewport });
      await page.goto(`${e2e.appUrl}/investors/search?q=healthtech`);
      const header = page.getByRole('heading', { name: /^Search Results/ });
      await expect.poll(() => header.textContent()).toBe(`Search Results (${exact.total})`);
      const alsoClose = page.getByTestId('also-close');
      expect(await alsoClose.textContent()).toContain(
        `Also close: ${exact.closeMatches.toLocaleString('en-US')} more that match part of your words`,
      );
      // Typed words are ordered by best match unless the founder chooses another order (on a phone
      // the order is in the filters' sheet).
      if (viewport.width >= 992) expect(await page.getByLabel('Sort by').inputValue()).toBe('best');
      await expectAccessible(page);
      await screenshot(page, `search-exact-total-${name}`, { fullPage: false });

      // Shown on request: counted with the exact ones.
      await alsoClose.getByRole('link', { name: 'Show them too' }).click();
      await page.waitForURL((url) => url.searchParams.get('close') === 'include');
      await expect
        .poll(() => header.textContent())
        .toBe(`Search Results (${exact.total + exact.closeMatches})`);

      // Nothing exact: the close matches are the answer, and the page says so beside "Did you mean".
      await page.goto(`${e2e.appUrl}/investors/search?q=${encodeURIComponent('seris a')}`);
      await page.getByTestId('no-exact-match').waitFor();
      expect(await page.getByTestId('no-exact-match').textContent()).toBe(
        'No exact match for “seris a”; showing close matches.',
      );
      await page.getByText(/^Did you mean/).waitFor();
      await screenshot(page, `search-close-only-${name}`, { fullPage: false });
      await context.close();
    });
  }
});
