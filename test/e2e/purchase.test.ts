import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { DOWNLOAD_CSV_AGAIN, PURCHASE_STATE_MESSAGES } from '../../shared/cart/purchase-state';
import { messages } from '../../shared/messages';
import { DOWNLOAD_REFRESHED_CSV } from '../../web/pages/account/refreshed-csv-button';
import { PATIENCE_MS } from '../support/patience';
import { ACCOUNTS, browserPerFile, e2e, expectAccessible, inbox, screenshot } from './support/browser';
import { logIn, registerNewFounder } from './support/flows';

const browser = browserPerFile();

describe('purchase in Chromium against the local home', () => {
  it('saves a cart of 3, pays on the local checkout page, gets the CSV by email, finds the contacts in the library and downloads the CSV again; an admin correction then shows there as "Updated" and in a refreshed CSV', async () => {
    const { page, context } = await browser.newPage();
    const email = await registerNewFounder(page, 'buyer');

    // Investors with an email: the admin's correction below changes the first one's bought email.
    // A synonym of the sector, as links carry it: searched once, by the taxonomy's spelling.
    await page.goto(`${e2e.appUrl}/investors/search?sectorFocus=agtech&has=email`);
    await page.getByRole('heading', { name: /^Search Results/ }).waitFor();
    const cards = page.locator('article.investor-card');
    // The heading shows before the results arrive: the names are read once three cards are there.
    const namesShown = async () =>
      (await page.locator('article.investor-card h2').allTextContents()).map((n) => n.trim());
    await expect
      .poll(async () => (await namesShown()).length, { timeout: PATIENCE_MS })
      .toBeGreaterThanOrEqual(3);
    const names = (await namesShown()).slice(0, 3);
    expect(names).toHaveLength(3);
    const firstProfile =
      (await cards.nth(0).locator('a[href^="/investors/"]').first().getAttribute('href')) ?? '';
    const firstInvestorId = firstProfile.split('/').pop() ?? '';
    for (const i of [0, 1, 2]) {
      await cards.nth(i).getByRole('button', { name: 'Add to Export Cart' }).click();
      await cards.nth(i).getByText('In cart').waitFor();
    }
    await page.goto(`${e2e.appUrl}/cart`);
    await page.getByRole('button', { name: 'Save Cart & Purchase' }).click();
    await page.waitForURL(/\/cart\/cart_/);
    const cartId = page.url().split('/').pop() ?? '';
    await page.getByText(messages.purchaseContactList).first().waitFor();
    await expectAccessible(page);
    await screenshot(page, 'purchase-page');

    const [checkout] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: /^Pay \$5\.00/ }).click(),
    ]);
    await checkout.waitForLoadState();
    await checkout.getByText('Local checkout — test mode, no real payment').waitFor();
    expect(await checkout.getByText(cartId).count()).toBeGreaterThan(0);
    await screenshot(checkout, 'local-checkout');
    await checkout.getByRole('button', { name: 'Pay $5.00' }).click();
    await checkout.getByRole('heading', { name: 'Payment complete' }).waitFor();

    await page.getByText('This contact list has been purchased').waitFor({ timeout: PATIENCE_MS });
    await screenshot(page, 'purchase-done');
    let mails: Awaited<ReturnType<typeof inbox>> = [];
    await expect
      .poll(
        async () => {
          mails = (await inbox(email)).filter((m) => m.attachments.length > 0);
          return mails.length;
        },
        { timeout: PATIENCE_MS },
      )
      .toBe(1);
    const csv = Buffer.from(mails[0]?.attachments[0]?.content ?? '', 'base64').toString('utf8');
    const rows = parse(csv, { bom: true }) as string[][];
    // A new cart's columns (issue 50): the whole contact, as a CRM wants it.
    expect(rows[0]).toEqual(['Name', 'Firm', 'Title', 'Email', 'Phone', 'LinkedIn URL']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(names);

    await page.getByText(PURCHASE_STATE_MESSAGES.delivered ?? '').waitFor({ timeout: PATIENCE_MS });

    await page.goto(`${e2e.appUrl}/account/settings`);
    for (const name of names) await page.getByText(name).first().waitFor();
    await screenshot(page, 'contact-library');
    // A lost email costs nothing: the library downloads the same CSV again.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      // The founder's only purchase, named by the day it was bought.
      page.getByRole('button', { name: new RegExp(`^${DOWNLOAD_CSV_AGAIN}: purchase of `) }).click(),
    ]);
    const again = readFileSync((await download.path()) ?? '', 'utf8');
    expect(again).toBe(csv);

    // Free updates (issue 20): an admin corrects the first contact's email in the Mapping Debugger...
    const boughtEmail = rows[1]?.[3] ?? '';
    const correctedEmail = `corrected-${cartId.slice(-8).toLowerCase()}@example.com`;
    const adminContext = await browser.newPage();
    await logIn(adminContext.page, ACCOUNTS.admin);
    await adminContext.page.goto(`${e2e.appUrl}/admin?searchableInvestorId=${firstInvestorId}`);
    const emailField = adminContext.page.getByLabel('Email', { exact: true });
    await emailField.waitFor();
    await emailField.fill(correctedEmail);
    await adminContext.page.getByRole('button', { name: 'Save corrections' }).click();
    await adminContext.page.getByRole('cell', { name: correctedEmail }).waitFor();
    await adminContext.context.close();

    // ...and the founder's library shows the new value, marked "Updated", with the value bought.
    await page.reload();
    await page.getByRole('link', { name: correctedEmail }).waitFor();
    await page
      .getByText(/^Updated \S.*\d{4}$/)
      .first()
      .waitFor();
    await page.getByText(`was ${boughtEmail}`).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'contact-library-updated');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'contact-library-updated-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    // The refreshed CSV of the purchase: the same columns, today's value.
    const [refreshed] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: new RegExp(`^${DOWNLOAD_REFRESHED_CSV}: purchase of `) }).click(),
    ]);
    const refreshedRows = parse(readFileSync((await refreshed.path()) ?? '', 'utf8'), {
      bom: true,
    }) as string[][];
    expect(refreshedRows[0]).toEqual(['Name', 'Firm', 'Title', 'Email', 'Phone', 'LinkedIn URL']);
    expect(refreshedRows[1]?.[3]).toBe(correctedEmail);
    expect(refreshedRows.slice(2)).toEqual(rows.slice(2));
    await context.close();
  });
});
