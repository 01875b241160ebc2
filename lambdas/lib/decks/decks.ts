import { randomBytes } from 'node:crypto';
import type {
  CreateDeckLinkBody,
  DeckEvent,
  DeckLink,
  DeckLinkInfo,
  DeckVersion,
  OpenDeck,
} from '../../../shared/api/decks';
import { DECK_TOKEN } from '../../../shared/api/decks';
import {
  deckMessages,
  linkState,
  linkSummary,
  MAX_DECK_BYTES,
  MAX_DECK_VERSIONS,
  MAX_EVENTS_PER_VIEW,
  MAX_LINK_DAYS,
  MAX_LINKS_PER_ENTRY,
  MAX_PAGE_SHOWN_MS,
  MAX_VIEWS_PER_LINK,
  type PageTime,
  VIEW_RECORDING_MS,
} from '../../../shared/decks/rules';
import { siteConfig } from '../config';
import { BadRequestError, ConflictError, HttpError, NotFoundError } from '../errors';
import { logger } from '../observability/logger';
import type { DeckLinkItem, DeckVersionItem, DeckViewItem } from '../table/models';
import {
  claimOpenEmail,
  countEntryLinks,
  countOpen,
  countViews,
  createDeckLink,
  findDeckToken,
  getDeckLink,
  getView,
  listDeckVersions,
  listEntryLinks,
  listViews,
  putDeckVersion,
  putView,
  releaseOpenEmail,
  revokeDeckLink,
  saveViewTiming,
} from '../table/repositories/decks';
import { getEntry } from '../table/repositories/pipeline';
import { getProject } from '../table/repositories/projects';
import { sendOpenEmail } from './open-email';
import {
  deckObjectKey,
  deckObjectSize,
  deckUploadKey,
  presignDeckRead,
  presignDeckUpload,
  putDeckObject,
  readDeckObject,
} from './storage';

/**
 * Deck links per investor (issue 53; docs/decisions.md, "Deck links per investor"). The founder's
 * side takes the caller and checks first that the project is theirs (anyone else's answers as a
 * missing project); the viewer's side takes a token and reaches that one link only.
 */

/** An id of 16 random bytes (128 bits), base64url: 22 characters. */
const randomId = () => randomBytes(16).toString('base64url');

/** The caller's own project, or 404 as if it did not exist (as the pipeline answers). */
async function ownProject(projectId: string, userId: string) {
  const project = await getProject(projectId);
  if (!project || project.creatorUserId !== userId) throw new NotFoundError('Project not found');
  return project;
}

/** Gone (410): a view that is closed, on a link that no longer works. */
class GoneError extends HttpError {
  override readonly name = 'GoneError';
  constructor(message: string) {
    super(410, 'not-found', message);
  }
}

const toVersionView = (deck: DeckVersionItem): DeckVersion => ({
  version: deck.version,
  fileName: deck.fileName,
  size: deck.size,
  pageCount: deck.pageCount,
  pageTitles: deck.pageTitles,
  uploadedAt: deck.uploadedAt,
});

export async function readDecks(projectId: string, userId: string) {
  const project = await ownProject(projectId, userId);
  const versions = await listDeckVersions(projectId);
  return {
    project: { id: project.id, name: project.name },
    versions: versions.sort((a, b) => b.version - a.version).map(toVersionView),
  };
}

/** The URL the founder's browser PUTs the PDF to, and the upload's id to name when it is done. */
export async function startDeckUpload(projectId: string, userId: string, fileSize: number) {
  await ownProject(projectId, userId);
  const uploadId = randomId();
  return { uploadId, uploadUrl: await presignDeckUpload(deckUploadKey(projectId, uploadId), fileSize) };
}

/** A safe file name for a download header: letters, digits, dots, dashes and spaces only. */
const safeFileName = (name: string) => {
  const cleaned = name
    .replace(/[^A-Za-z0-9._ -]+/g, '_')
    .slice(0, 120)
    .trim();
  return cleaned.toLowerCase().endsWith('.pdf') ? cleaned : `${cleaned || 'deck'}.pdf`;
};

