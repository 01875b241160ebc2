/**
 * `npm run screenshots`: the README's pictures, taken from the product as `npm run dev` starts it
 * (production build, demo data, in memory: nothing is kept), in Debian's Chromium, desktop (1280 px)
 * and phone (390 px). A founder logs in, finds investors, fills and pays a cart on the local
 * checkout, and the tour photographs each screen into docs/screenshots/. Not a test: the e2e suite
 * checks these screens; this only keeps the README's pictures true to the product.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { type DevProcess, startDevProcess } from '../infra/local/dev-process';
import { LOCAL_ACCOUNTS } from '../infra/local/seed';
import { firmKey } from '../shared/network/match';
import { deckPdf } from '../test/support/deck-pdfs';
import { launchChromium } from '../test/support/tools';

const ROOT = join(import.meta.dirname, '..');
const OUT = join(ROOT, 'docs/screenshots');
const DESKTOP = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };

async function shoot(page: Page, name: string) {
  // Let transitions (modals, toasts) settle.
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(OUT, `${name}.png`) });
  console.log(`docs/screenshots/${name}.png`);
}

async function newPage(browser: Browser, viewport: { width: number; height: number }, dark = false) {
  const context = await browser.newContext({ viewport, colorScheme: dark ? 'dark' : 'light' });
  return context.newPage();
}

async function logIn(
  page: Page,
  dev: DevProcess,
  account: { email: string; password: string } = LOCAL_ACCOUNTS.founder,
) {
  await page.goto(`${dev.appUrl}/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/**
 * Data a founder can trust (issue 20): freshness on a search card (a crop), a founder reporting a
 * bounced email, the admins' queue with that open report, and an admin's correction of a bought email
 * showing in the founder's library as "Updated".
 */
