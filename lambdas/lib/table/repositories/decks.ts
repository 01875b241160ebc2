import { createHash } from 'node:crypto';
import {
  type DeckLinkItem,
  type DeckTokenItem,
  type DeckVersionItem,
  type DeckViewItem,
  deckLinkKey,
  deckLinkModel,
  deckLinksOfEntry,
  deckTokenKey,
  deckTokenModel,
  deckVersionKey,
  deckVersionModel,
  deckVersionsOf,
  deckViewKey,
  deckViewModel,
  deckViewsOfLink,
} from '../models';
import {
  conditionalWrite,
  getItem,
  putItem,
  queryAll,
  queryCount,
  transactWrite,
  updateItem,
} from '../table';

/**
 * Deck links per investor (issue 53; docs/data-model.md, "Deck links"): a project's deck versions,
 * links and views under the project; each link's token by its hash under `DECK_TOKEN#`.
 */

/** How a token is stored for lookup: its SHA-256 (base64url). */
export const deckTokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function listDeckVersions(projectId: string): Promise<DeckVersionItem[]> {
  const items = await queryAll(deckVersionsOf(projectId));
  return items.map((item) => deckVersionModel.fromItem(item));
}

export async function getDeckVersion(projectId: string, version: number): Promise<DeckVersionItem | null> {
  const item = await getItem(deckVersionKey(projectId, version), true);
  return item ? deckVersionModel.fromItem(item) : null;
}

/** Writes a new version, unless that number is taken (two uploads at once: the caller tries the next). */
export async function putDeckVersion(deck: DeckVersionItem): Promise<boolean> {
  return conditionalWrite(putItem(deckVersionModel.toItem(deck), 'attribute_not_exists(pk)'));
}

export async function listEntryLinks(projectId: string, entryId: string): Promise<DeckLinkItem[]> {
  const items = await queryAll(deckLinksOfEntry(projectId, entryId));
  return items.map((item) => deckLinkModel.fromItem(item));
}

export async function countEntryLinks(projectId: string, entryId: string): Promise<number> {
  return queryCount(deckLinksOfEntry(projectId, entryId));
}

export async function getDeckLink(
  projectId: string,
  entryId: string,
  linkId: string,
): Promise<DeckLinkItem | null> {
  const item = await getItem(deckLinkKey(projectId, entryId, linkId), true);
  return item ? deckLinkModel.fromItem(item) : null;
}

/** A new link and its token's lookup item, together. */
export async function createDeckLink(link: DeckLinkItem): Promise<void> {
  const token: DeckTokenItem = {
    tokenHash: deckTokenHash(link.token),
    projectId: link.projectId,
    entryId: link.entryId,
    linkId: link.id,
    createdAt: link.createdAt,
  };
  await transactWrite([
    { Put: { Item: deckLinkModel.toItem(link), ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { Item: deckTokenModel.toItem(token), ConditionExpression: 'attribute_not_exists(pk)' } },
  ]);
}

/** Where a token leads, or null. */
export async function findDeckToken(token: string): Promise<DeckTokenItem | null> {
  const item = await getItem(deckTokenKey(deckTokenHash(token)), true);
  return item ? deckTokenModel.fromItem(item) : null;
}

/** Revokes a link (once: a second revoke keeps the first time). Returns the link as stored. */
export async function revokeDeckLink(link: DeckLinkItem, now: string): Promise<DeckLinkItem> {
  await conditionalWrite(
    updateItem({
      Key: deckLinkKey(link.projectId, link.entryId, link.id),
      UpdateExpression: 'SET revokedAt = :now',
      ConditionExpression: 'attribute_exists(pk) AND revokedAt = :null',
      ExpressionAttributeValues: { ':now': now, ':null': null },
    }),
  );
  return (await getDeckLink(link.projectId, link.entryId, link.id)) ?? link;
}

/** Counts an open on the link. Returns the link as it is now. */
export async function countOpen(link: DeckLinkItem, now: string): Promise<DeckLinkItem> {
  const attributes = await updateItem({
    Key: deckLinkKey(link.projectId, link.entryId, link.id),
    UpdateExpression: 'SET opens = opens + :one, lastOpenedAt = :now',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':one': 1, ':now': now },
    ReturnValues: 'ALL_NEW',
  });
  return deckLinkModel.fromItem(attributes ?? {});
}

/** Claims the day's open email of a link: true for the first claim of the UTC day only. */
export async function claimOpenEmail(link: DeckLinkItem, day: string): Promise<boolean> {
  return conditionalWrite(
    updateItem({
      Key: deckLinkKey(link.projectId, link.entryId, link.id),
      UpdateExpression: 'SET emailDay = :day, previousEmailDay = :previous',
      ConditionExpression: 'attribute_exists(pk) AND (emailDay = :null OR emailDay <> :day)',
      ExpressionAttributeValues: { ':day': day, ':previous': link.emailDay, ':null': null },
    }),
  );
}

/** Gives a claimed day back after SES refused the email: the next open sends it. */
export async function releaseOpenEmail(link: DeckLinkItem, day: string): Promise<void> {
  await conditionalWrite(
    updateItem({
      Key: deckLinkKey(link.projectId, link.entryId, link.id),
      UpdateExpression: 'SET emailDay = :previous',
      ConditionExpression: 'emailDay = :day',
      ExpressionAttributeValues: { ':day': day, ':previous': link.emailDay },
    }),
  );
}

export async function countViews(projectId: string, linkId: string): Promise<number> {
  return queryCount(deckViewsOfLink(projectId, linkId));
}

export async function listViews(projectId: string, linkId: string): Promise<DeckViewItem[]> {
  const items = await queryAll(deckViewsOfLink(projectId, linkId));
  return items.map((item) => deckViewModel.fromItem(item));
}

export async function putView(view: DeckViewItem): Promise<void> {
  await putItem(deckViewModel.toItem(view), 'attribute_not_exists(pk)');
}

export async function getView(
  projectId: string,
  linkId: string,
  viewId: string,
): Promise<DeckViewItem | null> {
  const item = await getItem(deckViewKey(projectId, linkId, viewId), true);
  return item ? deckViewModel.fromItem(item) : null;
}

/** Writes a view's new timing, if no other event changed it since it was read (`events` is its version). */
export async function saveViewTiming(view: DeckViewItem, readEvents: number): Promise<boolean> {
  return conditionalWrite(
    updateItem({
      Key: deckViewKey(view.projectId, view.linkId, view.id),
      UpdateExpression: 'SET pageMs = :pageMs, shownPage = :shownPage, shownAt = :shownAt, events = :events',
      ConditionExpression: 'attribute_exists(pk) AND events = :read',
      ExpressionAttributeValues: {
        ':pageMs': view.pageMs,
        ':shownPage': view.shownPage,
        ':shownAt': view.shownAt,
        ':events': view.events,
        ':read': readEvents,
      },
    }),
  );
}
