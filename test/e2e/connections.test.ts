import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { firmKey } from '../../shared/network/match';
import { browserPerFile, e2e, expectAccessible, screenshot } from './support/browser';
import { registerNewFounder } from './support/flows';

/**
 * Issue 52's warm paths in Chromium against the local home, at desktop and phone width: a founder
 * uploads LinkedIn's Connections.csv (its "Notes:" lines first), sees "You know…" on their
 * shortlist, writes an intro request (a mailto link with the text they edited), and deletes their
 * connections at once.
 */
const browser = browserPerFile();

const VIEWS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** The first investor of the shortlist shown whose card names a firm a colleague can be matched by. */
async function firstCardWithFirm(page: Page): Promise<{ name: string; firm: string }> {
  const cards = page.locator('article.shortlist-card');
  await cards.first().waitFor();
  for (let i = 0; i < (await cards.count()); i++) {
    const card = cards.nth(i);
    const name = (await card.getByRole('heading').first().textContent())?.trim() ?? '';
    const role =
      (await card
        .locator('p.text-body')
        .first()
        .textContent()
        .catch(() => '')) ?? '';
    const firm = role.includes(' · ') ? (role.split(' · ').at(-1)?.trim() ?? '') : '';
    if (name && firm && firmKey(firm) !== '') return { name, firm };
  }
  throw new Error('no investor with a firm on the first page of the shortlist');
}

/** LinkedIn's export as it comes: notes first, then the header and the rows. */
const connectionsCsv = (firm: string) =>
  [
    'Notes:',
    '"When exporting your connection data, you may notice that some of the email addresses are missing. You will only see email addresses for connections who have allowed their connections to see or download their email address using this setting https://www.linkedin.com/psettings/privacy/email"',
    '',
    'First Name,Last Name,URL,Email Address,Company,Position,Connected On',
    `Anabel,Quist,https://www.linkedin.com/in/anabel-quist,anabel.quist@friends.example,"${firm}",Partner,12 Mar 2024`,
    'Orla,Nobody,https://www.linkedin.com/in/orla-nobody,,Unrelated Bakery,Baker,01 Jan 2020',
    ',,,,,,02 Jan 2020',
  ].join('\n');

describe.each(VIEWS)('warm paths from my own network: $name', (view) => {
  it('uploads Connections.csv, sees "You know…" on the shortlist, writes an intro request, deletes them', async () => {
    const { page } = await browser.newPage({ viewport: view.viewport });
    await registerNewFounder(page, `warm-${view.name}`);

    // A project to shortlist for.
    await page.goto(`${e2e.appUrl}/account/settings`);
    await page.getByLabel('Project name').fill(`Warmly ${view.name}`);
    await page.getByLabel('Description').fill('Friends of friends.');
    await page.getByRole('button', { name: 'List Project' }).click();
    await page.waitForURL(/\/project\/proj_/);
    const projectId = page.url().split('/').at(-1) ?? '';

    // Before any upload the shortlist says where to; its first investor with a firm is the one a
    // colleague in the file works with.
    const shortlistUrl = `${e2e.appUrl}/projects/${projectId}/investors`;
    await page.goto(shortlistUrl);
    const investor = await firstCardWithFirm(page);
    await page.getByRole('link', { name: 'Upload your connections to see who can introduce you' }).click();
    await page.waitForURL(/\/account\/connections$/);
    await page.getByRole('heading', { name: 'Your connections', level: 1 }).waitFor();
    await page.getByText('No connections uploaded.').waitFor();

    // The upload: the header is found after LinkedIn's notes, each column's field shown.
    await page.getByLabel('CSV file').setInputFiles({
      name: 'Connections.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(connectionsCsv(investor.firm)),
    });
    await page.getByRole('heading', { name: 'Connections.csv: 3 rows' }).waitFor();
    expect(await page.getByLabel('Field of column Company').inputValue()).toBe('company');
    expect(await page.getByLabel('Field of column URL').inputValue()).toBe('linkedinUrl');
    await expectAccessible(page);
    await screenshot(page, `connections-preview-${view.name}`, { fullPage: false });
    await page.getByRole('button', { name: 'Upload 3 rows' }).click();
    await page.getByRole('heading', { name: 'Upload finished' }).waitFor();
    await page.getByText('Kept: 2 · Skipped: 1').waitFor();
    await page.getByTestId('connections-count').getByText('2 connections from Connections.csv.').waitFor();
    await expectAccessible(page);

    // The shortlist names who they know at the investor's firm.
    await page.goto(shortlistUrl);
    const card = page.locator('article.shortlist-card', { hasText: investor.name }).first();
    await card.getByText('You know 1 person there: Anabel (partner at their firm)').waitFor();
    await screenshot(page, `shortlist-warm-path-${view.name}`, { fullPage: false });

    // The intro request: an email from the founder's own mail app, edited first.
    await card.getByRole('button', { name: /^Ask for an intro/ }).click();
    const dialog = page.getByRole('dialog', { name: `Ask for an intro to ${investor.name}` });
    await dialog.waitFor();
    const body = dialog.getByLabel('Your email to Anabel Quist');
    expect(await body.inputValue()).toContain('Hi Anabel,');
    await body.fill('Hi Anabel, could you ask them whether they would take an intro? Thanks!');
    const mail = dialog.getByRole('link', { name: 'Open in your email' });
    await expect
      .poll(() => mail.getAttribute('href'))
      .toBe(
        `mailto:anabel.quist@friends.example?subject=${encodeURIComponent(`Intro to ${investor.name}?`)}&body=${encodeURIComponent('Hi Anabel, could you ask them whether they would take an intro? Thanks!')}`,
      );
    await dialog.getByRole('button', { name: 'Copy' }).waitFor();
    await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await expectAccessible(page);
    await screenshot(page, `intro-request-${view.name}`, { fullPage: false });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Deleted at once: the shortlist no longer knows anyone there.
    await page.goto(`${e2e.appUrl}/account/connections`);
    await page.getByRole('button', { name: 'Delete my connections' }).click();
    await page.getByText('Your connections are deleted.').waitFor();
    await page.getByText('No connections uploaded.').waitFor();
    await page.goto(shortlistUrl);
    await page.locator('article.shortlist-card', { hasText: investor.name }).first().waitFor();
    await page.getByRole('link', { name: 'Upload your connections to see who can introduce you' }).waitFor();
    expect(await page.getByText(/^You know /).count()).toBe(0);
  });
});
