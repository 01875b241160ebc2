import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../shared/messages';
import { deckPdf } from '../support/deck-pdfs';
import { PATIENCE_MS } from '../support/patience';
import { browserPerFile, e2e, expectAccessible, inbox, screenshot } from './support/browser';
import { logIn, registerNewFounder } from './support/flows';

/**
 * Deck links per investor in Chromium (issue 53): a founder uploads a deck, makes a link from an
 * investor's panel in the pipeline, a viewer in another browser context gives their email and reads
 * two pages (drawn by pdf.js under the production CSP, watermarked), and the founder sees the pages
 * and minutes on the entry; at 1280 and 390 px, each screen checked with axe.
 */

const browser = browserPerFile();
const run = randomUUID().slice(0, 6);
const investorName = `Vera Viewer ${run}`;
const viewerEmail = `vera.${run}@reads-decks.example`;

/** Console errors and warnings of a page (pdf.js must add none). */
function watchConsole(page: Page): string[] {
  const noise: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') noise.push(message.text());
  });
  page.on('pageerror', (error) => noise.push(`uncaught: ${error.message}`));
  return noise;
}

/**
 * Waits until pdf.js has drawn the page on the canvas (the viewer marks the page it finished), and
 * checks the canvas holds a drawing, not a blank (a blank canvas's PNG is a few hundred bytes).
 */
async function pageDrawn(page: Page, number: number, of: number) {
  await page.getByRole('img', { name: new RegExp(`^Page ${number} of ${of}`) }).waitFor();
  const canvas = page.locator(`canvas.deck-canvas[data-drawn-page="${number}"]`);
  await canvas.waitFor();
  const png = await canvas.evaluate((element: HTMLCanvasElement) => element.toDataURL('image/png').length);
  expect(png).toBeGreaterThan(5000);
}

