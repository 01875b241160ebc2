import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { disconnectConfirm, messages } from '../../shared/messages';
import { PATIENCE_MS } from '../support/patience';
import { ACCOUNTS, browserPerFile, e2e, expectAccessible, screenshot } from './support/browser';
import { expectToast, logIn } from './support/flows';

const browser = browserPerFile();

describe('Stripe Connect and business insights in Chromium against the local home', () => {
  it('connects a project, shows the MRR chart, and disconnects', async () => {
    const { page, context } = await browser.newPage();
    await logIn(page, ACCOUNTS.founder);
    const name = `Connect ${randomUUID().slice(0, 6)}`;
    await page.goto(`${e2e.appUrl}/account/settings`);
    await page.getByPlaceholder(messages.projectNamePlaceholder).fill(name);
    await page.getByPlaceholder(messages.projectDescriptionPlaceholder).fill('Has a Stripe account.');
    await page.getByRole('button', { name: 'List Project' }).click();
    await page.waitForURL(/\/project\/proj_/);
    const projectUrl = page.url();

    await page.getByRole('button', { name: 'Connect with Stripe' }).click();
    await page.getByRole('button', { name: 'Connect', exact: true }).waitFor();
    await screenshot(page, 'stripe-authorize-local');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expectToast(page, messages.stripeConnected);
    await page.waitForURL(projectUrl);
    await page.getByText(/Stripe connected as of/).waitFor();
    // One action at a time: Disconnect, no Connect beside it.
    expect(await page.getByRole('button', { name: 'Connect with Stripe' }).count()).toBe(0);
    await screenshot(page, 'project-connected');

    await page.goto(`${projectUrl.replace('/project/', '/projects/')}/jorts`);
    await page.getByRole('button', { name: 'Sync payments from Stripe' }).click();
    await page
      .getByText(/^Imported \d+ charges?, \d+ refunds?, \d+ invoices? and \d+ subscriptions?\.$/)
      .waitFor({ timeout: PATIENCE_MS });
    const chart = page
      .getByRole('img')
      .filter({ has: page.locator('svg') })
      .or(page.locator('svg[role="img"]'));
    await chart.first().waitFor();
    expect(await page.locator('svg[role="img"] rect').count()).toBeGreaterThanOrEqual(12);
    await expectAccessible(page);
    // Nothing below the footer (the chart's hidden data table once added its height there).
    const gap = await page.evaluate(
      () =>
        document.documentElement.scrollHeight -
        (document.querySelector('footer')?.getBoundingClientRect().bottom ?? 0) -
        window.scrollY,
    );
    expect(gap).toBeLessThanOrEqual(1);
    await screenshot(page, 'insights-mrr');

    // Sales opportunities (issue 50): built from the same payments, no placeholder, at both widths.
    await page.getByRole('button', { name: 'Surface org-wide sales opportunities' }).click();
    const risk = page.getByRole('table', { name: 'Churn risk: talk to these customers first' });
    await risk.waitFor();
    // The stand-in's unpaid subscription 27 ($99.00 a month) is the customer at risk this month.
    const gone = risk.getByRole('row').filter({ hasText: 'cus_local_27' });
    await gone.waitFor();
    expect(await gone.textContent()).toBe('cus_local_27Stopped paying$99.00$0.00−$99.00');
    expect(await page.getByTestId('spend-lost').textContent()).toBe('$99.00');
    expect(await page.getByText(messages.comingSoon).count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'insights-opportunities');
    await page.setViewportSize({ width: 390, height: 844 });
    await risk.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'insights-opportunities-phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto(projectUrl);
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByText(disconnectConfirm(name)).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
    await expectToast(page, messages.disconnectedFromStripe);
    await page.getByRole('button', { name: 'Connect with Stripe' }).waitFor();
    await screenshot(page, 'project-disconnected');
    await context.close();
  });
});
