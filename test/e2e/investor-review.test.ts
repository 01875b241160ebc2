import { describe, expect, it } from 'vitest';
import { CONFIRM_PROFILE, WITHDRAW_PROFILE } from '../../web/pages/investor-account/listing-panel';
import { PATIENCE_MS } from '../support/patience';
import { ACCOUNTS, browserPerFile, e2e, expectAccessible, screenshot } from './support/browser';
import { demoEntryWithEmail } from './support/directory-entries';
import { logIn } from './support/flows';
import { joinAndSubmitProfile, portalInvestor } from './support/investor-listing';

const browser = browserPerFile();

/**
 * Issue 21 end to end, in Chromium: an investor joins through the vcn portal and submits a profile,
 * an admin approves it in the review queue, a founder finds them with "confirmed by the investor",
 * and the investor sees their listing, confirms it, then withdraws it.
 */
describe('an investor listed through the review queue (Chromium, vcn.localhost)', () => {
  it('joins, is approved by an admin, and is found by a founder with the "confirmed by the investor" marker', async () => {
    const run = Math.random().toString(36).slice(2, 10);
    const { email, name, sector } = portalInvestor(run);

    // The investor: register, verify and join on vcn.localhost, then submit a profile offering the email.
    const investor = await browser.newPage();
    const page = investor.page;
    await joinAndSubmitProfile(page, { email, name, sector });

    // The admin: the queue, linked from the admin page; approve.
    const admin = await browser.newPage();
    await logIn(admin.page, ACCOUNTS.admin);
    await admin.page.goto(`${e2e.appUrl}/admin`);
    await admin.page.getByRole('link', { name: 'Review submitted profiles' }).click();
    await admin.page.waitForURL(/\/admin\/submissions$/);
    const submission = admin.page.getByRole('article', { name: `Profile of ${name}` });
    await submission.waitFor();
    await submission.getByText(`Email (${email})`).waitFor();
    await expectAccessible(admin.page);
    await screenshot(admin.page, 'review-1-admin-queue');
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(admin.page);
    await screenshot(admin.page, 'review-1-admin-queue-phone');
    await submission.getByRole('button', { name: 'Approve', exact: true }).click();
    await submission.waitFor({ state: 'detached', timeout: PATIENCE_MS });
    await admin.context.close();

    // A founder finds them by the sector, with the investor's marker and no value.
    const founder = await browser.newPage();
    await logIn(founder.page, ACCOUNTS.founder);
    await founder.page.goto(
      `${e2e.appUrl}/investors/search?sectorFocus=${encodeURIComponent(sector.toLowerCase())}`,
    );
    const card = founder.page.locator('main').getByText(name).first();
    await card.waitFor({ timeout: PATIENCE_MS });
    const month = new Date().toLocaleDateString('en-US', {
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    await founder.page
      .getByText(`Email · confirmed by the investor ${month}`, { exact: false })
      .first()
      .waitFor();
    expect(await founder.page.content()).not.toContain(email);
    await expectAccessible(founder.page);
    await screenshot(founder.page, 'review-2-founder-search');
    await founder.page.setViewportSize({ width: 390, height: 844 });
    await screenshot(founder.page, 'review-2-founder-search-phone');
    await founder.context.close();

    // The investor sees the listing and confirms it, without review.
    await page.reload();
    await page.getByRole('heading', { name: 'Your profile is in the directory' }).waitFor();
    await page.getByText('Listed', { exact: true }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'review-3-investor-listed');
    await page.getByRole('button', { name: CONFIRM_PROFILE }).click();
    await page.getByRole('button', { name: 'Withdraw my Email' }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page);
    await screenshot(page, 'review-3-investor-listed-phone');

    // Opting out: the whole profile, after a confirmation step; it says so at once.
    await page.getByRole('button', { name: WITHDRAW_PROFILE }).click();
    await page.getByRole('button', { name: 'Yes, withdraw my profile' }).click();
    await page.getByText(/You withdrew your profile on/).waitFor();
    await page.getByText('Withdrawn', { exact: true }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'review-4-investor-withdrawn-phone');
    await investor.context.close();
  });

  it("lists a profile that types an existing investor's email as a new entry unless the admin decides, side by side, that it joins", async () => {
    const run = Math.random().toString(36).slice(2, 10);
    const { email, name, sector } = portalInvestor(run);
    const admin = await browser.newPage();
    await logIn(admin.page, ACCOUNTS.admin);
    const existing = await demoEntryWithEmail(admin.page, 3);

    // The investor's own account; the existing investor's email typed as the profile's contact email.
    const investor = await browser.newPage();
    await joinAndSubmitProfile(investor.page, {
      email,
      name,
      sector,
      contactEmail: existing.email,
      thesis: 'Angel cheques into climate founders.\n\nOften the first.',
      portfolio: 'Heliotrope (heliotrope.example, Pre-Seed, 2022)\nTidewater Grid (Seed, 2024)',
    });
    // What the investor submitted, profile facts included (issue 33).
    const submitted = investor.page.locator('dl');
    await submitted
      .getByText('Heliotrope (https://heliotrope.example, Pre-Seed, 2022)', { exact: false })
      .waitFor();
    await investor.page.getByRole('heading', { name: 'Thesis' }).waitFor();
    await screenshot(investor.page, 'review-0-investor-submitted-facts');
    await investor.page.setViewportSize({ width: 390, height: 844 });
    expect(await investor.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(investor.page, 'review-0-investor-submitted-facts-phone');
    await investor.context.close();

    // The admin sees the entry it may be, side by side, and that it is a new entry unless they decide.
    await admin.page.goto(`${e2e.appUrl}/admin/submissions`);
    const submission = admin.page.getByRole('article', { name: `Profile of ${name}` });
    await submission.waitFor();
    const entry = submission.getByRole('region', { name: `Directory entry for ${name}` });
    await entry.getByText('May be an investor already in the directory', { exact: false }).waitFor();
    await entry.getByRole('link', { name: new RegExp(existing.name) }).waitFor();
    await entry.getByRole('table').getByRole('rowheader', { name: 'Firm' }).waitFor();
    // The profile facts it would give the entry (issue 33), side by side too.
    const portfolioRow = entry.getByRole('row', { name: /^Portfolio/ });
    await portfolioRow.waitFor();
    expect(await portfolioRow.innerText()).toContain('Tidewater Grid (Seed, 2024)');
    await entry.getByRole('table').getByRole('rowheader', { name: 'Thesis' }).waitFor();
    expect(await entry.getByLabel('List as a new entry').isChecked()).toBe(true);
    await expectAccessible(admin.page);
    await screenshot(admin.page, 'review-5-join-decision');
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(admin.page);
    await screenshot(admin.page, 'review-5-join-decision-phone');
    expect(await admin.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await entry.getByLabel('Join this entry: it is the same person').check();
    await submission.getByRole('button', { name: 'Approve and join this entry' }).click();
    await admin.page.getByText(`Approved: ${name} is listed`, { exact: false }).waitFor({ timeout: 20_000 });
    await submission.waitFor({ state: 'detached', timeout: 20_000 });
    await screenshot(admin.page, 'review-6-joined-phone');

    // The existing entry is now the investor's: their name and firm on its public page.
    await admin.page.goto(`${e2e.appUrl}/investors/${existing.investorId}`);
    await admin.page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 20_000 });
    await admin.page.getByText('Listed Capital').first().waitFor();
    await admin.context.close();
  });
});
