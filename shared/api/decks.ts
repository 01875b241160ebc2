import * as z from 'zod/mini';
import { deckMessages, MAX_DECK_BYTES } from '../decks/rules';
import { entryIdParams } from './pipeline';
import { singleLine } from './text';

/**
 * The API contract of deck links per investor (issue 53): a project's deck (PDF, versions kept), one
 * link per pipeline entry (random token, revocable, optional expiry and email gate), the public
 * viewer's opens and page events, and what the founder sees per link. Only the project's creator
 * reads or changes decks and links; a viewer reaches one link by its token and nothing else.
 */

const fileName = z.string().check(singleLine(), z.trim(), z.minLength(1), z.maxLength(255));

/** POST /projects/{projectId}/decks/uploads: the URL to PUT the file to (exactly `fileSize` bytes). */
export const deckUploadBody = z.strictObject({
  fileName,
  fileSize: z.int().check(z.minimum(1, deckMessages.empty), z.maximum(MAX_DECK_BYTES, deckMessages.tooLarge)),
});
export const deckUploadResponse = z.object({ uploadId: z.string(), uploadUrl: z.string() });

export const UPLOAD_ID = /^[A-Za-z0-9_-]{22}$/;

/** POST /projects/{projectId}/decks: the uploaded file checked, then kept as the deck's next version. */
export const addDeckBody = z.strictObject({
  uploadId: z.string().check(singleLine(), z.regex(UPLOAD_ID, 'Not an upload id')),
  fileName,
});

export const deckVersionSchema = z.object({
  version: z.int(),
  fileName: z.string(),
  size: z.int(),
  pageCount: z.int(),
  /** Each page's outline title (null where the outline names none), by page (index 0 is page 1). */
  pageTitles: z.array(z.nullable(z.string())),
  uploadedAt: z.string(),
});
export type DeckVersion = z.infer<typeof deckVersionSchema>;

export const decksResponse = z.object({
  project: z.object({ id: z.string(), name: z.string() }),
  /** Newest first. */
  versions: z.array(deckVersionSchema),
});
export type DecksResponse = z.infer<typeof decksResponse>;

export const addDeckResponse = z.object({ deck: deckVersionSchema });

const isoDayText = z
  .string()
  .check(singleLine(), z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Give the date as YYYY-MM-DD, e.g. 2026-12-31.'));

/** POST .../pipeline/entries/{entryId}/deck-links: a new link for this investor. */
export const createDeckLinkBody = z.strictObject({
  /** Ask the viewer for their email before showing the deck (it watermarks the pages). */
  askEmail: z.boolean(),
  /** Offer the viewer a download of the PDF. */
  allowDownload: z.boolean(),
  /** The last day (UTC) the link works, or null for no expiry. */
  expiresOn: z.nullable(isoDayText),
  /** A version to show always, or null for the newest. */
  version: z.nullable(z.int().check(z.minimum(1))),
});
export type CreateDeckLinkBody = z.infer<typeof createDeckLinkBody>;

export const deckLinkParams = z.object({
  ...entryIdParams.shape,
  linkId: z.string().check(z.regex(/^lnk_[A-Za-z0-9_-]{22}$/, 'Not a deck link id')),
});

export const pageTimeSchema = z.object({ page: z.int(), title: z.nullable(z.string()), ms: z.number() });

/** One open of a link, as its founder sees it. */
export const deckViewSchema = z.object({
  openedAt: z.string(),
  /** The email the viewer gave (when the link asked), else null. */
  viewerEmail: z.nullable(z.string()),
  version: z.int(),
  ms: z.number(),
});

/** A link and what its viewers did, for its founder only. */
export const deckLinkSchema = z.object({
  id: z.string(),
  entryId: z.string(),
  url: z.string(),
  askEmail: z.boolean(),
  allowDownload: z.boolean(),
  expiresOn: z.nullable(z.string()),
  version: z.nullable(z.int()),
  createdAt: z.string(),
  revokedAt: z.nullable(z.string()),
  state: z.enum(['open', 'expired', 'unavailable']),
  opens: z.int(),
  lastOpenedAt: z.nullable(z.string()),
  /** Minutes per page of the version the link shows now, all opens together. */
  pages: z.array(pageTimeSchema),
  totalMs: z.number(),
  /** "opened twice, 6 min, most on Financials". */
  summary: z.string(),
  views: z.array(deckViewSchema),
});
export type DeckLink = z.infer<typeof deckLinkSchema>;

export const deckLinksResponse = z.object({
  /** Whether the project has a deck yet (a link needs one). */
  hasDeck: z.boolean(),
  links: z.array(deckLinkSchema),
});
export type DeckLinksResponse = z.infer<typeof deckLinksResponse>;

export const deckLinkResponse = z.object({ link: deckLinkSchema });

// ------------------------------------------------------------------ the public viewer

/** A link's token: 32 random bytes, base64url (43 characters). */
export const DECK_TOKEN = /^[A-Za-z0-9_-]{43}$/;
export const deckTokenParams = z.object({
  token: z.string().check(z.maxLength(200, 'Not a deck link')),
});

/** GET /deck-links/{token}: what the viewer page needs before opening the deck. */
export const deckLinkInfoResponse = z.object({
  state: z.enum(['open', 'expired', 'unavailable']),
  /** The project's name (the deck's title), when the link is open. */
  title: z.nullable(z.string()),
  askEmail: z.boolean(),
});
export type DeckLinkInfo = z.infer<typeof deckLinkInfoResponse>;

/** POST /deck-links/{token}/views: one open of the link. */
export const openDeckBody = z.strictObject({
  email: z.optional(
    z
      .string()
      .check(
        singleLine(),
        z.trim(),
        z.maxLength(320, 'That email address is too long.'),
        z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Enter a valid email address, e.g. name@example.com.'),
      ),
  ),
});

export const openDeckResponse = z.object({
  viewId: z.string(),
  title: z.string(),
  /** A short-lived URL of the PDF (rendered in the page, not a download). */
  documentUrl: z.string(),
  /** A download of the PDF, when the founder allowed it, else null. */
  downloadUrl: z.nullable(z.string()),
  pageCount: z.int(),
  pageTitles: z.array(z.nullable(z.string())),
  /** Drawn over every page: the viewer's email, when the link asked for it. */
  watermark: z.nullable(z.string()),
});
export type OpenDeck = z.infer<typeof openDeckResponse>;

export const deckViewParams = z.object({
  ...deckTokenParams.shape,
  viewId: z.string().check(z.regex(/^vw_[A-Za-z0-9_-]{22}$/, 'Not a view id')),
});

/** POST /deck-links/{token}/views/{viewId}/events: a page was shown, or hidden (the server times it). */
export const deckEventBody = z.strictObject({
  page: z.int().check(z.minimum(1, deckMessages.pageOutOfRange)),
  kind: z.enum(['shown', 'hidden']),
});
export type DeckEvent = z.infer<typeof deckEventBody>;

export const deckEventResponse = z.object({ recorded: z.boolean() });