/** Checks the uploaded file, then keeps it as the project's next deck version. */
export async function addDeckVersion(
  projectId: string,
  userId: string,
  body: { uploadId: string; fileName: string },
  now: Date,
) {
  await ownProject(projectId, userId);
  const key = deckUploadKey(projectId, body.uploadId);
  const size = await deckObjectSize(key);
  if (size === null) throw new BadRequestError(deckMessages.notUploaded);
  // The signed URL takes the declared size only; the size is checked again before reading it.
  if (size > MAX_DECK_BYTES) throw new BadRequestError(deckMessages.tooLarge);
  const bytes = await readDeckObject(key);
  // pdf-lib is loaded by uploads only (a chunk of its own): the viewer's requests never load it.
  const { inspectDeck } = await import('./inspect-pdf');
  const inspected = await inspectDeck(bytes);
  if (!inspected.ok) throw new BadRequestError(deckMessages[inspected.refusal]);
  for (let attempt = 0; attempt < 5; attempt++) {
    const versions = await listDeckVersions(projectId);
    if (versions.length >= MAX_DECK_VERSIONS) throw new ConflictError(deckMessages.tooManyVersions);
    const version = Math.max(0, ...versions.map((v) => v.version)) + 1;
    const deck: DeckVersionItem = {
      projectId,
      version,
      objectKey: deckObjectKey(projectId, version),
      fileName: safeFileName(body.fileName),
      size: bytes.length,
      pageCount: inspected.pageCount,
      pageTitles: inspected.pageTitles,
      uploadedAt: now.toISOString(),
      uploadedBy: userId,
    };
    // The bytes that were checked are the ones kept (a second PUT to the upload URL changes nothing).
    await putDeckObject(deck.objectKey, bytes);
    if (await putDeckVersion(deck)) return { deck: toVersionView(deck) };
  }
  throw new ConflictError('Another upload of this deck is being saved: try again.');
}

const linkUrl = (token: string) => `${siteConfig().SITE_URL}/d/${token}`;

/** The time on each page of a version, all views of that version together. */
function pageTimes(deck: DeckVersionItem | null, views: readonly DeckViewItem[]): PageTime[] {
  if (!deck) return [];
  return deck.pageTitles.map((title, i) => ({
    page: i + 1,
    title,
    ms: views
      .filter((view) => view.version === deck.version)
      .reduce((sum, view) => sum + (view.pageMs[String(i + 1)] ?? 0), 0),
  }));
}

const viewMs = (view: DeckViewItem) => Object.values(view.pageMs).reduce((sum, ms) => sum + ms, 0);

async function toLinkView(
  link: DeckLinkItem,
  decks: readonly DeckVersionItem[],
  now: Date,
): Promise<DeckLink> {
  const views = await listViews(link.projectId, link.id);
  const latest = decks.reduce<DeckVersionItem | null>((a, b) => (!a || b.version > a.version ? b : a), null);
  const shown = link.version === null ? latest : (decks.find((d) => d.version === link.version) ?? null);
  const pages = pageTimes(shown, views);
  return {
    id: link.id,
    entryId: link.entryId,
    url: linkUrl(link.token),
    askEmail: link.askEmail,
    allowDownload: link.allowDownload,
    expiresOn: link.expiresOn,
    version: link.version,
    createdAt: link.createdAt,
    revokedAt: link.revokedAt,
    state: linkState(link, now),
    opens: link.opens,
    lastOpenedAt: link.lastOpenedAt,
    pages,
    totalMs: views.reduce((sum, view) => sum + viewMs(view), 0),
    summary: linkSummary(link.opens, pages),
    views: views
      .sort((a, b) => b.openedAt.localeCompare(a.openedAt))
      .map((view) => ({
        openedAt: view.openedAt,
        viewerEmail: view.viewerEmail,
        version: view.version,
        ms: viewMs(view),
      })),
  };
}

async function ownEntry(projectId: string, entryId: string, userId: string) {
  await ownProject(projectId, userId);
  const entry = await getEntry(projectId, entryId);
  if (!entry) throw new NotFoundError('Pipeline entry not found');
  return entry;
}

