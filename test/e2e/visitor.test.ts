import { describe, expect, it } from 'vitest';
import { BRAND, messages } from '../../shared/messages';
import { browserPerFile, e2e, expectAccessible, screenshot } from './support/browser';

const browser = browserPerFile();

describe("a visitor's pages (Chromium against the local home)", () => {
  it('shows the splash page with the product name', async () => {
    const { page, context } = await browser.newPage();
    await page.goto(`${e2e.appUrl}/`);

    await expect.poll(() => page.getByText(BRAND).first().isVisible()).toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'visitor-splash');
    await context.close();
  });

  it('shows the about page with its tagline and Login and Register when logged out', async () => {
    const { page, context } = await browser.newPage();
    await page.goto(`${e2e.appUrl}/about`);

    await page.getByText(messages.aboutTagline).waitFor();
    expect(
      await page
        .getByRole('link', { name: 'Login' })
        .or(page.getByRole('button', { name: 'Login' }))
        .count(),
    ).toBeGreaterThan(0);
    expect(
      await page
        .getByRole('link', { name: 'Register' })
        .or(page.getByRole('button', { name: 'Register' }))
        .count(),
    ).toBeGreaterThan(0);
    await expectAccessible(page);
    await screenshot(page, 'visitor-about');
    await context.close();
  });

  it("shows the 404 page's exact text for an unknown path and for anything under /onboard but vcn", async () => {
    const { page, context } = await browser.newPage();
    for (const path of ['/no-such-page', '/onboard/other']) {
      await page.goto(`${e2e.appUrl}${path}`);
      await page.getByText(messages.notFound).waitFor();
    }
    await screenshot(page, 'visitor-404');
    await context.close();
  });

  it('shows the portal onboarding page at / on the vcn subdomain, and at /onboard/vcn', async () => {
    const { page, context } = await browser.newPage();
    await page.goto(`http://vcn.localhost:${e2e.appPort}/`);
    await page.getByText('VCN Investor Portal').first().waitFor();
    await expectAccessible(page);
    await screenshot(page, 'portal-vcn-subdomain');

    await page.goto(`${e2e.appUrl}/onboard/vcn`);
    await page.getByText('VCN Investor Portal').first().waitFor();
    await context.close();
  });
});
