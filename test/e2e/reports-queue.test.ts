import { describe, expect, it } from 'vitest';
import { REPORT_SENT } from '../../web/components/report-wrong-data';
import { ACCOUNTS, browserPerFile, e2e, expectAccessible, screenshot } from './support/browser';
import { logIn, registerNewFounder } from './support/flows';

const browser = browserPerFile();

/**
 * The reports queue in Chromium (issue 30 item 4, issue 32): a founder reports an investor's email
 * from a search card; the admin's queue shows the email reported beside the email now, at 1280 and
 * 390 px, no wider than the window.
 */
describe('the reports queue in Chromium against the local home', () => {
  it('shows the value reported and the value now on a report, on a desktop and on a phone', async () => {
    const { page } = await browser.newPage();
    await registerNewFounder(page, 'reporter');
    await page.goto(`${e2e.appUrl}/investors/search?sectorFocus=fintech&has=email`);
    await page.getByRole('heading', { name: /^Search Results/ }).waitFor();
    const card = page.locator('article.investor-card').first();
    const name = (await card.locator('h2').textContent())?.trim() ?? '';
    await card.getByRole('button', { name: /^Report wrong data/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').selectOption('email_bounced');
    await dialog.getByLabel('Note (optional)').fill('My email came back: "mailbox not found".');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByText(REPORT_SENT).waitFor();

    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const { page: admin } = await browser.newPage({ viewport });
      await logIn(admin, ACCOUNTS.admin);
      await admin.goto(`${e2e.appUrl}/admin/reports`);
      await admin.getByRole('heading', { name: 'Reports of wrong data' }).waitFor();
      const report = admin
        .locator('article')
        .filter({ hasText: 'mailbox not found' })
        .filter({ hasText: name });
      const values = report.getByLabel('Email: reported and now');
      await values.waitFor();
      await expect.poll(() => values.textContent()).toMatch(/Email reported.+@.+\(listed when reported\)/);
      await expect.poll(() => values.textContent()).toMatch(/Email now.+@.+\(unchanged\)/);
      expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
      await expectAccessible(admin);
      await screenshot(admin, `admin-reports-queue-${viewport.width}`);
    }
  });
});
