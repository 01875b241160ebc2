import type { Page } from 'playwright-core';
import { SUBMITTED_HEADING } from '../../../web/pages/investor-account/submitted-profile';
import { PATIENCE_MS } from '../../support/patience';
import { ACCOUNTS, e2e } from './browser';
import { idTokenOf } from './directory-entries';
import { logIn, verificationCode } from './flows';

export const portalUrl = () => `http://vcn.localhost:${e2e.appPort}`;

/** An investor of the portal's network, by the run's suffix: unique email, name and sector. */
export function portalInvestor(run: string) {
  return { email: `listed-${run}@example.com`, name: `Listed Investor ${run}`, sector: `Review ${run}` };
}

/**
 * Adds a sector to the taxonomy as the admin does from the unmapped queue (a new sector), in a
 * browser context of its own so the investor's session on `page` is untouched.
 */
export async function addSectorAsAdmin(page: Page, label: string): Promise<void> {
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser');
  const context = await browser.newContext();
  const admin = await context.newPage();
  await logIn(admin, ACCOUNTS.admin);
  const token = await idTokenOf(admin);
  const response = await fetch(`${e2e.appUrl}/api/admin/taxonomy/synonyms`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'sector', spelling: label, newLabel: label }),
  });
  await context.close();
  if (response.status !== 202) throw new Error(`adding the sector ${label}: ${await response.text()}`);
}

/**
 * On vcn.localhost, as a person does: register, verify and join as an investor, then submit a
 * profile offering the email to founders (issue 21), the account's own or `contactEmail` typed in the
 * profile. The page ends on "submitted".
 */
export async function joinAndSubmitProfile(
  page: Page,
  investor: {
    email: string;
    name: string;
    sector: string;
    contactEmail?: string;
    /** Profile facts (issue 33): a thesis, and portfolio companies one a line. */
    thesis?: string;
    portfolio?: string;
  },
): Promise<void> {
  await addSectorAsAdmin(page, investor.sector);
  await page.goto(`${portalUrl()}/portal/vcn/register`);
  await page.getByLabel('Email').fill(investor.email);
  await page.getByLabel('Password', { exact: true }).fill('e2e-password-1');
  await page.getByLabel('Confirm password').fill('e2e-password-1');
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL(`${portalUrl()}/portal/vcn/verify-email`);
  await page.getByLabel('Verification code').fill(await verificationCode(investor.email));
  await page.getByRole('button', { name: 'Verify email' }).click();
  await page.waitForURL(`${portalUrl()}/portal/vcn/profile`, { timeout: PATIENCE_MS });
  await page.getByRole('button', { name: 'Join as an investor' }).click();
  const form = page.getByRole('form', { name: 'Your investor profile' });
  await form.waitFor();
  await form.getByRole('textbox', { name: /^Name/ }).fill(investor.name);
  await form.getByLabel('Firm', { exact: true }).fill('Listed Capital');
  await form.getByLabel('Investor type').selectOption('angel');
  await form.getByLabel('Seed', { exact: true }).check();
  // The run's own sector is on the list (an admin added it first): typed, then chosen with the keyboard.
  await form.getByRole('combobox', { name: /^Sectors/ }).fill(investor.sector);
  await form.getByRole('option', { name: investor.sector, exact: true }).waitFor();
  await form.getByRole('combobox', { name: /^Sectors/ }).press('Enter');
  if (investor.contactEmail) await form.getByLabel('Email', { exact: true }).fill(investor.contactEmail);
  await form.getByLabel('Founders may buy my email').check();
  if (investor.thesis)
    await form.getByLabel('In a few sentences: what you back and why').fill(investor.thesis);
  if (investor.portfolio) await form.getByLabel('Portfolio companies').fill(investor.portfolio);
  await form.getByRole('button', { name: 'Submit for review' }).click();
  await page.getByRole('heading', { name: SUBMITTED_HEADING }).waitFor();
}
