import { describe, expect, it } from 'vitest';
import { inspectDeck } from '../../../lambdas/lib/decks/inspect-pdf';
import { MAX_DECK_BYTES } from '../../../shared/decks/rules';
import { deckPdf, deckPdfWithJavaScript } from '../../support/deck-pdfs';

/** The checks of an uploaded deck (issue 53): magic bytes, size, JavaScript, pages and their titles. */
describe('inspectDeck', () => {
  it('reads the page count and names each page after its outline section', async () => {
    const inspected = await inspectDeck(await deckPdf());
    expect(inspected).toEqual({
      ok: true,
      pageCount: 4,
      pageTitles: ['Problem', 'Financials', 'Financials', 'Team'],
    });
  });

  it('leaves the pages unnamed when the PDF has no outline', async () => {
    const inspected = await inspectDeck(await deckPdf(undefined, { outline: false }));
    expect(inspected).toEqual({ ok: true, pageCount: 4, pageTitles: [null, null, null, null] });
  });

  it('refuses a file that is not a PDF by its first bytes, whatever its name', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    expect(await inspectDeck(png)).toEqual({ ok: false, refusal: 'notPdf' });
    expect(await inspectDeck(new TextEncoder().encode('Name,Email\nA,a@example.com\n'))).toEqual({
      ok: false,
      refusal: 'notPdf',
    });
  });

  it('refuses an empty file, one over 25 MB, and a PDF header with nothing readable behind it', async () => {
    expect(await inspectDeck(new Uint8Array())).toEqual({ ok: false, refusal: 'empty' });
    const big = new Uint8Array(MAX_DECK_BYTES + 1);
    big.set(new TextEncoder().encode('%PDF-1.7\n'));
    expect(await inspectDeck(big)).toEqual({ ok: false, refusal: 'tooLarge' });
    expect(await inspectDeck(new TextEncoder().encode('%PDF-1.7\nnot really'))).toEqual({
      ok: false,
      refusal: 'unreadable',
    });
  });

  for (const place of ['openAction', 'pageAction', 'namesTree'] as const)
    it(`refuses a PDF with JavaScript (${place}), also when it sits in an object stream`, async () => {
      const bytes = await deckPdfWithJavaScript(place);
      // pdf-lib writes object streams by default: the action is compressed, no regex would see it.
      expect(Buffer.from(bytes).toString('latin1')).not.toContain('/JavaScript');
      expect(await inspectDeck(bytes)).toEqual({ ok: false, refusal: 'javascript' });
    });
});
