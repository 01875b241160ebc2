import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { ACCOUNTS, browserPerFile, e2e, screenshot, severeAccessibilityViolations } from './support/browser';
import { emptyCart, logIn } from './support/flows';

/**
 * axe-core on every screen, as a visitor, a founder and an admin meet them, at desktop and phone
 * width, light and (on a phone) dark: no serious or critical violation anywhere, and no page wider
 * than its window. Each pass (a few screens, so no test runs long on a busy machine) collects every
 * screen's findings and then asserts, so one run reports them all.
 */
const browser = browserPerFile();

const VIEWS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 }, colorScheme: 'light' },
  { name: 'phone', viewport: { width: 390, height: 844 }, colorScheme: 'light' },
  { name: 'phone-dark', viewport: { width: 390, height: 844 }, colorScheme: 'dark' },
] as const;

type View = (typeof VIEWS)[number];

/** Opens a screen, waits until it has loaded (no spinner left), and records what axe finds there. */
async function audit(page: Page, found: string[], label: string, ready: () => Promise<unknown>) {
  await ready();
  await page.locator('.spinner-border').first().waitFor({ state: 'detached' });
  for (const violation of await severeAccessibilityViolations(page)) found.push(`${label}: ${violation}`);
  // Reflow (WCAG 1.4.10): the page never scrolls sideways; wide tables scroll inside themselves.
  const width = page.viewportSize()?.width ?? 0;
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  if (pageWidth > width) found.push(`${label}: the page is ${pageWidth} px wide in a ${width} px window`);
}

async function open(
  page: Page,
  found: string[],
  path: string,
  ready: () => Promise<unknown>,
  base = e2e.appUrl,
) {
  await page.goto(`${base}${path}`);
  await audit(page, found, path, ready);
}

const heading = (page: Page, name: string | RegExp) => () =>
  page.getByRole('heading', { name }).first().waitFor();
const text = (page: Page, value: string) => () => page.getByText(value, { exact: true }).first().waitFor();

async function newView(view: View) {
  return browser.newPage({ viewport: view.viewport, colorScheme: view.colorScheme });
}

