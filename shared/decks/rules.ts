/**
 * Deck links per investor (issue 53): the limits and the founder-facing summary of a link's views,
 * shared by the API, the web app and the tests (docs/decisions.md, "Deck links per investor").
 */

/** The largest deck a founder may upload: 25 MB (decks are rarely over 10 MB; a scanned one can be). */
export const MAX_DECK_BYTES = 25 * 1024 * 1024;
/** The most pages a deck may have (a deck, not a data room). */
export const MAX_DECK_PAGES = 300;
/** The most versions a project keeps (each upload is one). */
export const MAX_DECK_VERSIONS = 50;
/** The most links one pipeline entry may have (revoked ones included). */
export const MAX_LINKS_PER_ENTRY = 20;
/** The most opens (views) a link records; opens after it are counted but not stored. */
export const MAX_VIEWS_PER_LINK = 500;
/** The most page events one view records; later ones are answered and dropped. */
export const MAX_EVENTS_PER_VIEW = 2000;
/** The longest a page counts as read in one go (a tab left open over lunch is not ten hours of reading). */
export const MAX_PAGE_SHOWN_MS = 10 * 60 * 1000;
/** A view records events for at most this long after it opened. */
export const VIEW_RECORDING_MS = 12 * 60 * 60 * 1000;
/** The longest a link may be set to live: a year. */
export const MAX_LINK_DAYS = 366;

/** The file's first bytes: every PDF starts with `%PDF-`. */
export const PDF_MAGIC = '%PDF-';

/** Whether bytes start like a PDF file (the magic bytes, not the name or the declared type). */
export function startsLikePdf(bytes: Uint8Array): boolean {
  if (bytes.length < PDF_MAGIC.length) return false;
  for (let i = 0; i < PDF_MAGIC.length; i++) if (bytes[i] !== PDF_MAGIC.charCodeAt(i)) return false;
  return true;
}

export const deckMessages = {
  tooLarge: 'This file is larger than 25 MB: export the deck again with smaller images, then upload it.',
  empty: 'This file is empty: choose the PDF of your deck.',
  notPdf: 'This file is not a PDF: export your deck as a PDF, then upload it.',
  unreadable: 'This PDF could not be read: export your deck as a PDF again, then upload it.',
  encrypted: 'This PDF is password-protected: export it again without a password, then upload it.',
  javascript:
    'This PDF contains JavaScript, which we do not accept in decks: export your deck again as a plain PDF, then upload it.',
  tooManyPages: `This PDF has more than ${MAX_DECK_PAGES} pages: a deck must have ${MAX_DECK_PAGES} pages or fewer.`,
  notUploaded: 'The file was not uploaded: choose it again, then upload it.',
  tooManyVersions: `This project already keeps ${MAX_DECK_VERSIONS} versions of its deck, the most it can.`,
  noDeck: 'Upload a deck to this project first: a link shows its newest version.',
  noSuchVersion: 'This project has no deck of that version.',
  tooManyLinks: `This investor already has ${MAX_LINKS_PER_ENTRY} deck links, the most one can have.`,
  linkNotFound: 'Deck link not found',
  pastExpiry: 'The expiry date must be today or later.',
  farExpiry: `A link can live at most ${MAX_LINK_DAYS} days: choose an earlier expiry date.`,
  emailRequired: 'Enter your email address to view this deck.',
  unavailable: 'This link is no longer available. Ask the founder who sent it for a new one.',
  expired: 'This link has expired. Ask the founder who sent it for a new one.',
  viewNotFound: 'This view is not open: open the link again.',
  pageOutOfRange: 'That page is not in this deck.',
} as const;

/** One page of a deck as the founder sees it: its number, its title from the outline (or null), the time on it. */
export interface PageTime {
  readonly page: number;
  readonly title: string | null;
  readonly ms: number;
}

/** The name of a page: its outline title when the PDF has one, else "page N". */
export const pageName = (page: Pick<PageTime, 'page' | 'title'>): string => page.title ?? `page ${page.page}`;

/**
 * Minutes as the founder reads them: "not read", "under a minute", "1 min", "6 min" (rounded, at
 * least 1 once read). A page opened but never shown long enough to count reads "not read", not "0 min".
 */
export function minutesText(ms: number): string {
  if (ms <= 0) return 'not read';
  if (ms < 60_000) return 'under a minute';
  return `${Math.round(ms / 60_000)} min`;
}

const TIMES = ['never', 'once', 'twice'];
/** "once", "twice", "3 times". */
export const timesText = (count: number): string => TIMES[count] ?? `${count} times`;

/**
 * The line of a link on its pipeline entry: "Not opened yet", "opened twice, no page read yet" (opened
 * but closed before a page counted), or "opened twice, 6 min, most on Financials" (the page, or
 * outline section, read longest).
 */
export function linkSummary(opens: number, pages: readonly PageTime[]): string {
  if (opens === 0) return 'Not opened yet';
  const total = pages.reduce((sum, p) => sum + p.ms, 0);
  if (total <= 0) return `opened ${timesText(opens)}, no page read yet`;
  const parts = [`opened ${timesText(opens)}`, minutesText(total)];
  const bySection = new Map<string, number>();
  for (const p of pages) if (p.ms > 0) bySection.set(pageName(p), (bySection.get(pageName(p)) ?? 0) + p.ms);
  let most: [string, number] | null = null;
  for (const entry of bySection) if (!most || entry[1] > most[1]) most = entry;
  if (most) parts.push(`most on ${most[0]}`);
  return parts.join(', ');
}

/** A link's state for its viewer, on a day. */
export type LinkState = 'open' | 'expired' | 'unavailable';

/** A link's state: revoked ones are unavailable; one past its expiry day (UTC, inclusive) has expired. */
export function linkState(
  link: { revokedAt: string | null; expiresOn: string | null },
  now: Date,
): LinkState {
  if (link.revokedAt) return 'unavailable';
  if (link.expiresOn && now.toISOString().slice(0, 10) > link.expiresOn) return 'expired';
  return 'open';
}
