import type { Page } from 'playwright-core';
import { expect } from 'vitest';
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
  await page.getByText(text, { exact: true }).first().waitFor({ timeout: 15_000 });
}

/** The verification code the local home relayed to the inbox for this address. */
export async function verificationCode(email: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const mails = await inbox(email);
        code = /verification code is (\d+)/.exec(mails.at(-1)?.body.text ?? '')?.[1] ?? '';
        return code;
      },
      { timeout: 20_000, interval: 250 },
    )
    .not.toBe('');
  return code;
}