/** An entry's deck links with what their viewers did, newest first. */
export async function readEntryLinks(projectId: string, entryId: string, userId: string, now: Date) {
  await ownEntry(projectId, entryId, userId);
  const [links, decks] = await Promise.all([listEntryLinks(projectId, entryId), listDeckVersions(projectId)]);
  const views = await Promise.all(
    links.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map((link) => toLinkView(link, decks, now)),
  );
  return { hasDeck: decks.length > 0, links: views };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A new link for one pipeline entry: 32 random bytes of token (256 bits), found by its hash. */
export async function createEntryLink(
  projectId: string,
  entryId: string,
  caller: { sub: string; email: string },
  body: CreateDeckLinkBody,
  now: Date,
) {
  await ownEntry(projectId, entryId, caller.sub);
  const decks = await listDeckVersions(projectId);
  if (decks.length === 0) throw new ConflictError(deckMessages.noDeck);
  if (body.version !== null && !decks.some((deck) => deck.version === body.version))
    throw new BadRequestError(deckMessages.noSuchVersion);
  if (body.expiresOn !== null) {
    const today = now.toISOString().slice(0, 10);
    const day = new Date(`${body.expiresOn}T00:00:00Z`);
    if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== body.expiresOn)
      throw new BadRequestError('That date does not exist: give a real day of the calendar as YYYY-MM-DD.');
    if (body.expiresOn < today) throw new BadRequestError(deckMessages.pastExpiry);
    if (day.getTime() - now.getTime() > MAX_LINK_DAYS * DAY_MS)
      throw new BadRequestError(deckMessages.farExpiry);
  }
  if ((await countEntryLinks(projectId, entryId)) >= MAX_LINKS_PER_ENTRY)
    throw new ConflictError(deckMessages.tooManyLinks);
  const link: DeckLinkItem = {
    projectId,
    entryId,
    id: `lnk_${randomId()}`,
    token: randomBytes(32).toString('base64url'),
    founderEmail: caller.email,
    askEmail: body.askEmail,
    allowDownload: body.allowDownload,
    expiresOn: body.expiresOn,
    version: body.version,
    createdAt: now.toISOString(),
    revokedAt: null,
    opens: 0,
    lastOpenedAt: null,
    emailDay: null,
    previousEmailDay: null,
  };
  await createDeckLink(link);
  return { link: await toLinkView(link, decks, now) };
}

export async function revokeEntryLink(
  projectId: string,
  entryId: string,
  linkId: string,
  userId: string,
  now: Date,
) {
  await ownEntry(projectId, entryId, userId);
  const link = await getDeckLink(projectId, entryId, linkId);
  if (!link) throw new NotFoundError(deckMessages.linkNotFound);
  const revoked = await revokeDeckLink(link, now.toISOString());
  return { link: await toLinkView(revoked, await listDeckVersions(projectId), now) };
}

// ------------------------------------------------------------------ the viewer's side

interface OpenLink {
  readonly link: DeckLinkItem;
  readonly state: 'open' | 'expired' | 'unavailable';
}

/** The link a token opens and its state; a token that is not one of ours is an unavailable link. */
async function linkOfToken(token: string, now: Date): Promise<OpenLink | null> {
  if (!DECK_TOKEN.test(token)) return null;
  const found = await findDeckToken(token);
  if (!found) return null;
  const link = await getDeckLink(found.projectId, found.entryId, found.linkId);
  // A deleted project takes its links with it; the token's item then leads nowhere.
  if (!link || link.token !== token) return null;
  return { link, state: linkState(link, now) };
}

/** What the viewer page shows before the deck: the state, the title, whether it asks for an email. */
export async function linkInfo(token: string, now: Date): Promise<DeckLinkInfo> {
  const found = await linkOfToken(token, now);
  if (found?.state !== 'open') return { state: found?.state ?? 'unavailable', title: null, askEmail: false };
  const project = await getProject(found.link.projectId);
  if (!project) return { state: 'unavailable', title: null, askEmail: false };
  return { state: 'open', title: project.name, askEmail: found.link.askEmail };
}

async function openLinkOrRefuse(token: string, now: Date): Promise<DeckLinkItem> {
  const found = await linkOfToken(token, now);
  if (!found) throw new NotFoundError(deckMessages.unavailable);
  if (found.state === 'expired') throw new GoneError(deckMessages.expired);
  if (found.state === 'unavailable') throw new GoneError(deckMessages.unavailable);
  return found.link;
}

