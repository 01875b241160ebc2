import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { USE_A_CREDIT } from '../../shared/api/credits';
import { REPORT_SENT } from '../../web/components/report-wrong-data';
import { CREDIT_REDEEMED } from '../../web/components/use-credit-button';
import { PATIENCE_MS } from '../support/patience';
import { ACCOUNTS, browserPerFile, e2e, expectAccessible, inbox, screenshot } from './support/browser';
import { logIn, registerNewFounder } from './support/flows';

const browser = browserPerFile();

/**
 * Bounce credits in Chromium (issue 20): a founder buys one contact, reports its email bounced from the
 * library, an admin removes the email in /admin/reports (the queue says the report earns a credit),
 * the founder sees the credit on the account page and redeems it for another investor, who appears in
 * the library and whose CSV arrives by email.
 */
describe('bounce credit in Chromium against the local home', () => {
  it('buy, report a bounce, admin confirms, the founder redeems the credit for another investor', async () => {
    const { page, context } = await browser.newPage();
    const email = await registerNewFounder(page, 'bouncer');

    // Buy one contact (the first fintech card) and note a second investor to redeem the credit for.
    await page.goto(`${e2e.appUrl}/investors/search?sectorFocus=fintech&has=email`);
    await page.getByRole('heading', { name: /^Search Results/ }).waitFor();
    const cards = page.locator('article.investor-card');
    const bought = (await cards.nth(0).locator('h2').textContent())?.trim() ?? '';
    // Another investor, of another name (the synthetic directory repeats some names).
    const names = (await cards.locator('h2').allTextContents()).map((n) => n.trim());
    const other = names.findIndex((n) => n !== bought);
    expect(other).toBeGreaterThan(0);
    const chosen = names[other] ?? '';
    const chosenHref =
      (await cards.nth(other).locator('a[href^="/investors/"]').first().getAttribute('href')) ?? '';
    expect(chosenHref).toMatch(/^\/investors\/.+/);
    await cards.nth(0).getByRole('button', { name: 'Add to Export Cart' }).click();
    await cards.nth(0).getByText('In cart').waitFor();
    await page.goto(`${e2e.appUrl}/cart`);
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
    await page.getByText('This contact list has been purchased').waitFor({ timeout: PATIENCE_MS });

    // Report the bought email as bounced, from the library row.
    await page.goto(`${e2e.appUrl}/account/settings`);
    await page.getByRole('heading', { name: 'Credits' }).waitFor();
    await page.getByTestId('credit-balance').getByText('0').waitFor();
    await page.getByRole('button', { name: `Report wrong data: ${bought}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').selectOption('email_bounced');
    await dialog.getByLabel('Note (optional)').fill('Hard bounce: mailbox does not exist');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByText(REPORT_SENT).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    // The admin sees the report earns a credit, and removes the email.
    const adminSession = await browser.newPage();
    const admin = adminSession.page;
    await logIn(admin, ACCOUNTS.admin);
    await admin.goto(`${e2e.appUrl}/admin/reports`);
    const report = admin.locator('article').filter({ hasText: email });
    await report
      .getByText(/^Bounce credit: correcting or removing the email gives the reporter one credit/)
      .waitFor();
    await expectAccessible(admin);
    await screenshot(admin, 'bounce-credit-admin-reports');
    await report.getByLabel('Field').selectOption('email');
    await report.getByRole('button', { name: 'Remove the value' }).click();
    await report.waitFor({ state: 'detached' });
    await adminSession.context.close();

    // The founder has one credit, granted for the report, and is told so by email.
    await expect
      .poll(async () => (await inbox(email)).some((m) => m.subject.includes('1 credit added')), {
        timeout: PATIENCE_MS,
      })
      .toBe(true);
    await page.reload();
    await page.getByTestId('credit-balance').getByText('1').waitFor();
    const history = page.getByRole('list', { name: 'Credit history' });
    await history.getByText(/granted for your report about/).waitFor();
    await expect.poll(() => history.textContent()).toContain(bought);
    await expectAccessible(page);
    await screenshot(page, 'bounce-credit-account');

    // Redeem it for the second investor, from their profile page.
    await page.goto(`${e2e.appUrl}${chosenHref}`);
    await page.getByRole('heading', { name: chosen, level: 1 }).waitFor();
    await page.getByRole('button', { name: USE_A_CREDIT }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('You have 1 credit.', { exact: false }).waitFor();
    // axe reads colours: wait until the modal's fade-in transition has ended.
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await expectAccessible(page);
    await screenshot(page, 'bounce-credit-use-a-credit');
    await confirm.getByRole('button', { name: USE_A_CREDIT }).click();
    await page.getByText(CREDIT_REDEEMED(chosen)).waitFor();
    await screenshot(page, 'bounce-credit-redeemed');

    // The chosen investor is in the library; the balance is 0; the CSV came by email.
    await page.goto(`${e2e.appUrl}/account/settings`);
    await page.getByRole('cell', { name: chosen, exact: true }).waitFor({ timeout: PATIENCE_MS });
    await page.getByTestId('credit-balance').getByText('0').waitFor();
    await history.getByText(/redeemed for/).waitFor();
    await screenshot(page, 'bounce-credit-library');
    let csv = '';
    await expect
      .poll(
        async () => {
          const mail = (await inbox(email)).find((m) => m.subject.includes('bought with a credit'));
          csv = Buffer.from(mail?.attachments[0]?.content ?? '', 'base64').toString('utf8');
          return csv.length > 0;
        },
        { timeout: PATIENCE_MS },
      )
      .toBe(true);
    const rows = parse(csv, { bom: true }) as string[][];
    expect(rows[0]?.slice(0, 4)).toEqual(['Row Index', 'Name', 'Email', 'LinkedIn URL']);
    expect(rows[1]?.[1]).toBe(chosen);
    await context.close();

    // The same screens on a phone.
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await logIn(phone.page, { email, password: 'e2e-password-1' });
    await phone.page.goto(`${e2e.appUrl}/account/settings`);
    await phone.page
      .getByRole('list', { name: 'Credit history' })
      .getByText(/redeemed for/)
      .waitFor();
    // The library's wide table scrolls inside its card: the page itself is no wider than the phone.
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await expectAccessible(phone.page);
    await screenshot(phone.page, 'bounce-credit-account-phone');
    await phone.context.close();
  });
});
