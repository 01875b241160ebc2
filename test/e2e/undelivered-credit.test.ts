import { describe, expect, it } from 'vitest';
import { undeliveredCreditLine } from '../../shared/credits/undelivered-credit';
import { WITHDRAW_PROFILE } from '../../web/pages/investor-account/listing-panel';
import { PATIENCE_MS } from '../support/patience';
import { ACCOUNTS, browserPerFile, e2e, expectAccessible, inbox, screenshot } from './support/browser';
import { logIn, registerNewFounder } from './support/flows';
import { joinAndSubmitProfile, portalInvestor } from './support/investor-listing';

const browser = browserPerFile();

/**
 * A paid cart whose investor left the directory between the save and the payment, in Chromium: an
 * investor listed through the vcn portal is saved in a founder's cart, withdraws their profile, and
 * then the founder pays. The founder gets a credit for it, told by the delivery email and shown in
 * the account page's credit history; the admin carts page counts it.
 */
describe('a contact no longer in the directory at delivery, in Chromium', () => {
  it('credits the founder for an investor who withdrew after the cart was saved, says so in the email and the credit history, and counts it on /admin/carts', async () => {
    // An investor joins through the portal and an admin approves the profile.
    const run = Math.random().toString(36).slice(2, 10);
    const listed = portalInvestor(run);
    const investor = await browser.newPage();
    await joinAndSubmitProfile(investor.page, listed);
    const admin = await browser.newPage();
    await logIn(admin.page, ACCOUNTS.admin);
    await admin.page.goto(`${e2e.appUrl}/admin/submissions`);
    const submission = admin.page.getByRole('article', { name: `Profile of ${listed.name}` });
    await submission.getByRole('button', { name: 'Approve', exact: true }).click();
    await submission.waitFor({ state: 'detached', timeout: PATIENCE_MS });
    await admin.context.close();

    // A founder saves a cart of that investor and one of the demo directory's.
    const { page, context } = await browser.newPage();
    const email = await registerNewFounder(page, 'undelivered');
    await page.goto(
      `${e2e.appUrl}/investors/search?sectorFocus=${encodeURIComponent(listed.sector.toLowerCase())}`,
    );
    const listedCard = page.locator('article.investor-card', { hasText: listed.name });
    await listedCard.getByRole('button', { name: 'Add to Export Cart' }).click({ timeout: PATIENCE_MS });
    await listedCard.getByText('In cart').waitFor();
    await page.goto(`${e2e.appUrl}/investors/search?sectorFocus=fintech&has=email`);
    await page.getByRole('heading', { name: /^Search Results/ }).waitFor();
    const demoCard = page.locator('article.investor-card').nth(4);
    await demoCard.getByRole('button', { name: 'Add to Export Cart' }).click();
    await demoCard.getByText('In cart').waitFor();
    const goneName = listed.name;
    await page.goto(`${e2e.appUrl}/cart`);
    await page.getByRole('button', { name: 'Save Cart & Purchase' }).click();
    await page.waitForURL(/\/cart\/cart_/);
    const cartId = new URL(page.url()).pathname.split('/').pop() ?? '';

    // The investor withdraws the whole profile before the founder pays.
    await investor.page.reload();
    await investor.page.getByRole('button', { name: WITHDRAW_PROFILE }).click();
    await investor.page.getByRole('button', { name: 'Yes, withdraw my profile' }).click();
    await investor.page.getByText('Withdrawn', { exact: true }).waitFor();
    await investor.context.close();
    const [checkout] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: /^Pay \$/ }).click(),
    ]);
    await checkout.waitForLoadState();
    await checkout.getByRole('button', { name: /^Pay \$/ }).click();
    await checkout.getByRole('heading', { name: 'Payment complete' }).waitFor();
    await checkout.close();
    await page.getByText('This contact list has been purchased').waitFor({ timeout: PATIENCE_MS });

    // The email says one contact is missing and a credit was added.
    await expect
      .poll(
        async () =>
          (await inbox(email)).some((m) =>
            JSON.stringify(m).includes(undeliveredCreditLine(1, false) ?? '-'),
          ),
        { timeout: PATIENCE_MS },
      )
      .toBe(true);

    // The account page: one credit, the history line naming the investor and the cart.
    await page.goto(`${e2e.appUrl}/account/settings`);
    await page.getByTestId('credit-balance').getByText('1').waitFor();
    const history = page.getByRole('list', { name: 'Credit history' });
    await history.getByText(`, no longer in the directory (cart ${cartId})`, { exact: false }).waitFor();
    await expect.poll(() => history.textContent()).toContain(`+1 for ${goneName}`);
    await expectAccessible(page);
    await screenshot(page, 'undelivered-credit-account');
    await context.close();

    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await logIn(phone.page, { email, password: 'e2e-password-1' });
    await phone.page.goto(`${e2e.appUrl}/account/settings`);
    await phone.page
      .getByRole('list', { name: 'Credit history' })
      .getByText(/no longer in the directory/)
      .waitFor();
    await expectAccessible(phone.page);
    await screenshot(phone.page, 'undelivered-credit-account-phone');
    await phone.context.close();

    // The admin carts page counts the credited contact.
    const adminSession = await browser.newPage();
    await logIn(adminSession.page, ACCOUNTS.admin);
    await adminSession.page.goto(`${e2e.appUrl}/admin/carts`);
    const card = adminSession.page.getByRole('article', { name: `Cart ${cartId}` });
    await card.getByText('1 undelivered (no longer in the directory)').waitFor();
    await expectAccessible(adminSession.page);
    await screenshot(adminSession.page, 'undelivered-credit-admin-carts');
    await adminSession.context.close();
  });
});
