import { describe, expect, it } from 'vitest';
import { securityHeaderLines } from '../../infra/edge';
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
    const portal = await page.goto(`http://vcn.localhost:${e2e.appPort}/`);
    expect(portal?.headers()).toMatchObject(securityHeaderLines({ uploads: e2e.uploadsOrigin }));
    await page.getByText('VCN Investor Portal').first().waitFor();
    // One page for the network's investors: what it is, what founders see, how an investor joins.
    await page.getByRole('heading', { name: 'How an investor joins' }).waitFor();
    await page.getByRole('heading', { name: 'What founders see' }).waitFor();
    expect(await page.getByRole('link', { name: 'Join as an investor' }).getAttribute('href')).toBe(
      '/portal/vcn/register',
    );
    expect(await page.getByText('Build your list').count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'portal-vcn-subdomain');

    await page.goto(`${e2e.appUrl}/onboard/vcn`);
    await page.getByText('VCN Investor Portal').first().waitFor();
    await context.close();
  });

  it('sends www. to the apex with the same path and query, where the page works', async () => {
    const { page, context } = await browser.newPage();
    const api = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/api/'));
    const answer = await page.goto(`http://www.localhost:${e2e.appPort}/investors/search?stageFocus=seed`);

    expect(page.url()).toBe(`${e2e.appUrl}/investors/search?stageFocus=seed`);
    expect(answer?.request().redirectedFrom()?.url()).toBe(
      `http://www.localhost:${e2e.appPort}/investors/search?stageFocus=seed`,
    );
    await page.getByRole('heading', { name: /^Search Results \(\d+\)$/ }).waitFor();
    // The app calls the API on its own origin: no CORS, no other host.
    expect(new URL((await api).url()).origin).toBe(e2e.appUrl);
    expect((await api).status()).toBe(200);
    await context.close();
  });
});
