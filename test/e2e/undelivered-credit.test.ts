import { DeleteItemCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { TABLE_NAME } from '../../infra/local/home';
import { undeliveredCreditLine } from '../../shared/credits/undelivered-credit';
import { ACCOUNTS, browserPerFile, e2e, expectAccessible, inbox, screenshot } from './support/browser';
import { logIn, registerNewFounder } from './support/flows';

const browser = browserPerFile();

/** An investor leaving the directory behind the app (as a deletion, a merge or a withdrawal does). */
async function removeFromDirectory(investorId: string): Promise<void> {
  const client = new DynamoDBClient({
    endpoint: e2e.dynamodbUrl,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await client.send(
    new DeleteItemCommand({
      TableName: TABLE_NAME,
      Key: { pk: { S: `INVESTOR#${investorId}` }, sk: { S: 'INVESTOR' } },
    }),
  );
  client.destroy();
}

/**
 * A paid cart whose investor left the directory between the save and the payment, in Chromium: the
 * founder gets a credit for it, told by the delivery email and shown in the account page's credit
 * history; the admin carts page counts it.
 */
describe('a contact no longer in the directory at delivery, in Chromium', () => {
  it('credits the founder for it, says so in the email and the credit history, and counts it on /admin/carts', async () => {
    const { page, context } = await browser.newPage();
    const email = await registerNewFounder(page, 'undelivered');

    await page.goto(`${e2e.appUrl}/investors/search?sectorFocus=fintech&has=email`);
    await page.getByRole('heading', { name: /^Search Results/ }).waitFor();
    const cards = page.locator('article.investor-card');
    const names = (await cards.locator('h2').allTextContents()).map((n) => n.trim());
    // Two investors of different names, away from the top of the list other tests buy from.
    const first = 4;
    const second = names.findIndex((n, i) => i > first && n !== names[first]);
    expect(second).toBeGreaterThan(first);
    const goneName = names[second] ?? '';
    const goneHref =
      (await cards.nth(second).locator('a[href^="/investors/"]').first().getAttribute('href')) ?? '';
    const goneId = goneHref.replace(/^\/investors\//, '');
    expect(goneId).not.toBe('');
    for (const index of [first, second]) {
      await cards.nth(index).getByRole('button', { name: 'Add to Export Cart' }).click();
      await cards.nth(index).getByText('In cart').waitFor();
    }
    await page.goto(`${e2e.appUrl}/cart`);
    await page.getByRole('button', { name: 'Save Cart & Purchase' }).click();
    await page.waitForURL(/\/cart\/cart_/);
    const cartId = new URL(page.url()).pathname.split('/').pop() ?? '';

    // The investor leaves the directory before the payment.
    await removeFromDirectory(goneId);
    const [checkout] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: /^Pay \$/ }).click(),
    ]);
    await checkout.waitForLoadState();
    await checkout.getByRole('button', { name: /^Pay \$/ }).click();
    await checkout.getByRole('heading', { name: 'Payment complete' }).waitFor();
    await checkout.close();
    await page.getByText('This contact list has been purchased').waitFor({ timeout: 30_000 });

    // The email says one contact is missing and a credit was added.
    await expect
      .poll(
        async () =>
          (await inbox(email)).some((m) =>
            JSON.stringify(m).includes(undeliveredCreditLine(1, false) ?? '-'),
          ),
        { timeout: 30_000 },
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