describe.each(VIEWS)('every screen has no serious accessibility violation: $name', (view) => {
  it('as a visitor: the public pages', async () => {
    const { page, context } = await newView(view);
    const found: string[] = [];
    await open(page, found, '/', heading(page, 'VC Directory'));
    await open(page, found, '/about', text(page, messages.aboutTagline));
    await open(page, found, '/pricing', heading(page, 'Pricing'));
    // A deck link's viewer (issue 53), for a link that cannot be opened (no deck of the demo's).
    await open(page, found, `/d/${'A'.repeat(43)}`, text(page, 'Deck'));
    await open(page, found, '/login', () => page.getByRole('button', { name: 'Login' }).waitFor());
    await open(page, found, '/register', () => page.getByRole('button', { name: 'Register' }).waitFor());
    await open(page, found, '/reset-password', heading(page, /password/i));
    await open(page, found, '/home', heading(page, 'Stage focus'));
    await open(page, found, '/no-such-page', () => page.getByText(messages.notFound).waitFor());
    expect(found).toEqual([]);
    await context.close();
  });

  it('as a visitor: search, a profile, podcasts and the cart', async () => {
    const { page, context } = await newView(view);
    const found: string[] = [];
    await open(page, found, '/investors/search', text(page, messages.enterSearchTerm));
    await open(page, found, '/investors/search?stageFocus=seed', heading(page, /^Search Results \(\d+\)$/));
    const profile = await page.locator('.investor-card a[href^="/investors/"]').first().getAttribute('href');
    await open(page, found, profile ?? '/investors/missing', () => page.locator('main h1').first().waitFor());
    await open(page, found, '/investors/search?q=zzzzzz-nobody', text(page, messages.noInvestorsMatching));
    await open(page, found, '/podcasts', heading(page, 'Founder podcasts'));
    await open(page, found, '/cart', text(page, messages.noInvestorsInCart));
    await screenshot(page, `a11y-visitor-${view.name}`);
    expect(found).toEqual([]);
    await context.close();
  });

  it("as a visitor: a partner portal's page and a fresh sign-up's verify page", async () => {
    const { page, context } = await newView(view);
    const found: string[] = [];
    await open(page, found, '/', text(page, 'VCN Investor Portal'), `http://vcn.localhost:${e2e.appPort}`);
    await open(page, found, '/onboard/vcn', text(page, 'VCN Investor Portal'));

    // The verify page, as a fresh sign-up meets it.
    await page.goto(`${e2e.appUrl}/register`);
    await page.getByLabel('Email').fill(`a11y-${Math.random().toString(36).slice(2, 10)}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('e2e-password-1');
    await page.getByLabel('Confirm password').fill('e2e-password-1');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL(/\/verify-email$/);
    await audit(page, found, '/verify-email', heading(page, 'Verify your email'));
    expect(found).toEqual([]);
    await context.close();
  });

  it('as a founder: home, account and projects', async () => {
    const { page, context } = await newView(view);
    const found: string[] = [];
    await logIn(page, ACCOUNTS.founder);
    await audit(page, found, '/home (signed in)', heading(page, 'Stage focus'));
    await emptyCart(page);
    await open(page, found, '/account/settings', heading(page, 'Contact Library'));
    const project = await page.locator('a[href^="/project/"]').first().getAttribute('href');
    expect(project).toMatch(/^\/project\/.+/);
    // A founder's own connections (issue 52): the upload page.
    await open(page, found, '/account/connections', () => page.getByTestId('connections-count').waitFor());
    await open(page, found, project ?? '', () =>
      page.getByRole('button', { name: 'Delete Project' }).waitFor(),
    );
    const projectId = (project ?? '').split('/').at(-1);
    await open(page, found, `/projects/${projectId}/jorts`, heading(page, /Business Insights/));
    // Investor updates (issue 53): the list and the composer (test/e2e/investor-updates.test.ts too).
    await open(page, found, `/projects/${projectId}/updates`, heading(page, 'Investor updates'));
    await open(page, found, `/projects/${projectId}/updates/new`, () =>
      page.getByRole('button', { name: 'Send update' }).waitFor(),
    );
    // The investors who fit a project's raise (issue 35): the demo project with its raise.
    await open(page, found, '/projects/proj_demo_1/investors', () =>
      page.locator('article.shortlist-card .fit-reasons').first().waitFor(),
    );
    // The deck's upload screen (issue 53), of the demo project.
    await open(page, found, '/projects/proj_demo_1/deck', heading(page, 'Versions'));
    await open(page, found, `/project/no-such-project`, () =>
      page.getByRole('link', { name: /back/i }).first().waitFor(),
    );
    await open(page, found, '/connect/stripe', () => page.locator('main .alert, main h1').first().waitFor());
    expect(found).toEqual([]);
    await context.close();
  });

  it('as a founder: a cart, its purchase page and the podcasts', async () => {
    const { page, context } = await newView(view);
    const found: string[] = [];
    await logIn(page, ACCOUNTS.founder);
    // A cart: add one investor, look at the export builder, save it and look at its purchase page.
    await open(page, found, '/investors/search?stageFocus=seed', heading(page, /^Search Results \(\d+\)$/));
    await page.getByRole('button', { name: 'Add to Export Cart' }).first().click();
    await audit(page, found, 'search with an investor in the cart', () =>
      page
        .getByRole('button', { name: /^Remove/ })
        .first()
        .waitFor(),
    );
    await open(page, found, '/cart', () =>
      page.getByRole('button', { name: 'Save Cart & Purchase' }).waitFor(),
    );
    await page.getByRole('button', { name: 'Save Cart & Purchase' }).click();
    await page.waitForURL(/\/cart\/[^/]+$/);
    await audit(page, found, '/cart/{cartId}', heading(page, 'Purchase Contact List'));
    await open(page, found, '/podcasts', () =>
      page.getByRole('button', { name: 'List a Podcast' }).waitFor(),
    );

    await screenshot(page, `a11y-founder-${view.name}`);
    expect(found).toEqual([]);
    await context.close();
  });

  it("in a partner portal's steps (issue 21): a visitor's, a founder's join step, an investor's profile", async () => {
    const vcn = `http://vcn.localhost:${e2e.appPort}`;
    const found: string[] = [];
    const visitor = await newView(view);
    await open(visitor.page, found, '/portal/vcn/register', heading(visitor.page, 'Register'), vcn);
    await open(visitor.page, found, '/portal/vcn/login', heading(visitor.page, 'Login'), vcn);
    await open(visitor.page, found, '/portal/vcn/reset-password', heading(visitor.page, /password/i), vcn);
    await visitor.context.close();

    // Signed in through the portal, each lands on the portal's profile step.
    const portalLogIn = async (page: Page, account: { email: string; password: string }) => {
      await page.goto(`${vcn}/portal/vcn/login`);
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password').fill(account.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL(/\/portal\/vcn\/profile$/);
    };
    const founder = await newView(view);
    await portalLogIn(founder.page, ACCOUNTS.founder);
    await audit(founder.page, found, 'join step', heading(founder.page, /^Join .* as an investor$/));
    await screenshot(founder.page, `a11y-portal-join-${view.name}`);
    await founder.context.close();

    const investor = await newView(view);
    await portalLogIn(investor.page, ACCOUNTS.investor);
    await audit(investor.page, found, 'portal profile form', heading(investor.page, 'Your investor profile'));
    await screenshot(investor.page, `a11y-portal-profile-${view.name}`);
    await investor.context.close();

    expect(found).toEqual([]);
  });

  it('as an admin', async () => {
    const { page, context } = await newView(view);
    const found: string[] = [];
    await logIn(page, ACCOUNTS.admin);
    await open(page, found, '/admin', heading(page, /Mapping Debugger/i));
    await open(page, found, '/admin/carts', () => page.locator('main .card, main .alert').first().waitFor());
    // Reports of wrong data, with the bounce-credit note (issue 20; test/e2e/bounce-credit.test.ts too).
    await open(page, found, '/admin/reports', heading(page, 'Reports of wrong data'));
    // Submitted investor profiles (issue 21; test/e2e/investor-review.test.ts too).
    await open(page, found, '/admin/submissions', heading(page, 'Submitted investor profiles'));
    await open(
      page,
      found,
      '/admin/debug-field?targetField=stageFocus&selectedValues=seed&finalValue=Seed',
      () => page.locator('main h1').first().waitFor(),
    );
    expect(found).toEqual([]);
    await context.close();
  });
});
