import { describe, expect, it } from 'vitest';
import { generateDemoInvestors } from '../../infra/local/demo/investors';
import { demoProfileOf } from '../../infra/local/seed';
import { deployingFacts, lastDealWords, stageDealsWords } from '../../shared/investors/deploying';
import { formatPartialDate, thesisLine } from '../../shared/investors/profile-facts';
import { ACCOUNTS, browserPerFile, e2e, expectAccessible, screenshot } from './support/browser';
import { logIn } from './support/flows';

const browser = browserPerFile();

/**
 * Profiles worth reading (issue 33) in Chromium against the local home: a founder reads a demo
 * investor's whole thesis, portfolio and recent investments on the profile page, and a card's
 * one-line thesis in search, at 1280 and 390 px, with axe. The investor is the README's: the first
 * demo VC with an email, a thesis, a portfolio and recent investments (Caio Souza).
 */
const demo = generateDemoInvestors(2400);
const readmeIndex = demo.findIndex((investor, i) => {
  const profile = demoProfileOf(investor, i);
  return (
    investor.kind === 'VC' &&
    investor.email !== null &&
    profile.thesis !== null &&
    profile.portfolio.length >= 5 &&
    profile.recentInvestments.length >= 2 &&
    profile.website !== null &&
    profile.typicalCheque !== null &&
    profile.investsIn.length > 0 &&
    profile.leadOrFollow !== null
  );
});
const investor = demo[readmeIndex];
if (!investor?.email) throw new Error('the demo directory has no investor with a full profile');
const profile = demoProfileOf(investor, readmeIndex);

/** The investor's id, as the public search gives it (ids are random, never computed from an email: issue 48). */
async function investorIdOf(name: string): Promise<string> {
  const response = await fetch(`${e2e.appUrl}/api/investors?q=${encodeURIComponent(name)}&limit=20`);
  const search = (await response.json()) as { data: { items: { id: string; name: string }[] } };
  const card = search.data.items.find((item) => item.name === name);
  if (!card) throw new Error(`the public search does not find ${name}`);
  return card.id;
}

describe('a founder reads an investor profile worth reading', () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`reads the thesis, portfolio and recent investments on the profile at ${viewport.width} px`, async () => {
      const { page, context } = await browser.newPage({ viewport });
      await logIn(page, ACCOUNTS.founder);
      await page.goto(`${e2e.appUrl}/investors/${await investorIdOf(investor.name)}`);
      await page.getByRole('heading', { level: 1, name: investor.name }).waitFor();

      await page.getByRole('heading', { level: 2, name: 'Thesis' }).waitFor();
      const thesis = page.locator('.investor-thesis');
      expect((await thesis.innerText()).replace(/\s+/g, ' ').trim()).toBe(
        (profile.thesis ?? '').replace(/\s+/g, ' ').trim(),
      );
      // Imported: the month of the demo import, not "by the investor".
      await page
        .getByText(/^Confirmed [A-Z][a-z]{2} \d{4}$/)
        .first()
        .waitFor();

      const portfolio = page.getByRole('table', { name: `Portfolio (${profile.portfolio.length})` });
      await portfolio.waitFor();
      expect(await portfolio.locator('tbody tr').count()).toBe(profile.portfolio.length);
      const first = profile.portfolio[0];
      if (!first) throw new Error('no portfolio');
      expect(await portfolio.locator('tbody tr').first().innerText()).toContain(first.name);
      const deals = page.getByRole('table', { name: 'Recent investments' });
      const deal = profile.recentInvestments[0];
      if (!deal?.date) throw new Error('no dated investment');
      expect(await deals.locator('tbody tr').first().innerText()).toContain(formatPartialDate(deal.date));
      // Deploying now (issue 52), computed on the server from the dated investments (and the fund).
      const deploying = deployingFacts(
        { deals: profile.recentInvestments, fundSize: profile.fundSize, vintage: profile.vintage },
        new Date(),
      );
      if (!deploying?.lastDeal) throw new Error('the README investor has no dated investment');
      const card = page.getByRole('region', { name: 'Deploying now' });
      await card.getByText(lastDealWords(deploying.lastDeal), { exact: true }).waitFor();
      for (const deals of deploying.stagesLast12Months)
        await card.getByText(stageDealsWords(deals), { exact: true }).waitFor();
      if (deploying.stagesLast12Months.length === 0)
        await card.getByText('No new deal in the last 12 months').waitFor();
      if (deploying.vintage !== null)
        await card.getByText(String(deploying.vintage), { exact: true }).waitFor();
      await page.getByText('Typical cheque').waitFor();
      await page.getByText('Invests in').waitFor();
      await page.getByRole('link', { name: (profile.website ?? '').replace('https://www.', '') }).waitFor();

      // Nothing wider than the page on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await expectAccessible(page);
      await screenshot(page, `investor-profile-facts-${viewport.width}`);
      await context.close();
    });

    it(`shows a one-line thesis on the investor's search card at ${viewport.width} px`, async () => {
      const { page, context } = await browser.newPage({ viewport });
      await logIn(page, ACCOUNTS.founder);
      const sector = encodeURIComponent((investor.sectors[0] ?? '').toLowerCase());
      await page.goto(
        `${e2e.appUrl}/investors/search?sectorFocus=${sector}&q=${encodeURIComponent(investor.name)}`,
      );
      const card = page.locator('article.investor-card', { hasText: investor.name }).first();
      await card.waitFor();
      const line = card.locator('.investor-thesis-line');
      expect(await line.textContent()).toBe(thesisLine(profile.thesis));
      // One line: cut by an ellipsis where the card is narrower than the line.
      const box = await line.evaluate((el) => {
        const style = getComputedStyle(el);
        return {
          height: el.clientHeight,
          lineHeight: Number.parseFloat(style.lineHeight),
          overflow: style.textOverflow,
        };
      });
      expect(box.overflow).toBe('ellipsis');
      expect(box.height).toBeLessThan(box.lineHeight * 1.5);
      await expectAccessible(page);
      await screenshot(page, `search-card-thesis-${viewport.width}`, { fullPage: false });
      await context.close();
    });
  }
});
