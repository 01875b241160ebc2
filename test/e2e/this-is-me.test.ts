import { describe, expect, it } from 'vitest';
import { THIS_IS_ME } from '../../web/pages/investor-profile/this-is-me';
import { ACCOUNTS, browserPerFile, e2e, expectAccessible, inbox, screenshot } from './support/browser';
import { demoEntryWithEmail } from './support/directory-entries';
import { logIn } from './support/flows';

const browser = browserPerFile();

/** The code of the latest "This is me" email the local home delivered to an address. */
async function codeSentTo(address: string, count: number): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const codes = (await inbox(address))
          .map((mail) => /Your code: (\d{6})/.exec(mail.body.text ?? '')?.[1] ?? '')
          .filter(Boolean);
        code = codes.length >= count ? (codes[count - 1] ?? '') : '';
        return code;
      },
      { timeout: 20_000, interval: 250 },
    )
    .not.toBe('');
  return code;
}

/** The link of the latest "This is me" email to an address (it works alone: issue 48). */
async function linkSentTo(address: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const links = (await inbox(address))
          .map((mail) => /(https?:\/\/\S+\/this-is-me#\S+)/.exec(mail.body.text ?? '')?.[1] ?? '')
          .filter(Boolean);
        link = links.at(-1) ?? '';
        return link;
      },
      { timeout: 20_000, interval: 250 },
    )
    .not.toBe('');
  return link;
}

/**
 * Issue 30 end to end, in Chromium: on an investor's public profile, the person listed asks "This is
 * me", reads the code the local home sent to the email the directory holds, and hides the entry (1280
 * px); another asks for a correction (390 px); a third opens the email's link alone, in another browser,
 * and asks for a correction there (issue 48); an admin sees them, and restores the hidden one. The
 * privacy page, linked from the footer and from the remedy, at both widths.
 */
describe('"This is me": remove or correct my data (Chromium)', () => {
  it('hides an entry with the code sent to its listed email, asks for a correction on a phone, and an admin sees both', async () => {
    const admin = await browser.newPage();
    await logIn(admin.page, ACCOUNTS.admin);
    const hidden = await demoEntryWithEmail(admin.page, 7);
    const corrected = await demoEntryWithEmail(admin.page, 8);

    // 1280 px, a visitor who is the person listed: ask, read the code, hide.
    const visitor = await browser.newPage();
    const page = visitor.page;
    await page.goto(`${e2e.appUrl}/investors/${hidden.investorId}`);
    await page.getByRole('heading', { level: 1, name: hidden.name }).waitFor();
    await page.getByRole('button', { name: THIS_IS_ME }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText('we send a code to the email address the directory holds', { exact: false })
      .waitFor();
    await expectAccessible(page);
    await screenshot(page, 'this-is-me-1-ask');
    await dialog.getByRole('button', { name: 'Send the code' }).click();
    await dialog.getByLabel('Code from the email').waitFor();
    await screenshot(page, 'this-is-me-2-code');
    await dialog.getByLabel('Code from the email').fill(await codeSentTo(hidden.email, 1));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText(`Done: ${hidden.name} is hidden from founders`, { exact: false }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'this-is-me-3-hidden');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await page.getByText('Investor not found').waitFor({ timeout: 15_000 });

    // The privacy page, from the footer.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
    await page.getByRole('heading', { level: 1, name: 'Privacy: what we keep about investors' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'privacy');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page);
    await screenshot(page, 'privacy-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await visitor.context.close();

    // 390 px: another person listed asks for a correction.
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await phone.page.goto(`${e2e.appUrl}/investors/${corrected.investorId}`);
    await phone.page.getByRole('button', { name: THIS_IS_ME }).click();
    const sheet = phone.page.getByRole('dialog');
    await sheet.getByLabel('Correct my data (our admins fix it)').check();
    await sheet
      .getByLabel('What is wrong, and what should it say?')
      .fill('I moved to Northwind Capital in 2026.');
    await expectAccessible(phone.page);
    await screenshot(phone.page, 'this-is-me-4-correct-phone');
    await sheet.getByRole('button', { name: 'Send the code' }).click();
    await sheet.getByLabel('Code from the email').fill('000000');
    await sheet.getByRole('button', { name: 'Confirm' }).click();
    await sheet.getByText('That code is not the one we sent', { exact: false }).waitFor();
    await screenshot(phone.page, 'this-is-me-5-wrong-code-phone');
    await sheet.getByLabel('Code from the email').fill(await codeSentTo(corrected.email, 1));
    await sheet.getByRole('button', { name: 'Confirm' }).click();
    await sheet.getByText('Thank you: our admins will read your correction', { exact: false }).waitFor();
    await expectAccessible(phone.page);
    await screenshot(phone.page, 'this-is-me-6-corrected-phone');
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.context.close();

    // Someone asks for a third person; the person opens the email's link alone, in another browser.
    const linked = await demoEntryWithEmail(admin.page, 9);
    const asker = await browser.newPage();
    await asker.page.goto(`${e2e.appUrl}/investors/${linked.investorId}`);
    await asker.page.getByRole('button', { name: THIS_IS_ME }).click();
    await asker.page.getByRole('dialog').getByRole('button', { name: 'Send the code' }).click();
    await asker.page.getByRole('dialog').getByLabel('Code from the email').waitFor();
    await asker.context.close();
    const own = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const link = new URL(await linkSentTo(linked.email));
    await own.page.goto(`${e2e.appUrl}${link.pathname}${link.hash}`);
    await own.page.getByLabel('Correct my data (our admins fix it)').check();
    await own.page.getByLabel('What is wrong, and what should it say?').fill('My title is Partner now.');
    await expectAccessible(own.page);
    await screenshot(own.page, 'this-is-me-7-link-phone');
    await own.page.getByRole('button', { name: 'Confirm' }).click();
    await own.page.getByText('Thank you: our admins will read your correction', { exact: false }).waitFor();
    expect(await own.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await own.context.close();

    // The admin: the correction to make, and the withdrawal, which they restore (recorded).
    await admin.page.goto(`${e2e.appUrl}/admin/withdrawals`);
    const correction = admin.page.getByRole('article', { name: `Correction request for ${corrected.name}` });
    await correction.getByText('I moved to Northwind Capital in 2026.').waitFor();
    await admin.page
      .getByRole('article', { name: `Correction request for ${linked.name}` })
      .getByText('My title is Partner now.')
      .waitFor();
    const withdrawal = admin.page.getByRole('article', { name: `Withdrawal of ${hidden.name}` });
    await withdrawal
      .getByText('by the person listed, with the code sent to the email we hold', { exact: false })
      .waitFor();
    await expectAccessible(admin.page);
    await screenshot(admin.page, 'admin-withdrawals');
    await withdrawal
      .getByLabel('Why restore it? (recorded)')
      .fill('Hidden in error: the investor wrote to us');
    await withdrawal.getByRole('button', { name: 'Restore' }).click();
    await withdrawal.getByText('Restored', { exact: true }).waitFor({ timeout: 20_000 });
    await withdrawal.getByText('Hidden in error: the investor wrote to us', { exact: false }).waitFor();
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(admin.page);
    await screenshot(admin.page, 'admin-withdrawals-phone');
    expect(await admin.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await admin.page.goto(`${e2e.appUrl}/investors/${hidden.investorId}`);
    await admin.page.getByRole('heading', { level: 1, name: hidden.name }).waitFor({ timeout: 20_000 });
    await admin.context.close();
  });
});
