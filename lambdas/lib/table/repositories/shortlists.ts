import { randomUUID } from 'node:crypto';
import { indexKeysSet } from '../model';
import {
  passListKey,
  passListModel,
  type SavedSearchItem,
  type ShortlistHeader,
  savedSearchesOf,
  savedSearchKey,
  savedSearchModel,
  searchAlertFounders,
  shortlistHeaderIndexKeys,
  shortlistHeaderKey,
  shortlistHeaderModel,
} from '../models';
import {
  conditionalWrite,
  conditionalWriteReturning,
  getItem,
  type Page,
  queryAll,
  queryPage,
  transactWriteRetryingConflicts,
  updateItem,
} from '../table';

/**
 * A founder's shortlist records (issue 35; docs/data-model.md, "Shortlists"): saved searches with
 * the header that counts them and carries the weekly alert's state, and each project's pass list,
 * all in the founder's `SHORTLIST#` partition.
 */

/** A new saved search id: time-ordered (the list reads oldest first), then random. */
export const newSavedSearchId = (now: Date): string =>
  `ss_${now.getTime().toString(36).padStart(9, '0')}${randomUUID().replaceAll('-', '').slice(0, 12)}`;

export async function listSavedSearches(userId: string): Promise<SavedSearchItem[]> {
  const items = await queryAll({ ...savedSearchesOf(userId) });
  return items.map((item) => savedSearchModel.fromItem(item));
}

export async function getSavedSearch(userId: string, id: string): Promise<SavedSearchItem | null> {
  const item = await getItem(savedSearchKey(userId, id), true);
  return item ? savedSearchModel.fromItem(item) : null;
}

/** The header's update that creates it if it is not there (keys, switch and dates kept when it is). */
function headerCreation(userId: string, at: string) {
  const index = indexKeysSet(shortlistHeaderIndexKeys(userId));
  return {
    sets: [
      ...index.sets,
      '#userId = :userId',
      'createdAt = if_not_exists(createdAt, :at)',
      'alerts = if_not_exists(alerts, :on)',
      '#entity = :entity',
    ],
    names: { ...index.names, '#userId': 'userId', '#entity': 'entity' },
    values: {
      ...index.values,
      ':userId': userId,
      ':at': at,
      ':on': true,
      ':entity': shortlistHeaderModel.entity,
    },
  };
}

/**
 * Saves a search, counted on the founder's header in the same transaction, on the condition that
 * they keep fewer than `max`: several saves at once cannot pass the limit. False when full.
 */
export async function createSavedSearch(search: SavedSearchItem, max: number): Promise<boolean> {
  const header = headerCreation(search.userId, search.createdAt);
  return conditionalWrite(
    transactWriteRetryingConflicts([
      {
        Update: {
          Key: shortlistHeaderKey(search.userId),
          UpdateExpression: `SET ${header.sets.join(', ')} ADD savedCount :one`,
          ConditionExpression: 'attribute_not_exists(savedCount) OR savedCount < :max',
          ExpressionAttributeNames: header.names,
          ExpressionAttributeValues: { ...header.values, ':one': 1, ':max': max },
        },
      },
      { Put: { Item: savedSearchModel.toItem(search), ConditionExpression: 'attribute_not_exists(pk)' } },
    ]),
  );
}

