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
});
