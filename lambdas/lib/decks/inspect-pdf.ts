import {
  EncryptedPDFError,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  type PDFObject,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
} from 'pdf-lib';
import {
  type deckMessages,
  MAX_DECK_BYTES,
  MAX_DECK_PAGES,
  startsLikePdf,
} from '../../../shared/decks/rules';

/**
 * The checks of an uploaded deck (issue 53; docs/decisions.md, "Deck links per investor"): its size,
 * its magic bytes (not its name or declared type), then the PDF read with pdf-lib: not encrypted, at
 * most MAX_DECK_PAGES pages, and no JavaScript anywhere in its objects (a `/JS` or `/JavaScript` key,
 * an action whose `/S` is `/JavaScript`: in `/OpenAction`, `/AA`, annotations, the names tree, inside
 * object streams too, which pdf-lib unpacks). The outline's top-level titles name the pages.
 */

export type DeckRefusal = keyof typeof deckMessages;

export type DeckInspection =
  | { ok: true; pageCount: number; pageTitles: (string | null)[] }
  | { ok: false; refusal: DeckRefusal };

const JS = PDFName.of('JS');
const JAVASCRIPT = PDFName.of('JavaScript');
const S = PDFName.of('S');

/** Whether a dictionary (or any dictionary or array within it, not following references) names JavaScript. */
function holdsJavaScript(object: PDFObject | undefined, depth = 0): boolean {
  if (!object || depth > 64) return false;
  if (object instanceof PDFStream || object instanceof PDFRawStream)
    return holdsJavaScript((object as PDFRawStream).dict, depth + 1);
  if (object instanceof PDFDict) {
    for (const [key, value] of object.entries()) {
      if (key === JS || key === JAVASCRIPT) return true;
      if (key === S && value === JAVASCRIPT) return true;
      if (holdsJavaScript(value, depth + 1)) return true;
    }
    return false;
  }
  if (object instanceof PDFArray) {
    for (let i = 0; i < object.size(); i++) if (holdsJavaScript(object.get(i), depth + 1)) return true;
    return false;
  }
  return false;
}

const textOf = (value: PDFObject | undefined): string | null => {
  if (value instanceof PDFString || value instanceof PDFHexString) {
    const text = value.decodeText().replace(/\s+/g, ' ').trim();
    return text === '' ? null : text.slice(0, 120);
  }
  return null;
};

/** The page an outline item points to (an explicit destination, or a GoTo action's), as an index. */
function pageOfItem(doc: PDFDocument, item: PDFDict, pageIndex: Map<string, number>): number | null {
  let dest: PDFObject | undefined = item.get(PDFName.of('Dest'));
  if (!dest) {
    const action = item.lookup(PDFName.of('A'));
    if (action instanceof PDFDict) dest = action.get(PDFName.of('D'));
  }
  if (dest instanceof PDFRef) dest = doc.context.lookup(dest);
  if (dest instanceof PDFArray && dest.size() > 0) {
    const target = dest.get(0);
    if (target instanceof PDFRef) return pageIndex.get(target.toString()) ?? null;
  }
  return null;
}

/** Each page's section title from the outline's top level (a section runs until the next one starts). */
function pageTitlesOf(doc: PDFDocument, pageCount: number): (string | null)[] {
  const titles: (string | null)[] = Array.from({ length: pageCount }, () => null);
  try {
    const outlines = doc.catalog.lookup(PDFName.of('Outlines'));
    if (!(outlines instanceof PDFDict)) return titles;
    const pageIndex = new Map(doc.getPages().map((page, i) => [page.ref.toString(), i] as const));
    const starts: { page: number; title: string }[] = [];
    let item = outlines.lookup(PDFName.of('First'));
    const seen = new Set<PDFDict>();
    while (item instanceof PDFDict && !seen.has(item) && seen.size < 1000) {
      seen.add(item);
      const title = textOf(item.lookup(PDFName.of('Title')));
      const page = pageOfItem(doc, item, pageIndex);
      if (title && page !== null) starts.push({ page, title });
      item = item.lookup(PDFName.of('Next'));
    }
    starts.sort((a, b) => a.page - b.page);
    for (const [i, start] of starts.entries()) {
      const end = starts[i + 1]?.page ?? pageCount;
      for (let page = start.page; page < end; page++) titles[page] = start.title;
    }
  } catch {
    // An outline that cannot be followed names no page: the pages keep their numbers.
  }
  return titles;
}

/** Checks an uploaded deck's bytes, and reads its page count and page titles. */
export async function inspectDeck(bytes: Uint8Array): Promise<DeckInspection> {
  if (bytes.length === 0) return { ok: false, refusal: 'empty' };
  if (bytes.length > MAX_DECK_BYTES) return { ok: false, refusal: 'tooLarge' };
  if (!startsLikePdf(bytes)) return { ok: false, refusal: 'notPdf' };
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
  } catch (error) {
    if (error instanceof EncryptedPDFError) return { ok: false, refusal: 'encrypted' };
    return { ok: false, refusal: 'unreadable' };
  }
  for (const [, object] of doc.context.enumerateIndirectObjects())
    if (holdsJavaScript(object)) return { ok: false, refusal: 'javascript' };
  if (holdsJavaScript(doc.context.trailerInfo.Root) || holdsJavaScript(doc.catalog))
    return { ok: false, refusal: 'javascript' };
  let pageCount: number;
  try {
    pageCount = doc.getPageCount();
  } catch {
    return { ok: false, refusal: 'unreadable' };
  }
  if (pageCount === 0) return { ok: false, refusal: 'unreadable' };
  if (pageCount > MAX_DECK_PAGES) return { ok: false, refusal: 'tooManyPages' };
  return { ok: true, pageCount, pageTitles: pageTitlesOf(doc, pageCount) };
}