/** Renames a saved search; null when it is not there. */
export async function renameSavedSearch(
  userId: string,
  id: string,
  name: string,
): Promise<SavedSearchItem | null> {
  const attributes = await conditionalWriteReturning(
    updateItem({
      Key: savedSearchKey(userId, id),
      UpdateExpression: 'SET #name = :name',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#name': 'name' },
      ExpressionAttributeValues: { ':name': name },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return attributes ? savedSearchModel.fromItem(attributes) : null;
}

/** Deletes a saved search and counts it off the header, together; false when it was not there. */
export async function deleteSavedSearch(userId: string, id: string): Promise<boolean> {
  return conditionalWrite(
    transactWriteRetryingConflicts([
      { Delete: { Key: savedSearchKey(userId, id), ConditionExpression: 'attribute_exists(pk)' } },
      {
        Update: {
          Key: shortlistHeaderKey(userId),
          UpdateExpression: 'ADD savedCount :minusOne',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':minusOne': -1 },
        },
      },
    ]),
  );
}

/** Records an opening: "new" counts from `at` next time. False when the saved search is gone. */
export async function markSavedSearchOpened(userId: string, id: string, at: string): Promise<boolean> {
  return conditionalWrite(
    updateItem({
      Key: savedSearchKey(userId, id),
      UpdateExpression: 'SET lastOpenedAt = :at',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':at': at },
    }),
  );
}

export async function getShortlistHeader(userId: string, consistent = true): Promise<ShortlistHeader | null> {
  const item = await getItem(shortlistHeaderKey(userId), consistent);
  return item ? shortlistHeaderModel.fromItem(item) : null;
}

/** Turns the weekly alert on or off (the header is made if the founder has none yet). */
export async function setSearchAlerts(userId: string, on: boolean, at: string): Promise<void> {
  const header = headerCreation(userId, at);
  const { ':on': _default, ...values } = header.values;
  await updateItem({
    Key: shortlistHeaderKey(userId),
    UpdateExpression: `SET ${header.sets.filter((set) => !set.startsWith('alerts')).join(', ')}, alerts = :alerts`,
    ExpressionAttributeNames: header.names,
    ExpressionAttributeValues: { ...values, ':alerts': on },
  });
}

/** One page of founders with saved searches, in user id order (a Query of the index, never a Scan). */
export async function listAlertFounders(
  cursor: string | null,
  limit: number,
): Promise<Page<ShortlistHeader>> {
  const page = await queryPage({ ...searchAlertFounders(), Limit: limit, cursor });
  return { items: page.items.map((item) => shortlistHeaderModel.fromItem(item)), cursor: page.cursor };
}

/**
 * Claims this week's alert of a founder before it is sent (the weekly update summary's rule):
 * `lastSentWeek` becomes the week unless it already is. False when it was: two runs at once send one.
 */
export async function claimSearchAlert(header: ShortlistHeader, week: string): Promise<boolean> {
  return conditionalWrite(
    updateItem({
      Key: shortlistHeaderKey(header.userId),
      UpdateExpression: 'SET lastSentWeek = :week, previousSentWeek = :previous',
      ConditionExpression: 'attribute_exists(pk) AND NOT lastSentWeek = :week',
      ExpressionAttributeValues: { ':week': week, ':previous': header.lastSentWeek },
    }),
  );
}

/** After the send: the next alert lists what is new after `coveredUntil` only. */
export async function recordSearchAlertSent(
  userId: string,
  week: string,
  coveredUntil: string,
): Promise<void> {
  await updateItem({
    Key: shortlistHeaderKey(userId),
    UpdateExpression: 'SET coveredUntil = :covered',
    ConditionExpression: 'lastSentWeek = :week',
    ExpressionAttributeValues: { ':week': week, ':covered': coveredUntil },
  });
}

/** Gives a claimed week back after the email was refused: the next run sends it. */
export async function releaseSearchAlert(header: ShortlistHeader, week: string): Promise<void> {
  await conditionalWrite(
    updateItem({
      Key: shortlistHeaderKey(header.userId),
      UpdateExpression: 'SET lastSentWeek = :previous',
      ConditionExpression: 'lastSentWeek = :week',
      ExpressionAttributeValues: { ':week': week, ':previous': header.lastSentWeek },
    }),
  );
}

// ---------------------------------------------------------------- pass lists

/** The investors a founder marked "Not a fit" for a project. */
export async function getPassList(userId: string, projectId: string): Promise<Set<string>> {
  const item = await getItem(passListKey(userId, projectId), true);
  return item ? (passListModel.fromItem(item).investorIds ?? new Set()) : new Set();
}

/** Marks an investor "Not a fit" (again: nothing changes). False when the list is full. */
export async function addPass(
  userId: string,
  projectId: string,
  investorId: string,
  max: number,
  at: string,
): Promise<boolean> {
  return conditionalWrite(
    updateItem({
      Key: passListKey(userId, projectId),
      UpdateExpression:
        'SET userId = :user, projectId = :project, updatedAt = :at, #entity = :entity ADD investorIds :ids',
      ConditionExpression:
        'attribute_not_exists(investorIds) OR size(investorIds) < :max OR contains(investorIds, :id)',
      ExpressionAttributeNames: { '#entity': 'entity' },
      ExpressionAttributeValues: {
        ':user': userId,
        ':project': projectId,
        ':at': at,
        ':entity': passListModel.entity,
        ':ids': new Set([investorId]),
        ':max': max,
        ':id': investorId,
      },
    }),
  );
}

/** Takes the mark back (one not there: nothing changes). */
export async function removePass(
  userId: string,
  projectId: string,
  investorId: string,
  at: string,
): Promise<void> {
  await conditionalWrite(
    updateItem({
      Key: passListKey(userId, projectId),
      UpdateExpression: 'SET updatedAt = :at DELETE investorIds :ids',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':at': at, ':ids': new Set([investorId]) },
    }),
  );
}