async function trustTour(browser: Browser, dev: DevProcess) {
  const founder = await newPage(browser, DESKTOP);
  await logIn(founder, dev);
  await founder.goto(`${dev.appUrl}/investors/search?sectorFocus=agtech&has=email`);
  await founder.getByRole('heading', { name: /^Search Results/ }).waitFor();
  // The first agtech card with an email: the desktop tour bought it (its email is reported and corrected).
  const card = founder.locator('article.investor-card').first();
  await card
    .getByText(/confirmed [A-Z][a-z]{2} \d{4}/)
    .first()
    .waitFor();
  await founder.waitForTimeout(400);
  await card.screenshot({ path: join(OUT, 'freshness-card.png') });
  console.log('docs/screenshots/freshness-card.png');
  const investorId = ((await card.locator('a[href^="/investors/"]').first().getAttribute('href')) ?? '')
    .split('/')
    .pop();

  await card.getByRole('button', { name: /^Report wrong data/ }).click();
  const dialog = founder.getByRole('dialog');
  await dialog.getByLabel('Reason').selectOption('email_bounced');
  await dialog.getByLabel('Note (optional)').fill('My email came back: "mailbox not found".');
  await shoot(founder, 'report-desktop');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await dialog.getByRole('button', { name: 'Send report' }).waitFor({ state: 'detached' });
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  for (const [width, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    const admin = await newPage(browser, viewport);
    await logIn(admin, dev, LOCAL_ACCOUNTS.admin);
    await admin.goto(`${dev.appUrl}/admin/reports`);
    await admin.getByRole('heading', { name: 'Reports of wrong data' }).waitFor();
    await admin.getByText('mailbox not found').first().waitFor();
    await shoot(admin, `admin-reports-${width}`);
    if (width === 'desktop') {
      // The admin corrects the bought email in the Mapping Debugger...
      await admin.goto(`${dev.appUrl}/admin?searchableInvestorId=${investorId}`);
      const email = admin.getByLabel('Email', { exact: true });
      await email.waitFor();
      await email.fill('new.address@example.com');
      await admin.getByRole('button', { name: 'Save corrections' }).click();
      await admin.getByRole('cell', { name: 'new.address@example.com' }).waitFor();
    }
    await admin.context().close();
  }
  // ...and the founder's library shows it, marked, with the value bought.
  await founder.goto(`${dev.appUrl}/account/settings`);
  await founder
    .getByText(/^Updated \S/)
    .first()
    .waitFor({ timeout: 30_000 });
  // The library's card alone: the updated row sits below the fold of the account page.
  const library = founder.locator('.card', {
    has: founder.getByRole('heading', { name: 'Contact Library' }),
  });
  await library.scrollIntoViewIfNeeded();
  await founder.waitForTimeout(400);
  await library.screenshot({ path: join(OUT, 'library-updated-desktop.png') });
  console.log('docs/screenshots/library-updated-desktop.png');
  await founder.context().close();
}

/** A crop of one element, scrolled into view. */
async function shootElement(page: Page, locator: ReturnType<Page['locator']>, name: string) {
  await locator.scrollIntoViewIfNeeded();
  await page.waitForTimeout(400);
  await locator.screenshot({ path: join(OUT, `${name}.png`) });
  console.log(`docs/screenshots/${name}.png`);
}

/**
 * The raise's new screens (issues 49, 52, 53): the shortlist's partial fits with what each misses, a
 * card with a warm path and a deploying-now reason (the founder uploads a small Connections.csv naming
 * a partner of a shortlisted investor's firm), and a pipeline entry's deck views (a viewer reads two
 * pages of a deck in a browser context of their own).
 */
async function raiseTour(browser: Browser, dev: DevProcess) {
  const page = await newPage(browser, DESKTOP);
  await logIn(page, dev);
  const shortlistUrl = `${dev.appUrl}/projects/proj_demo_1/investors`;
  await page.goto(shortlistUrl);
  const cards = page.locator('article.shortlist-card');
  await cards.first().waitFor();
  // Fits first, then the partial fits' heading and their first cards, each saying what is missing.
  const partial = page.locator('#shortlist-band-partial');
  // The partial fits follow every fit: more pages until their section shows.
  for (let more = 0; !(await partial.isVisible()); more++) {
    if (more > 30) throw new Error("no partial fits on the demo project's shortlist");
    const button = page.getByRole('button', { name: /^Load more/ });
    await button.waitFor();
    await button.click();
    await page.waitForTimeout(300);
  }
  await page.locator('article.shortlist-card .fit-reasons-against li').first().waitFor();
  await partial.scrollIntoViewIfNeeded();
  await page.waitForTimeout(400);
  // The last fits above the partial fits' heading, and their first cards below it, in one frame.
  const top = await partial.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  await page.screenshot({
    path: join(OUT, 'shortlist-partial-desktop.png'),
    fullPage: true,
    clip: { x: 0, y: Math.max(0, top - 280), width: DESKTOP.width, height: DESKTOP.height },
  });
  console.log('docs/screenshots/shortlist-partial-desktop.png');

  // The first investor with a firm and a deploying-now reason ("4 new Seed deals since March 2026").
  let target: { name: string; firm: string } | undefined;
  for (let i = 0; i < (await cards.count()) && !target; i++) {
    const card = cards.nth(i);
    if ((await card.getByText(/ deals? since /).count()) === 0) continue;
    const name = (await card.getByRole('heading').first().textContent())?.trim() ?? '';
    const role = (await card.locator('p.text-body').first().textContent()) ?? '';
    const firm = role.includes(' · ') ? (role.split(' · ').at(-1)?.trim() ?? '') : '';
    if (name && firm && firmKey(firm) !== '') target = { name, firm };
  }
  if (!target) throw new Error('no shortlisted investor with a firm and a deploying-now reason');
  await page.goto(`${dev.appUrl}/account/connections`);
  await page.getByRole('heading', { name: 'Your connections', level: 1 }).waitFor();
  const csv = [
    'First Name,Last Name,URL,Email Address,Company,Position,Connected On',
    `Anabel,Quist,https://www.linkedin.com/in/anabel-quist,anabel.quist@friends.example,"${target.firm}",Partner,12 Mar 2024`,
  ].join('\n');
  await page.getByLabel('CSV file').setInputFiles({
    name: 'Connections.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByRole('button', { name: 'Upload 1 row' }).click();
  await page.getByRole('heading', { name: 'Upload finished' }).waitFor();
  await page.goto(shortlistUrl);
  const warm = page.locator('article.shortlist-card', { hasText: target.name }).first();
  await warm.getByText(/^You know 1 person there: /).waitFor();
  await shootElement(page, warm, 'shortlist-warm-path-desktop');

  // A deck, a link on a pipeline entry, a viewer reading two pages, and the entry's deck views.
  const pipelineUrl = `${dev.appUrl}/projects/proj_demo_1/pipeline`;
  const investorName = 'Dana Deckreader';
  await page.goto(pipelineUrl);
  await page.getByRole('button', { name: 'Add your own contact' }).click();
  const modal = page.getByRole('dialog');
  await modal.getByLabel('Name', { exact: true }).fill(investorName);
  await modal.getByLabel('Email').fill('dana@fund.example');
  await modal.getByRole('button', { name: /^Add/ }).click();
  await modal.waitFor({ state: 'detached' });
  await page.goto(`${dev.appUrl}/projects/proj_demo_1/deck`);
  await page.getByRole('heading', { name: 'Deck', exact: true }).waitFor();
  await page.getByLabel('Deck (PDF)').setInputFiles({
    name: 'Seed deck.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(await deckPdf()),
  });
  await page.getByRole('button', { name: 'Upload deck' }).click();
  await page.getByText('Version 1 uploaded.').waitFor();
  await page.goto(pipelineUrl);
  await page.getByRole('button', { name: investorName, exact: true }).click();
  const panel = page.getByRole('dialog');
  await panel.getByRole('button', { name: 'Make a deck link' }).click();
  await panel.getByText('Not opened yet').waitFor();
  const linkUrl = (await panel.locator('.deck-link a').first().getAttribute('href')) ?? '';
  for (const reader of ['dana@fund.example', 'dana.partner@fund.example']) {
    const viewer = await newPage(browser, DESKTOP);
    await viewer.goto(linkUrl);
    await viewer.getByLabel('Your email').fill(reader);
    await viewer.getByRole('button', { name: 'View the deck' }).click();
    // A reader dwells on each page (the views count server-timed seconds per page).
    await viewer.getByRole('img', { name: /^Page 1 of 4/ }).waitFor();
    await viewer.waitForTimeout(1_500);
    await viewer.getByRole('button', { name: 'Next page' }).click();
    await viewer.getByRole('img', { name: /^Page 2 of 4/ }).waitFor();
    await viewer.waitForTimeout(1_500);
    await viewer.getByRole('button', { name: 'Next page' }).click();
    await viewer.getByRole('img', { name: /^Page 3 of 4/ }).waitFor();
    await viewer.waitForTimeout(3_000);
    await viewer.context().close();
  }
  for (let tries = 0; ; tries++) {
    await page.goto(pipelineUrl);
    await page.getByRole('button', { name: investorName, exact: true }).click();
    try {
      await panel.getByText(/^opened twice/).waitFor({ timeout: 5_000 });
      break;
    } catch (error) {
      if (tries > 12) {
        await page.screenshot({ path: '/tmp/h54shots-deck-debug.png' });
        throw error;
      }
    }
  }
  await shoot(page, 'pipeline-deck-views-desktop');

  // An update to the pipeline's own contacts, sent and delivered, in the project's updates.
  await page.goto(`${dev.appUrl}/projects/proj_demo_1/updates/new`);
  await page.getByRole('heading', { name: 'Write an investor update' }).waitFor();
  await page.getByLabel('Subject').fill('November: two pilots, seed round open');
  await page.getByLabel('Highlights').fill('Two pilots signed with Berlin logistics firms.');
  await page.getByLabel('Asks').fill('Intros to warehouse operators in Germany.');
  await page.getByRole('button', { name: /^Add My own contacts/ }).click();
  await page.getByRole('button', { name: 'Send update' }).click();
  await page.waitForURL(/\/updates$/);
  const sent = page.locator('li', {
    has: page.getByRole('heading', { name: 'November: two pilots, seed round open' }),
  });
  await sent.getByText(/^Sent /).waitFor({ timeout: 60_000 });
  const delivered = sent
    .locator('dl > div', { has: page.getByText('Delivered', { exact: true }) })
    .locator('dd');
  for (let tries = 0; (await delivered.textContent()) === '0'; tries++) {
    if (tries > 60) throw new Error('the update was never delivered');
    await page.waitForTimeout(1_000);
    await page.reload();
  }
  await shootElement(page, sent, 'update-sent-desktop');
  await page.context().close();
}

async function tour(browser: Browser, dev: DevProcess) {
  const results = /^Search Results \(\d+\)$/;

  // A visitor: the directory home and a search, on both widths; the home in dark too.
  for (const [width, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    const page = await newPage(browser, viewport);
    await page.goto(`${dev.appUrl}/home`);
    await page.getByRole('heading', { name: 'Stage focus' }).waitFor();
    await page.getByText(/with email/).waitFor();
    await shoot(page, `home-${width}`);
    await page.goto(`${dev.appUrl}/investors/search?stageFocus=seed`);
    await page.getByRole('heading', { name: results }).waitFor();
    await shoot(page, `search-${width}`);
    await page.goto(`http://vcn.localhost:${dev.appPort}/`);
    await page.getByText('VCN Investor Portal').first().waitFor();
    await shoot(page, `portal-${width}`);
    await page.context().close();
  }
  const dark = await newPage(browser, DESKTOP, true);
  await dark.goto(`${dev.appUrl}/home`);
  await dark.getByText(/with email/).waitFor();
  await shoot(dark, 'home-desktop-dark');
  await dark.context().close();

  // Finding investors: a role from the home page, a combined search, a profile, adding all results.
  const find = await newPage(browser, DESKTOP);
  await logIn(find, dev);
  await find.goto(`${dev.appUrl}/find-vc`);
  await find.getByRole('link', { name: /^Angel\s*[\d,]+$/ }).click();
  await find.getByRole('heading', { name: results }).waitFor();
  await shoot(find, 'find-1-role-link');
  await find.goto(`${dev.appUrl}/investors/search?role=angel&stageFocus=seed&q=ad`);
  await find.getByRole('heading', { name: results }).waitFor();
  await find.locator('article.investor-card').first().waitFor();
  await shoot(find, 'find-2-combined-search');
  const first = find.locator('article.investor-card h2').first();
  const name = ((await first.textContent()) ?? '').trim();
  await first.getByRole('link').click();
  await find.getByRole('heading', { level: 1, name }).waitFor();
  await shoot(find, 'find-3-profile');
  await find.goBack();
  await find.waitForURL(/q=ad/);
  await find.getByRole('heading', { name: results }).waitFor();
  await find.locator('article.investor-card').first().waitFor();
  await find.getByRole('button', { name: 'Add All Results to Export Cart' }).click();
  await find
    .getByRole('dialog')
    .getByText(/will be added/)
    .waitFor();
  await shoot(find, 'find-4-add-all-results');
  await find.context().close();

  // A founder: cart, purchase page, payment, library, podcasts, a project and its insights.
  for (const [width, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    const page = await newPage(browser, viewport);
    await logIn(page, dev);
    // The navigation of a signed-in founder (issue 50): Projects, Pipeline and Library in the navbar;
    // on a phone, the menu opened.
    await page.goto(`${dev.appUrl}/home`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    if (width === 'phone') await nav.getByRole('button', { name: 'Toggle navigation' }).click();
    await nav.getByRole('link', { name: 'Pipeline' }).waitFor();
    await nav.getByRole('link', { name: 'Library' }).waitFor();
    await shoot(page, `navbar-founder-${width}`);
    if (width === 'phone') await nav.getByRole('button', { name: 'Toggle navigation' }).click();
    await page.goto(
      `${dev.appUrl}/investors/search?sectorFocus=${width === 'desktop' ? 'agtech' : 'fintech'}&has=email`,
    );
    await page.getByRole('heading', { name: results }).waitFor();
    const cards = page.locator('article.investor-card');
    // The first investor bought: its profile shows where each value came from once bought.
    const bought = (await cards.first().locator('a[href^="/investors/"]').first().getAttribute('href')) ?? '';
    for (const i of [0, 1, 2]) {
      await cards.nth(i).getByRole('button', { name: 'Add to Export Cart' }).click();
      await cards.nth(i).getByText('In cart').waitFor();
    }
    await page.goto(`${dev.appUrl}/cart`);
    await page.getByRole('button', { name: 'Save Cart & Purchase' }).waitFor();
    await shoot(page, `cart-${width}`);
    await page.getByRole('button', { name: 'Save Cart & Purchase' }).click();
    await page.waitForURL(/\/cart\/cart_/);
    await page.getByRole('button', { name: /^Pay \$/ }).waitFor();
    await shoot(page, `purchase-${width}`);
    const [checkout] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: /^Pay \$/ }).click(),
    ]);
    await checkout.getByRole('button', { name: /^Pay \$/ }).click();
    await checkout.getByRole('heading', { name: 'Payment complete' }).waitFor();
    await checkout.close();
    await page.getByText('This contact list has been purchased').waitFor({ timeout: 30_000 });
    await page.goto(`${dev.appUrl}/account/settings`);
    // A table at 1280 px, cards on a phone.
    await page.locator('.contact-library table, .library-cards').first().waitFor({ timeout: 30_000 });
    await shoot(page, `library-${width}`);
    // Sources (issue 50): each bought value in the library with its source and month (desktop).
    if (width === 'desktop') {
      const sources = page.locator('.value-source').first();
      await sources.waitFor({ timeout: 30_000 });
      await sources.scrollIntoViewIfNeeded();
      await shoot(page, `library-sources-${width}`);
      // ...and on the profile of an investor bought: "From an import, Jan 2026" beside each value.
      await page.goto(`${dev.appUrl}${bought}`);
      const profileSource = page.locator('.value-source').first();
      await profileSource.waitFor({ timeout: 30_000 });
      await profileSource.scrollIntoViewIfNeeded();
      await shoot(page, `profile-sources-${width}`);
    }
    await page.goto(`${dev.appUrl}/podcasts`);
    await page.getByRole('button', { name: 'List a Podcast' }).waitFor();
    await shoot(page, `podcasts-${width}`);
    // The demo project's investors ranked by fit for its raise, each with its reasons (issue 35).
    await page.goto(`${dev.appUrl}/projects/proj_demo_1/investors`);
    await page.locator('article.shortlist-card .fit-reasons-for').first().waitFor();
    await shoot(page, `shortlist-${width}`);
    if (width === 'desktop') {
      await page.goto(`${dev.appUrl}/account/settings`);
      const project = (await page.locator('a[href^="/project/"]').first().getAttribute('href')) ?? '';
      await page.goto(`${dev.appUrl}${project}`);
      await page.getByRole('button', { name: 'Delete Project' }).waitFor();
      await shoot(page, 'project-desktop');
      await page.goto(`${dev.appUrl}/projects/${project.split('/').at(-1)}/jorts`);
      await page
        .getByRole('heading', { name: /Business Insights/ })
        .first()
        .waitFor();
      await shoot(page, 'insights-desktop');
    }
    await page.context().close();
  }
}

const dev = await startDevProcess(ROOT);
const browser = await launchChromium();
try {
  // SHOTS_ONLY=raise takes only the raise's screens (a few minutes instead of the whole tour).
  if (process.env.SHOTS_ONLY !== 'raise') {
    await tour(browser, dev);
    await trustTour(browser, dev);
  }
  await raiseTour(browser, dev);
} finally {
  await browser.close();
  await dev.stop();
}
