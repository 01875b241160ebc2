import { describe, expect, it } from 'vitest';
import { RESET_CODE_SENT, RESET_DONE } from '../../web/pages/reset-password/reset-password-texts';
import { browserPerFile, e2e, expectAccessible, inbox, screenshot } from './support/browser';
import { registerNewFounder, verificationCode } from './support/flows';

const browser = browserPerFile();

describe('forgotten password in Chromium against the local home', () => {
  it('resets it with the code from the email, then logs in with the new one', async () => {
    const { page, context } = await browser.newPage();
    const email = await registerNewFounder(page, 'reset');
    await page.goto(`${e2e.appUrl}/logout`);
    await page.waitForURL(`${e2e.appUrl}/`);
    await page.goto(`${e2e.appUrl}/login`);

    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/\/reset-password$/);
    const before = (await inbox(email)).length;
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText(RESET_CODE_SENT).waitFor();
    // A new email with the code arrived in the inbox.
    await expect.poll(async () => (await inbox(email)).length, { timeout: 20_000 }).toBeGreaterThan(before);
    await expectAccessible(page);
    await screenshot(page, 'reset-password', { fullPage: false });

    await page.getByLabel('Code').fill(await verificationCode(email));
    await page.getByLabel('New password', { exact: true }).fill('a-new-password-2');
    await page.getByLabel('Confirm new password').fill('a-new-password-2');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByText(RESET_DONE).waitFor();

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a-new-password-2');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/home$/, { timeout: 20_000 });
    await context.close();
  });
});