/** One open of a link: counted, recorded (up to MAX_VIEWS_PER_LINK), the founder told once a day. */
export async function openDeck(
  token: string,
  body: { email?: string | undefined },
  now: Date,
): Promise<OpenDeck> {
  const link = await openLinkOrRefuse(token, now);
  if (link.askEmail && !body.email) throw new BadRequestError(deckMessages.emailRequired);
  const [project, decks] = await Promise.all([getProject(link.projectId), listDeckVersions(link.projectId)]);
  const deck =
    link.version === null
      ? decks.reduce<DeckVersionItem | null>((a, b) => (!a || b.version > a.version ? b : a), null)
      : (decks.find((d) => d.version === link.version) ?? null);
  if (!project || !deck) throw new GoneError(deckMessages.unavailable);
  // The email is kept only when the link asked for it: a viewer's address is never taken unasked.
  const viewerEmail = link.askEmail ? (body.email?.toLowerCase() ?? null) : null;
  const view: DeckViewItem = {
    projectId: link.projectId,
    linkId: link.id,
    id: `vw_${randomId()}`,
    viewerEmail,
    version: deck.version,
    pageCount: deck.pageCount,
    openedAt: now.toISOString(),
    pageMs: {},
    shownPage: null,
    shownAt: null,
    events: 0,
  };
  const counted = await countOpen(link, now.toISOString());
  const recorded = (await countViews(link.projectId, link.id)) < MAX_VIEWS_PER_LINK;
  if (recorded) await putView(view);
  await tellFounder(counted, project, viewerEmail, now);
  return {
    // A view past the cap gets an id that records nothing (its events answer recorded: false).
    viewId: view.id,
    title: project.name,
    documentUrl: await presignDeckRead(deck.objectKey, null),
    downloadUrl: link.allowDownload ? await presignDeckRead(deck.objectKey, deck.fileName) : null,
    pageCount: deck.pageCount,
    pageTitles: deck.pageTitles,
    watermark: viewerEmail,
  };
}

/** The founder's email on the first open of a link, and at most one per link a UTC day after it. */
async function tellFounder(
  link: DeckLinkItem,
  project: { id: string; name: string },
  viewerEmail: string | null,
  now: Date,
): Promise<void> {
  const day = now.toISOString().slice(0, 10);
  if (link.emailDay === day) return;
  const entry = await getEntry(link.projectId, link.entryId);
  if (!(await claimOpenEmail(link, day))) return;
  try {
    await sendOpenEmail({
      to: link.founderEmail,
      projectId: project.id,
      projectName: project.name,
      investorName: entry?.name ?? 'An investor',
      viewerEmail,
      firstOpen: link.opens <= 1,
    });
  } catch (error) {
    // SES refused it: the day is given back, so the next open tries again. The viewer still reads.
    logger.warn('The deck open email was not sent', { error, linkId: link.id });
    await releaseOpenEmail(link, day);
  }
}

/**
 * A page shown or hidden: the server times the page between the two (its own clock, each stretch at
 * most MAX_PAGE_SHOWN_MS), for VIEW_RECORDING_MS after the open and MAX_EVENTS_PER_VIEW events.
 * A "shown" closes the page on screen before, as a "hidden" would.
 */
export async function recordDeckEvent(
  token: string,
  viewId: string,
  event: DeckEvent,
  now: Date,
): Promise<{ recorded: boolean }> {
  const link = await openLinkOrRefuse(token, now);
  for (let attempt = 0; attempt < 5; attempt++) {
    const view = await getView(link.projectId, link.id, viewId);
    if (!view) {
      // A view the link's cap kept from being stored answers as recorded nothing; any other is unknown.
      if ((await countViews(link.projectId, link.id)) >= MAX_VIEWS_PER_LINK) return { recorded: false };
      throw new NotFoundError(deckMessages.viewNotFound);
    }
    if (event.page > view.pageCount) throw new BadRequestError(deckMessages.pageOutOfRange);
    if (view.events >= MAX_EVENTS_PER_VIEW) return { recorded: false };
    if (now.getTime() - Date.parse(view.openedAt) > VIEW_RECORDING_MS) return { recorded: false };
    const next = timed(view, event, now);
    if (await saveViewTiming(next, view.events)) return { recorded: true };
  }
  return { recorded: false };
}

/** The view after one event (pure: the rule of the timing). */
export function timed(view: DeckViewItem, event: DeckEvent, now: Date): DeckViewItem {
  const pageMs = { ...view.pageMs };
  if (
    view.shownPage !== null &&
    view.shownAt !== null &&
    (event.kind === 'shown' || event.page === view.shownPage)
  ) {
    const stretch = Math.min(Math.max(0, now.getTime() - Date.parse(view.shownAt)), MAX_PAGE_SHOWN_MS);
    const key = String(view.shownPage);
    pageMs[key] = (pageMs[key] ?? 0) + stretch;
  }
  const shown = event.kind === 'shown';
  const closesShown = !shown && event.page === view.shownPage;
  return {
    ...view,
    pageMs,
    shownPage: shown ? event.page : closesShown ? null : view.shownPage,
    shownAt: shown ? now.toISOString() : closesShown ? null : view.shownAt,
    events: view.events + 1,
  };
}
