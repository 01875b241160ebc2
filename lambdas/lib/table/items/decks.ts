import * as z from 'zod/mini';
import { accessPattern, defineModel, padNumber, type TableKey } from '../model';
import { isoDate, projectPartition } from './common';

/**
 * Deck links per investor (issue 53; docs/data-model.md, "Deck links"). A project's deck versions,
 * its links (one or more per pipeline entry) and their views live under the project
 * (`PROJECT#<id>`): only its creator reads them, and deleting the project deletes them. A link's
 * token is found by its hash in a partition of its own (`DECK_TOKEN#`), the one thing a viewer's
 * request reads before it reaches the link.
 */

/** The sort-key prefix of a project's deck versions (newest last, by padded number). */
export const DECK_VERSION_PREFIX = 'DECK#';
export const deckVersionKey = (projectId: string, version: number): TableKey => ({
  pk: projectPartition(projectId),
  sk: `${DECK_VERSION_PREFIX}${padNumber(version, 6)}`,
});

/** One uploaded version of a project's deck: the checked PDF, kept in the uploads bucket under `decks/`. */
export const deckVersionModel = defineModel(
  'deckVersion',
  z.object({
    projectId: z.string(),
    version: z.int(),
    objectKey: z.string(),
    fileName: z.string(),
    size: z.int(),
    pageCount: z.int(),
    pageTitles: z.array(z.nullable(z.string())),
    uploadedAt: isoDate,
    uploadedBy: z.string(),
  }),
  (v) => deckVersionKey(v.projectId, v.version),
);
export type DeckVersionItem = z.infer<typeof deckVersionModel.schema>;

/** A project's deck versions, oldest first (at most MAX_DECK_VERSIONS). */
export const deckVersionsOf = accessPattern(
  {
    index: 'table',
    params: ['projectId'],
    description: "A project's deck versions (issue 53), oldest first",
  },
  (projectId: string) => ({ partition: projectPartition(projectId), sortPrefix: DECK_VERSION_PREFIX }),
);

/** The sort-key prefix of one pipeline entry's deck links. */
export const deckLinkPrefix = (entryId: string) => `DECKLINK#${entryId}#`;
export const deckLinkKey = (projectId: string, entryId: string, linkId: string): TableKey => ({
  pk: projectPartition(projectId),
  sk: `${deckLinkPrefix(entryId)}${linkId}`,
});

/**
 * A deck link of one pipeline entry. `token` is kept here for the founder to copy the link again
 * (only they read this partition); the viewer's request finds the link through the token's hash.
 * `opens` counts every open; `emailDay` is the UTC day the founder's open email was last claimed
 * (`previousEmailDay` the one before, given back when SES refuses the email).
 */
export const deckLinkModel = defineModel(
  'deckLink',
  z.object({
    projectId: z.string(),
    entryId: z.string(),
    id: z.string(),
    token: z.string(),
    /** The founder's verified email when the link was made: where the open email goes. */
    founderEmail: z.string(),
    askEmail: z.boolean(),
    allowDownload: z.boolean(),
    /** Not `expiresAt`: that name is the table's TTL attribute. */
    expiresOn: z.nullable(z.string()),
    version: z.nullable(z.int()),
    createdAt: isoDate,
    revokedAt: z.nullable(z.string()),
    opens: z.int(),
    lastOpenedAt: z.nullable(z.string()),
    emailDay: z.nullable(z.string()),
    previousEmailDay: z.nullable(z.string()),
  }),
  (v) => deckLinkKey(v.projectId, v.entryId, v.id),
);
export type DeckLinkItem = z.infer<typeof deckLinkModel.schema>;

/** One pipeline entry's deck links, by id. */
export const deckLinksOfEntry = accessPattern(
  {
    index: 'table',
    params: ['projectId', 'entryId'],
    description: "One pipeline entry's deck links (issue 53)",
  },
  (projectId: string, entryId: string) => ({
    partition: projectPartition(projectId),
    sortPrefix: deckLinkPrefix(entryId),
  }),
);

/** The key of a link's token, by its hash (a read of the table gives no working link). */
export const deckTokenKey = (tokenHash: string): TableKey => ({ pk: `DECK_TOKEN#${tokenHash}`, sk: 'TOKEN' });

/** Where a token leads: the project, entry and link (`DECK_TOKEN#<sha256 of token>` / `TOKEN`). */
export const deckTokenModel = defineModel(
  'deckToken',
  z.object({
    tokenHash: z.string(),
    projectId: z.string(),
    entryId: z.string(),
    linkId: z.string(),
    createdAt: isoDate,
  }),
  (v) => deckTokenKey(v.tokenHash),
);
export type DeckTokenItem = z.infer<typeof deckTokenModel.schema>;

/** The sort-key prefix of one link's views. */
export const deckViewPrefix = (linkId: string) => `DECKVIEW#${linkId}#`;
export const deckViewKey = (projectId: string, linkId: string, viewId: string): TableKey => ({
  pk: projectPartition(projectId),
  sk: `${deckViewPrefix(linkId)}${viewId}`,
});

/**
 * One open of a link: who (the email given, when the link asked), when, which version, and the time
 * on each page as the server measured it between a page's "shown" and "hidden" events (each stretch
 * capped). `shownPage`/`shownAt`: the page on screen now. `events` counts the events taken (capped).
 */
export const deckViewModel = defineModel(
  'deckView',
  z.object({
    projectId: z.string(),
    linkId: z.string(),
    id: z.string(),
    viewerEmail: z.nullable(z.string()),
    version: z.int(),
    pageCount: z.int(),
    openedAt: isoDate,
    pageMs: z.record(z.string(), z.number()),
    shownPage: z.nullable(z.int()),
    shownAt: z.nullable(z.string()),
    events: z.int(),
  }),
  (v) => deckViewKey(v.projectId, v.linkId, v.id),
);
export type DeckViewItem = z.infer<typeof deckViewModel.schema>;

/** One link's views (at most MAX_VIEWS_PER_LINK). */
export const deckViewsOfLink = accessPattern(
  { index: 'table', params: ['projectId', 'linkId'], description: "One deck link's views (issue 53)" },
  (projectId: string, linkId: string) => ({
    partition: projectPartition(projectId),
    sortPrefix: deckViewPrefix(linkId),
  }),
);
