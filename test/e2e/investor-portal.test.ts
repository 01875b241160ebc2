import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_PORTAL } from '../../lambdas/lib/portals/built-in';
import { SUBMITTED_HEADING } from '../../web/pages/investor-account/submitted-profile';
import { PATIENCE_MS } from '../support/patience';
import { ACCOUNTS, browserPerFile, e2e, expectAccessible, screenshot } from './support/browser';
import { verificationCode } from './support/flows';

const browser = browserPerFile();
const portalUrl = () => `http://vcn.localhost:${e2e.appPort}`;

/** The portal's branding on the current step: its firm in the header, its font on the whole page. */
async function expectBranded(page: Page) {
  await page.getByRole('banner').getByRole('link', { name: BUILT_IN_PORTAL.firm.name }).waitFor();
  expect(await page.locator('.portal-shell').evaluate((shell) => getComputedStyle(shell).fontFamily)).toBe(
    BUILT_IN_PORTAL.fontFamily,
  );
  // No founder navigation inside a portal's steps.
  expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
}

describe('an investor joins through the vcn portal (Chromium, vcn.localhost)', () => {
  it('registers, verifies, joins and submits a profile, every step in the portal’s branding', async () => {
    const { page, context } = await browser.newPage();
    const email = `investor-${Math.random().toString(36).slice(2, 10)}@example.com`;

    await page.goto(`${portalUrl()}/`);
    await page.getByRole('link', { name: 'Join as an investor' }).click();
    await page.waitForURL(`${portalUrl()}/portal/vcn/register`);
    await expectBranded(page);
    await expectAccessible(page);
    await screenshot(page, 'investor-1-register');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('e2e-password-1');
    await page.getByLabel('Confirm password').fill('e2e-password-1');
    await page.getByRole('button', { name: 'Register' }).click();

    await page.waitForURL(`${portalUrl()}/portal/vcn/verify-email`);
    await expectBranded(page);
    await expectAccessible(page);
    await screenshot(page, 'investor-2-verify');
    await page.getByLabel('Verification code').fill(await verificationCode(email));
    await page.getByRole('button', { name: 'Verify email' }).click();

    await page.waitForURL(`${portalUrl()}/portal/vcn/profile`, { timeout: PATIENCE_MS });
    await page.getByRole('heading', { name: `Join ${BUILT_IN_PORTAL.name} as an investor` }).waitFor();
    await expectBranded(page);
    await expectAccessible(page);
    await screenshot(page, 'investor-3-join');
    await page.getByRole('button', { name: 'Join as an investor' }).click();

    const form = page.getByRole('form', { name: 'Your investor profile' });
    await form.waitFor();
    await expectBranded(page);
    await form.getByRole('textbox', { name: /^Name/ }).fill('Inês Duarte');
    await form.getByLabel('Title').fill('Partner');
    await form.getByLabel('Firm', { exact: true }).fill('Duarte Angels');
    await form.getByLabel('Investor type').selectOption('angel');
    await form.getByLabel('Seed', { exact: true }).check();
    // Sectors from the list with the keyboard: a synonym finds its entry ("pay" → Fintech).
    const sectors = form.getByRole('combobox', { name: /^Sectors/ });
    await sectors.focus();
    await sectors.pressSequentially('pay');
    expect(await sectors.getAttribute('aria-expanded')).toBe('true');
    await form.getByRole('option', { name: 'Fintech', exact: true }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'investor-4-sector-type-ahead');
    await sectors.press('Enter');
    await sectors.pressSequentially('clim');
    await form.getByRole('option', { name: 'Climate', exact: true }).waitFor();
    await sectors.press('ArrowDown');
    await sectors.press('Enter');
    await form.getByRole('button', { name: 'Remove Fintech' }).waitFor();
    await form.getByRole('button', { name: 'Remove Climate' }).waitFor();
    // Escape closes the list; Backspace in the empty box takes the last choice back, and it is chosen again.
    await sectors.pressSequentially('xyzzy');
    await form.getByText('Nothing on the list matches “xyzzy”.', { exact: false }).waitFor();
    await sectors.press('Escape');
    expect(await sectors.getAttribute('aria-expanded')).toBe('false');
    await sectors.fill('');
    await sectors.press('Backspace');
    expect(await form.getByRole('button', { name: 'Remove Climate' }).count()).toBe(0);
    await sectors.pressSequentially('climate');
    await sectors.press('Enter');
    await form.getByRole('button', { name: 'Remove Climate' }).waitFor();
    await form.getByLabel('Countries').fill('Portugal');
    await form.getByLabel('Smallest cheque (US$)').fill('25k');
    await form.getByLabel('Largest cheque (US$)').fill('150k');
    await form.getByLabel('I lead').check();
    await form.getByLabel('In a few sentences: what you back and why').fill('First cheques into fintech.');
    await form.getByLabel('LinkedIn', { exact: true }).fill('linkedin.com/in/ines-duarte');
    await form.getByLabel('Founders may buy my email').check();
    await expectAccessible(page);
    await screenshot(page, 'investor-4-profile-form');
    await form.getByRole('button', { name: 'Submit for review' }).click();

    await page.getByRole('heading', { name: SUBMITTED_HEADING }).waitFor();
    await page.getByText(`we will email you at ${email}`, { exact: false }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'investor-5-submitted');

    // What was submitted is kept: a reload shows the submitted state, with what founders may buy.
    await page.reload();
    await page.getByRole('heading', { name: SUBMITTED_HEADING }).waitFor();
    await page.getByText('Submitted for review', { exact: true }).waitFor();
    const summary = page.locator('dl');
    await summary.getByText('Fintech, Climate').waitFor();
    await summary.getByText('$25K–$150K').waitFor();
    expect(await summary.getByText('Email', { exact: true }).count()).toBe(1);

    // On a phone: the submitted state, then the form again (editing it takes it back to a draft).
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page);
    await screenshot(page, 'investor-5-submitted-phone');
    await page.getByRole('button', { name: 'Edit your profile' }).click();
    await form.waitFor();
    await expectAccessible(page);
    await screenshot(page, 'investor-4-profile-form-phone');
    // The sector type-ahead on a phone: the list opens under the box, in reach of a thumb.
    const phoneSectors = form.getByRole('combobox', { name: /^Sectors/ });
    await phoneSectors.focus();
    await phoneSectors.pressSequentially('health');
    await form.getByRole('option', { name: 'Health', exact: true }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'investor-4-sector-type-ahead-phone', { fullPage: false });
    await phoneSectors.press('Escape');
    expect(await phoneSectors.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it("refuses a founder's account that keeps founder records, saying why, at the join step", async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${portalUrl()}/portal/vcn/login`);
    await page.getByLabel('Email').fill(ACCOUNTS.founder.email);
    await page.getByLabel('Password').fill(ACCOUNTS.founder.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${portalUrl()}/portal/vcn/profile`);

    await page.getByRole('button', { name: 'Join as an investor' }).click();

    await page
      .getByRole('alert')
      .getByText(/it is a founder's account/)
      .waitFor();
    await expectBranded(page);
    await screenshot(page, 'investor-3-join-refused-phone');
    await context.close();
  });

  it('shows an investor on the main site their profile, not a founder’s navigation', async () => {
    const { page, context } = await browser.newPage();
    await page.goto(`${e2e.appUrl}/login`);
    await page.getByLabel('Email').fill(ACCOUNTS.investor.email);
    await page.getByLabel('Password').fill(ACCOUNTS.investor.password);
    await page.getByRole('button', { name: 'Login' }).click();

    await page.waitForURL(/\/investor\/profile$/);
    await page.getByRole('heading', { name: 'Your investor profile' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Your investor profile' }).waitFor();
    expect(await nav.getByRole('link', { name: /^Cart/ }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Podcasts' }).count()).toBe(0);
    // A founder's page sends an investor back to their own.
    await page.goto(`${e2e.appUrl}/account/settings`);
    await page.waitForURL(/\/investor\/profile$/);
    await expectAccessible(page);
    await screenshot(page, 'investor-main-site');
    await context.close();
  });
});