describe('deck links in Chromium against the local home', () => {
  let pipelineUrl = '';
  let deckUrl = '';
  let linkUrl = '';
  let founder = '';

  it('uploads a deck, makes a link, a viewer reads two pages, the founder sees pages and minutes (1280 px)', async () => {
    const { page, context } = await browser.newPage();
    const founderEmail = await registerNewFounder(page, 'deck');
    founder = founderEmail;
    await page.goto(`${e2e.appUrl}/account/settings`);
    await page.getByPlaceholder(messages.projectNamePlaceholder).fill(`Deck Raise ${run}`);
    await page.getByPlaceholder(messages.projectDescriptionPlaceholder).fill('Our seed round.');
    await page.getByRole('button', { name: 'List Project' }).click();
    await page.waitForURL(/\/project\/proj_/);
    const projectId = page.url().split('/').at(-1) ?? '';
    pipelineUrl = `${e2e.appUrl}/projects/${projectId}/pipeline`;
    deckUrl = `${e2e.appUrl}/projects/${projectId}/deck`;

    // The pipeline's investor, and their panel: no deck yet, so it offers the upload.
    await page.goto(pipelineUrl);
    await page.getByRole('button', { name: 'Add your own contact' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel('Name', { exact: true }).fill(investorName);
    await modal.getByRole('button', { name: /^Add/ }).click();
    await modal.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: investorName, exact: true }).click();
    const panel = page.getByRole('dialog');
    await panel.getByRole('link', { name: 'Upload a deck' }).click();

    // The upload screen: a PDF of four pages whose outline names Problem, Financials, Team.
    await page.getByRole('heading', { name: 'Deck', exact: true }).waitFor();
    await expectAccessible(page);
    await page.getByLabel('Deck (PDF)').setInputFiles({
      name: 'Seed deck.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await deckPdf()),
    });
    await page.getByRole('button', { name: 'Upload deck' }).click();
    await page.getByText('Version 1 uploaded.').waitFor();
    await page.getByRole('cell', { name: 'Seed deck.pdf' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'deck-upload-1280');

    // A link from the investor's panel, asking for the viewer's email.
    await page.goto(pipelineUrl);
    await page.getByRole('button', { name: investorName, exact: true }).click();
    await panel.getByRole('button', { name: 'Make a deck link' }).click();
    await panel.getByText('Not opened yet').waitFor();
    linkUrl = (await panel.locator('.deck-link a').first().getAttribute('href')) ?? '';
    expect(linkUrl).toMatch(/\/d\/[A-Za-z0-9_-]{43}$/);
    await expectAccessible(page);

    // The viewer, in a browser context of their own: the email gate, then pages 1 and 2.
    const viewer = await browser.newPage();
    const noise = watchConsole(viewer.page);
    await viewer.page.goto(linkUrl);
    await viewer.page.getByRole('heading', { name: `Deck Raise ${run}` }).waitFor();
    await expectAccessible(viewer.page);
    await viewer.page.getByLabel('Your email').fill(viewerEmail);
    await viewer.page.getByRole('button', { name: 'View the deck' }).click();
    await pageDrawn(viewer.page, 1, 4);
    await viewer.page.getByText(`Shown to ${viewerEmail}.`).waitFor();
    expect(await viewer.page.getByRole('link', { name: 'Download the PDF' }).count()).toBe(0);
    await expectAccessible(viewer.page);
    await screenshot(viewer.page, 'deck-viewer-1280');
    await viewer.page.getByRole('button', { name: 'Next page' }).click();
    await pageDrawn(viewer.page, 2, 4);
    await viewer.page.getByTestId('deck-page').getByText('Financials').waitFor();
    await viewer.page.getByRole('button', { name: 'Next page' }).click();
    await pageDrawn(viewer.page, 3, 4);
    await viewer.context.close();
    expect(noise).toEqual([]);

    // The founder sees the open, the pages read and their minutes on the entry, and got the email.
    await vi.waitFor(
      async () => {
        await page.reload();
        await page.getByRole('button', { name: investorName, exact: true }).click();
        await panel.getByText(/^opened once, .* most on /).waitFor({ timeout: 10_000 });
        await panel.getByText('1. Problem').waitFor({ timeout: 10_000 });
        await panel.getByText('2. Financials').waitFor({ timeout: 10_000 });
      },
      { timeout: PATIENCE_MS, interval: 200 },
    );
    await panel.getByText(`Viewed by ${viewerEmail}`).waitFor();
    expect(await panel.locator('.deck-link-pages dd').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringMatching(/min|minute/)]),
    );
    const mails = (await inbox(founderEmail)).filter((m) => m.subject === `${investorName} opened your deck`);
    expect(mails).toHaveLength(1);
    await expectAccessible(page);
    await screenshot(page, 'deck-entry-1280');
    await context.close();
  });

  it('shows the viewer, the upload screen and the entry on a phone (390 px)', async () => {
    expect(linkUrl).not.toBe('');
    const viewer = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const noise = watchConsole(viewer.page);
    await viewer.page.goto(linkUrl);
    await viewer.page.getByLabel('Your email').fill(`phone.${viewerEmail}`);
    await viewer.page.getByRole('button', { name: 'View the deck' }).click();
    await pageDrawn(viewer.page, 1, 4);
    const width = await viewer.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await expectAccessible(viewer.page);
    await screenshot(viewer.page, 'deck-viewer-390', { fullPage: false });
    await viewer.page.getByRole('button', { name: 'Next page' }).click();
    await pageDrawn(viewer.page, 2, 4);
    await viewer.context.close();
    expect(noise).toEqual([]);

    // A link nobody can open any more says so, as an ordinary page.
    const gone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await gone.page.goto(`${e2e.appUrl}/d/${'A'.repeat(43)}`);
    await gone.page.getByText('This link is no longer available.', { exact: false }).waitFor();
    await expectAccessible(gone.page);
    await gone.context.close();

    // The founder's upload screen and the entry's deck links on the phone.
    const { page, context } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await logIn(page, { email: founder, password: 'e2e-password-1' });
    await page.goto(deckUrl);
    await page.getByRole('cell', { name: 'Seed deck.pdf' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'deck-upload-390');
    await page.goto(pipelineUrl);
    await page.getByRole('button', { name: investorName, exact: true }).first().click();
    const panel = page.getByRole('dialog');
    await panel.getByText(/^opened twice, .* most on /).waitFor();
    await panel.getByText('2. Financials').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'deck-entry-390', { fullPage: false });
    await context.close();
  });
});
