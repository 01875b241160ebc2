import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { messages } from '../../../shared/messages';
import { PATIENCE_MS } from '../../support/patience';
import { e2e, inbox } from './browser';

/** Logs in through the login page, as a person does, and waits for the directory home. */
export async function logIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto(`${e2e.appUrl}/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/home$/);
}

/** Waits for a toast (or any status text) with exactly this text. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout: PATIENCE_MS });
}

/** The last code the local home relayed to the inbox for this address (verification or reset). */
export async function verificationCode(email: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const mails = await inbox(email);
        // A verification code, or the code of a password reset (each email says what its code is for).
        code =
          /(?:verification code|code to reset your password) is (\d+)/.exec(
            mails.at(-1)?.body.text ?? '',
          )?.[1] ?? '';
        return code;
      },
      { timeout: PATIENCE_MS, interval: 250 },
    )
    .not.toBe('');
  return code;
}

/** Registers a fresh founder through the register and verify pages; returns their email. */
export async function registerNewFounder(page: Page, prefix = 'founder'): Promise<string> {
  const email = `${prefix}-${Math.random().toString(36).slice(2, 10)}@example.com`;
  await page.goto(`${e2e.appUrl}/register`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('e2e-password-1');
  await page.getByLabel('Confirm password').fill('e2e-password-1');
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL(/\/verify-email$/);
  await page.getByLabel('Verification code').fill(await verificationCode(email));
  await page.getByRole('button', { name: 'Verify email' }).click();
  await page.waitForURL(/\/home$/, { timeout: PATIENCE_MS });
  return email;
}

/**
 * Empties the signed-in founder's export cart through the export builder, as a person would. A
 * founder's cart is kept on the server (issue 32), so a shared local account starts a test with
 * whatever an earlier test left in it.
 */
export async function emptyCart(page: Page): Promise<void> {
  await page.goto(`${e2e.appUrl}/cart`);
  const none = page.getByText(messages.noInvestorsInCart);
  const empty = page.getByRole('button', { name: 'Empty Cart' }).first();
  const dialog = page.getByRole('dialog');
  const confirm = dialog.getByRole('button', { name: 'Empty Cart' });
  // A cart bought already offers a new one instead.
  const startNew = page.getByRole('button', { name: 'Start a new cart' });
  // The page moves on while it reads the cart (this browser's copy, then the server's): each round
  // acts on what is shown now, and a step whose button went away meanwhile is simply looked at again.
  const deadline = Date.now() + PATIENCE_MS;
  while (Date.now() < deadline) {
    await none.or(empty).or(startNew).or(dialog).first().waitFor({ timeout: PATIENCE_MS });
    if (await none.isVisible()) return;
    const next = (await dialog.isVisible()) ? confirm : (await startNew.isVisible()) ? startNew : empty;
    await next.click({ timeout: 5_000 }).catch(() => undefined);
    await none
      .or(dialog)
      .first()
      .waitFor({ timeout: 5_000 })
      .catch(() => undefined);
  }
  throw new Error(`The export cart was not empty after ${PATIENCE_MS} ms`);
}
