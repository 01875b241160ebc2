import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PORTAL_FONTS } from '../../shared/api/portals';
import { ACCOUNTS, browserPerFile, e2e, expectAccessible, screenshot } from './support/browser';
import { expectToast, logIn } from './support/flows';

const browser = browserPerFile();

describe('the Portals tool in Chromium against the local home', () => {
  it('adds a portal and opens its page at its own subdomain, branded, with nothing else deployed', async () => {
    const { page, context } = await browser.newPage();
    await logIn(page, ACCOUNTS.admin);
    const label = `e2e${randomUUID().slice(0, 6)}`;

    await page.goto(`${e2e.appUrl}/admin`);
    const form = page.getByRole('form', { name: 'Add a portal' });
    await form.getByLabel('Subdomain').fill(label);
    await form.getByLabel('Name').fill('Northwind Investor Portal');
    await form.getByLabel('Description').fill('Northwind’s angels meet the founders they back.');
    await form.getByLabel('Firm', { exact: true }).fill('Northwind Capital');
    await form.getByLabel('Firm website').fill('https://northwind.example.com');
    await form.getByLabel('Font').selectOption('serif');
    await form.getByRole('button', { name: 'Add portal' }).click();
    await expectToast(page, 'Portal created');
    const link = page.getByRole('link', { name: new RegExp(`^${label}`) });
    await link.waitFor();
    await expectAccessible(page);
    await screenshot(page, 'admin-portals');

    // The tool's link is the portal's own address: <label>.localhost on this port.
    const address = await link.getAttribute('href');
    expect(address).toBe(`http://${label}.localhost:${e2e.appPort}/`);
    const portal = await context.newPage();
    await portal.goto(address ?? '');
    await portal.getByRole('heading', { level: 1, name: 'Northwind Investor Portal' }).waitFor();
    await portal.getByText('Northwind Capital ×').waitFor();
    expect(await portal.locator('main').evaluate((main) => getComputedStyle(main).fontFamily)).toBe(
      PORTAL_FONTS.serif,
    );
    await screenshot(portal, 'portal-added-by-admin');
    await context.close();
  });
});
