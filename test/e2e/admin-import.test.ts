import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../infra/edge';
import { messages } from '../../shared/messages';
import { ACCOUNTS, browserPerFile, e2e, expectAccessible, screenshot } from './support/browser';
import { expectToast, logIn } from './support/flows';

const browser = browserPerFile();

describe('admin CSV importer in Chromium against the local home', () => {
  it('imports a small CSV through the admin page, then finds the new investors through search', async () => {
    const { page, context } = await browser.newPage();
    await logIn(page, ACCOUNTS.admin);
    const tag = `e2eimport${randomUUID().slice(0, 6)}`;
    const csv = [
      'Full Name,Partner Email,Stage,Sector Focus,Internal Notes',
      `Quinn Imported,quinn-${tag}@example.com,Seed,${tag},first`,
      `Rae Imported,rae-${tag}@example.com,"Seed, Series A","${tag}; fintech",second`,
      `,nobody-${tag}@example.com,Seed,${tag},a row without a name`,
    ].join('\r\n');

    const admin = await page.goto(`${e2e.appUrl}/admin`);
    expect(admin?.headers()['content-security-policy']).toBe(
      contentSecurityPolicy({ uploads: e2e.uploadsOrigin }),
    );
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'investors.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByLabel('Header of column 5').fill('Notes about the row');
    await page.getByLabel('Include column 5').uncheck();
    await page.getByRole('button', { name: 'Preview & Import' }).click();
    await page.getByText(messages.sourceInformationRequired).first().waitFor();
    await page.getByLabel('Source name').fill('E2E list');
    await page.getByLabel('Source URL').fill('https://example.com/e2e-list');
    await page.getByRole('button', { name: 'Preview & Import' }).click();
    const firstRecord = page.locator('pre.json-panel');
    await firstRecord.waitFor();
    expect(await firstRecord.textContent()).toContain('"fullName": "Quinn Imported"');
    expect(await firstRecord.textContent()).not.toContain('"first"');
    await expectAccessible(page);
    await screenshot(page, 'admin-import-preview');

    // The browser PUTs the file to the uploads bucket, another origin the site's CSP names.
    const upload = page.waitForRequest((request) => request.method() === 'PUT');
    await page.getByRole('button', { name: 'Looks good; import!' }).click();
    const put = await upload;
    expect(new URL(put.url()).origin).toBe(e2e.uploadsOrigin);
    expect((await put.response())?.status()).toBe(200);
    await expectToast(page, messages.importComplete);
    await page.getByText('Rows not imported (1)').waitFor();
    await page.getByRole('cell', { name: 'The row has no name.' }).waitFor();
    await screenshot(page, 'admin-import-complete');

    await page.goto(`${e2e.appUrl}/investors/search?sectorFocus=${tag}`);
    await page.getByRole('heading', { name: 'Search Results (2)' }).waitFor();
    const names = (await page.locator('article.investor-card h2').allTextContents()).map((n) => n.trim());
    expect(names).toEqual(['Quinn Imported', 'Rae Imported']);
    await context.close();
  });

  it('cancels a long import, sees how many rows were written, and discards them: nothing is published', async () => {
    const { page, context } = await browser.newPage();
    await logIn(page, ACCOUNTS.admin);
    const tag = `e2ecancel${randomUUID().slice(0, 6)}`;
    const rows = Array.from({ length: 30_000 }, (_, i) => `Cancelled Person ${i},Seed,${tag}`);
    const csv = ['Full Name,Stage,Sector Focus', ...rows].join('\n');

    await page.goto(`${e2e.appUrl}/admin`);
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'long-list.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByLabel('Source name').fill('E2E long list');
    await page.getByLabel('Source URL').fill('https://example.com/e2e-long-list');
    await page.getByRole('button', { name: 'Preview & Import' }).click();
    await page.getByRole('button', { name: 'Looks good; import!' }).click();
    // Rows are being read (the count has moved), then the admin cancels.
    await page.getByText(/^Importing row [1-9]\d* of 30000\.\.\.$/).waitFor();
    await page.getByText(/rows a second · .* left$/).waitFor();
    await screenshot(page, 'admin-import-progress');
    await page.getByRole('button', { name: 'Cancel' }).click();

    const discard = page.getByRole('button', { name: /^Discard the [\d,]+ imported rows?$/ });
    await discard.waitFor();
    await page.getByRole('button', { name: /^Publish (them|it)$/ }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'admin-import-cancelled');
    const written = ((await discard.textContent()) ?? '').replace(/\D/g, '');
    expect(Number(written)).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByText(`${Number(written).toLocaleString('en-US')} rows were written`).count())
      .toBe(1);
    await discard.click();
    await page
      .getByText(
        `The import was cancelled and its ${Number(written).toLocaleString('en-US')} rows discarded; nothing of it was published.`,
      )
      .waitFor();

    // Nobody finds them.
    const search = await page.request.get(`${e2e.appUrl}/api/investors?sectorFocus=${tag}`);
    expect(((await search.json()) as { data: { total: number } }).data.total).toBe(0);
    await context.close();
  });
});
