import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { updateMessages } from '../../shared/updates/limits';
import { PATIENCE_MS } from '../support/patience';
import { browserPerFile, e2e, expectAccessible, inbox, screenshot } from './support/browser';
import { logIn, registerNewFounder } from './support/flows';

/**
 * Monthly investor updates in Chromium (issue 53): a founder adds two of their own contacts to the
 * pipeline, writes an update from the project page (the round's coverage filled in), sends it to
 * their own contacts, sees it sent and delivered, reads its web copy; a recipient opens the link of
 * their email in another browser and the founder sees the open. At 1280 and 390 px, each screen
 * checked with axe.
 */

const browser = browserPerFile();
const run = randomUUID().slice(0, 6);
const contacts = [
  { name: `Ana Angel ${run}`, email: `ana.${run}@angels.example` },
  { name: `Ben Backer ${run}`, email: `ben.${run}@backers.example` },
];
const subject = `Raise ${run}: investor update`;

describe('monthly investor updates in Chromium against the local home', () => {
  let email = '';
  let updatesUrl = '';
  let copyUrl = '';

  it('writes and sends an update to own contacts, sees it delivered and reads its web copy (1280 px)', async () => {
    const { page, context } = await browser.newPage();
    email = await registerNewFounder(page, 'updates');
    await page.goto(`${e2e.appUrl}/account/settings`);
    await page.getByPlaceholder(messages.projectNamePlaceholder).fill(`Raise ${run}`);
    await page.getByPlaceholder(messages.projectDescriptionPlaceholder).fill('Our seed round.');
    await page.getByRole('button', { name: 'List Project' }).click();
    await page.waitForURL(/\/project\/proj_/);
    const projectUrl = page.url();

    await page.getByRole('link', { name: 'Open the pipeline' }).click();
    await page.waitForURL(/\/pipeline$/);
    for (const contact of contacts) {
      await page.getByRole('button', { name: 'Add your own contact' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name').fill(contact.name);
      await dialog.getByLabel('Email').fill(contact.email);
      await dialog.getByRole('button', { name: 'Add to pipeline' }).click();
      await page.locator(`article[aria-label^="${contact.name},"]`).waitFor({ timeout: PATIENCE_MS });
    }

    await page.goto(projectUrl);
    await page.getByRole('link', { name: 'Open investor updates' }).click();
    await page.waitForURL(/\/updates$/);
    updatesUrl = page.url();
    await page.getByText('No updates yet').waitFor();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Write an update' }).click();
    await page.waitForURL(/\/updates\/new$/);
    await page.getByRole('heading', { name: 'Write an investor update' }).waitFor();
    // The round's coverage, from the pipeline (nothing committed yet); no MRR without Stripe.
    await page.getByLabel('Round: $0 committed, 0 investors').waitFor();
    expect(await page.getByLabel('MRR: connect Stripe to this project to include it').isDisabled()).toBe(
      true,
    );
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Highlights').fill(`Two pilots signed ${run}.`);
    await page.getByLabel('Asks').fill('Intros to logistics buyers.');
    await page.getByRole('button', { name: 'Add My own contacts (2)' }).click();
    for (const contact of contacts)
      expect(await page.getByLabel(new RegExp(contact.name)).isChecked()).toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'update-composer-1280');
    await page.getByRole('button', { name: 'Send update' }).click();

    await page.waitForURL(/\/updates$/);
    const card = page.locator('li', { has: page.getByRole('heading', { name: subject }) });
    await card.getByText(/^Sent /).waitFor({ timeout: PATIENCE_MS });
    const figure = (label: string) =>
      card.locator('dl > div', { has: page.getByText(label, { exact: true }) }).locator('dd');
    await expect.poll(() => figure('Delivered').textContent(), { timeout: PATIENCE_MS }).toBe('2');
    expect(await figure('Bounced').textContent()).toBe('0');
    await expectAccessible(page);

    // Each contact got it once, with the link of their own.
    const mails = await inbox(contacts[0]?.email ?? '');
    expect(mails.filter((mail) => mail.subject === subject)).toHaveLength(1);
    copyUrl =
      /Read it on the web: (\S+)/.exec(
        mails.find((mail) => mail.subject === subject)?.body.text ?? '',
      )?.[1] ?? '';
    expect(copyUrl).toMatch(/\/updates\/read\/[\w-]{43}\?r=[\w-]{43}$/);

    await card.getByRole('link', { name: 'Read the web copy' }).click();
    await page.getByRole('heading', { name: subject }).waitFor();
    await page.getByText(`Two pilots signed ${run}.`).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'update-web-copy-1280');
    await context.close();
  });

  it('records the open of the link in an email read in another browser', async () => {
    expect(copyUrl).not.toBe('');
    const reader = await browser.newPage();
    await reader.page.goto(copyUrl.replace(/^https?:\/\/[^/]+/, e2e.appUrl));
    await reader.page.getByRole('heading', { name: subject }).waitFor();
    await reader.context.close();

    const { page, context } = await browser.newPage();
    await logIn(page, { email, password: 'e2e-password-1' });
    await page.goto(updatesUrl);
    const card = page.locator('li', { has: page.getByRole('heading', { name: subject }) });
    const opened = card.locator('dl > div', { has: page.getByText('Opened', { exact: true }) }).locator('dd');
    await expect.poll(() => opened.textContent(), { timeout: PATIENCE_MS }).toBe('1');
    await context.close();
  });

  it('shows the updates, the composer and the web copy on a phone (390 px)', async () => {
    expect(updatesUrl).not.toBe('');
    const { page, context } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await logIn(page, { email, password: 'e2e-password-1' });
    const noSidewaysScroll = async () =>
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(1);
    await page.goto(updatesUrl);
    await page.getByRole('heading', { name: subject }).waitFor();
    await noSidewaysScroll();
    await expectAccessible(page);
    await screenshot(page, 'updates-390');
    await page.getByRole('link', { name: 'Write an update' }).click();
    await page.getByRole('heading', { name: 'Write an investor update' }).waitFor();
    await page.getByText('1 of 4 updates sent this month.').waitFor();
    await noSidewaysScroll();
    await expectAccessible(page);
    await screenshot(page, 'update-composer-390');
    await page.goto(updatesUrl);
    await page.getByRole('link', { name: 'Read the web copy' }).first().click();
    await page.getByText(`Two pilots signed ${run}.`).waitFor();
    await noSidewaysScroll();
    await expectAccessible(page);
    await screenshot(page, 'update-web-copy-390');
    await context.close();
  });

  it('shows "Not sent" and says nobody received it when the sending workflow cannot start (1280 and 390 px)', async () => {
    expect(updatesUrl).not.toBe('');
    const notSent = `Not sent ${run}: investor update`;
    // The local Step Functions refuses every start of the updates' workflow, as a throttled service does.
    const refuse = async (refuseStarts: boolean) => {
      const response = await fetch(`${e2e.gatewayUrl}/local/faults/stepfunctions`, {
        method: 'POST',
        body: JSON.stringify({ machine: 'updateSend', refuseStarts }),
      });
      expect(response.status).toBe(200);
    };
    const { page, context } = await browser.newPage();
    await logIn(page, { email, password: 'e2e-password-1' });
    await refuse(true);
    try {
      await page.goto(updatesUrl);
      await page.getByRole('link', { name: 'Write an update' }).click();
      await page.getByRole('heading', { name: 'Write an investor update' }).waitFor();
      await page.getByLabel('Subject').fill(notSent);
      await page.getByLabel('Highlights').fill(`Two pilots signed ${run}.`);
      await page.getByRole('button', { name: 'Add My own contacts (2)' }).click();
      await page.getByRole('button', { name: 'Send update' }).click();
      // The composer keeps what was written and says why.
      await page.getByText(updateMessages.startFailed).waitFor({ timeout: PATIENCE_MS });
      expect(await page.getByLabel('Subject').inputValue()).toBe(notSent);
    } finally {
      await refuse(false);
    }
    await page.goto(updatesUrl);
    const card = page.locator('li', { has: page.getByRole('heading', { name: notSent }) });
    await card.getByText('Not sent', { exact: true }).waitFor({ timeout: PATIENCE_MS });
    await card.getByText(updateMessages.startFailed).waitFor();
    // The sent update is still shown as sent.
    const sent = page.locator('li', { has: page.getByRole('heading', { name: subject }) });
    await sent.getByText(/^Sent /).waitFor();
    await expectAccessible(page);
    // Nobody received it.
    for (const contact of contacts)
      expect((await inbox(contact.email)).filter((mail) => mail.subject === notSent)).toHaveLength(0);
    await context.close();

    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await logIn(phone.page, { email, password: 'e2e-password-1' });
    await phone.page.goto(updatesUrl);
    const phoneCard = phone.page.locator('li', { has: phone.page.getByRole('heading', { name: notSent }) });
    await phoneCard.getByText('Not sent', { exact: true }).waitFor({ timeout: PATIENCE_MS });
    await phoneCard.getByText(updateMessages.startFailed).waitFor();
    expect(
      await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(1);
    await expectAccessible(phone.page);
    // It does not count towards the month's updates.
    await phone.page.getByRole('link', { name: 'Write an update' }).click();
    await phone.page.getByText('1 of 4 updates sent this month.').waitFor();
    await phone.context.close();
  });
});
