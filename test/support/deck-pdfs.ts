import {
  type PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFRef,
  StandardFonts,
} from 'pdf-lib';

/**
 * Test decks built with pdf-lib (issue 53): a plain deck with one titled section per page group
 * (its outline names the pages), and decks carrying JavaScript the ways a PDF can (an open action,
 * a page's additional action, the document's names tree).
 */

export interface DeckSection {
  readonly title: string;
  readonly pages: number;
}

export const DEFAULT_SECTIONS: readonly DeckSection[] = [
  { title: 'Problem', pages: 1 },
  { title: 'Financials', pages: 2 },
  { title: 'Team', pages: 1 },
];

async function plainDeck(sections: readonly DeckSection[], outline: boolean): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const starts: { title: string; ref: PDFRef }[] = [];
  let number = 0;
  for (const section of sections)
    for (let i = 0; i < section.pages; i++) {
      number += 1;
      const page = doc.addPage([640, 360]);
      page.drawText(`${section.title} (page ${number})`, { x: 40, y: 300, size: 28, font });
      if (i === 0) starts.push({ title: section.title, ref: page.ref });
    }
  if (outline && starts.length > 0) {
    const context = doc.context;
    const outlinesRef = context.nextRef();
    const itemRefs = starts.map(() => context.nextRef());
    starts.forEach((start, i) => {
      const item = context.obj({
        Title: PDFHexString.fromText(start.title),
        Parent: outlinesRef,
        Dest: [start.ref, 'Fit'],
      }) as PDFDict;
      const prev = itemRefs[i - 1];
      const next = itemRefs[i + 1];
      if (prev) item.set(PDFName.of('Prev'), prev);
      if (next) item.set(PDFName.of('Next'), next);
      context.assign(itemRefs[i] as PDFRef, item);
    });
    context.assign(
      outlinesRef,
      context.obj({
        Type: 'Outlines',
        First: itemRefs[0] as PDFRef,
        Last: itemRefs[itemRefs.length - 1] as PDFRef,
        Count: PDFNumber.of(itemRefs.length),
      }),
    );
    doc.catalog.set(PDFName.of('Outlines'), outlinesRef);
  }
  return doc;
}

/** A deck of the sections' pages, each page showing its section's title; its outline names them. */
export async function deckPdf(
  sections: readonly DeckSection[] = DEFAULT_SECTIONS,
  options: { outline?: boolean } = {},
): Promise<Uint8Array> {
  return (await plainDeck(sections, options.outline ?? true)).save();
}

export type JavaScriptPlace = 'openAction' | 'pageAction' | 'namesTree';

/** A deck that runs JavaScript: on opening, on a page, or from the names tree. */
export async function deckPdfWithJavaScript(place: JavaScriptPlace): Promise<Uint8Array> {
  const doc = await plainDeck(DEFAULT_SECTIONS, false);
  const context = doc.context;
  const action = context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFHexString.fromText('app.alert(1)') });
  if (place === 'openAction') doc.catalog.set(PDFName.of('OpenAction'), context.register(action));
  if (place === 'pageAction')
    doc.getPage(0).node.set(PDFName.of('AA'), context.obj({ O: context.register(action) }));
  if (place === 'namesTree')
    doc.catalog.set(
      PDFName.of('Names'),
      context.obj({
        JavaScript: context.obj({ Names: [PDFHexString.fromText('hello'), context.register(action)] }),
      }),
    );
  return doc.save();
}
