import { createHash, randomUUID } from 'node:crypto';
import { batchGet, batchWrite, deleteRequest } from '../batch';
import {
  movesOfEntry,
  PIPELINE_ENTRY_PREFIX,
  type PipelineEntryItem,
  type PipelineReminder,
  type PrivateContactItem,
  type PurchasedContact,
  pipelineEntriesOf,
  pipelineEntryKey,
  pipelineEntryModel,
  pipelineReminderKey,
  pipelineReminderModel,
  pipelineReminders,
  privateContactKey,
  privateContactModel,
  purchasedContactKey,
  purchasedContactModel,
  type StageMoveItem,
  stageMoveModel,
} from '../models';
import {
  conditionalWrite,
  deleteItem,
  getItem,
  type Page,
  putItem,
  queryAll,
  queryCount,
  queryPage,
  transactWriteRetryingConflicts,
  updateItem,
} from '../table';

/**
 * A project's fundraising pipeline (issue 36; docs/data-model.md, "The fundraising pipeline"): its
 * entries and their moves under the project (`PROJECT#<id>`), the founder's private contacts and
 * their reminder state under the founder (the user's partition).
 */

/** The entry id of a directory investor in any pipeline: adding them again meets the same item. */
export const directoryEntryId = (investorId: string) => `inv-${investorId}`;
/** The entry id of a private contact. */
export const privateEntryId = (contactId: string) => `prv-${contactId}`;

const hashId = (...parts: string[]) =>
  createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 22);

/**
 * The id of a founder's private contact: from its email when it has one, else from its name and firm,
 * so the same spreadsheet imported twice makes no second contact; a contact added by hand without
 * email gets a fresh one.
 */
export function privateContactId(
  userId: string,
  contact: { email?: string | null; name?: string | null; firm?: string | null },
  byHand = false,
): string {
  const email = contact.email?.trim().toLowerCase();
  if (email) return `c${hashId(userId, 'email', email)}`;
  if (byHand) return `c${randomUUID().replace(/-/g, '').slice(0, 22)}`;
  const fold = (text: string | null | undefined) => (text ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  return `c${hashId(userId, 'name', fold(contact.name), fold(contact.firm))}`;
}

/** The whole board: every entry of the project, in one Query (at most MAX_PIPELINE_ENTRIES). */
export async function listEntries(projectId: string): Promise<PipelineEntryItem[]> {
  const items = await queryAll(pipelineEntriesOf(projectId));
  return items.map((item) => pipelineEntryModel.fromItem(item));
}

export async function countEntries(projectId: string): Promise<number> {
  return queryCount(pipelineEntriesOf(projectId));
}

export async function getEntry(projectId: string, entryId: string): Promise<PipelineEntryItem | null> {
  const key = pipelineEntryKey(projectId, entryId);
  const item = await getItem(key.pk, key.sk, true);
  return item ? pipelineEntryModel.fromItem(item) : null;
}

/** Entries by id (an import page checks which of its rows are already in the pipeline). */
export async function getEntries(projectId: string, entryIds: readonly string[]): Promise<Set<string>> {
  const items = await batchGet(
    [...new Set(entryIds)].map((id) => pipelineEntryKey(projectId, id)),
    { consistent: true },
  );
  return new Set(items.map((item) => String(item.sk).slice(PIPELINE_ENTRY_PREFIX.length)));
}

const firstMove = (entry: PipelineEntryItem, byUserId: string): StageMoveItem => ({
  projectId: entry.projectId,
  entryId: entry.id,
  at: entry.createdAt,
  version: entry.version,
  byUserId,
  from: null,
  to: entry.stage,
  passReason: entry.passReason,
});

/**
 * Adds an entry unless the pipeline has it (then false, and nothing changes: an add is idempotent, an
 * import never overwrites). Its first history line is written with it.
 */
export async function addEntry(entry: PipelineEntryItem, byUserId: string): Promise<boolean> {
  // A re-add starts a fresh history (issue 48): moves a delete left behind (its process died between
  // the entry and its history) would otherwise meet the new entry's versions and refuse every move.
  const leftovers = await queryAll({
    ...movesOfEntry(entry.projectId, entry.id),
    ProjectionExpression: 'pk, sk',
  });
  if (leftovers.length > 0 && !(await getEntry(entry.projectId, entry.id)))
    await batchWrite(leftovers.map((item) => deleteRequest({ pk: String(item.pk), sk: String(item.sk) })));
  return conditionalWrite(
    transactWriteRetryingConflicts([
      { Put: { Item: pipelineEntryModel.toItem(entry), ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { Item: stageMoveModel.toItem(firstMove(entry, byUserId)) } },
    ]),
  );
}

/**
 * Writes a changed entry on the condition that it is still at the version the change read; a move
 * (stage changed) writes its history line in the same transaction. False when another change came
 * first (the caller reads the entry again to say what happened).
 */
export async function saveEntry(
  before: PipelineEntryItem,
  after: PipelineEntryItem,
  byUserId: string,
): Promise<boolean> {
  const moved = before.stage !== after.stage;
  const move: StageMoveItem = {
    projectId: after.projectId,
    entryId: after.id,
    at: after.updatedAt,
    version: after.version,
    byUserId,
    from: before.stage,
    to: after.stage,
    passReason: after.passReason,
  };
  return conditionalWrite(
    transactWriteRetryingConflicts([
      {
        Put: {
          Item: pipelineEntryModel.toItem(after),
          ConditionExpression: 'attribute_exists(pk) AND version = :version',
          ExpressionAttributeValues: { ':version': before.version },
        },
      },
      ...(moved
        ? [{ Put: { Item: stageMoveModel.toItem(move), ConditionExpression: 'attribute_not_exists(pk)' } }]
        : []),
    ]),
  );
}

/**
 * Removes an entry and its history. The entry goes first, on the condition that it is still at the
 * version read (issue 48): a move racing the delete either lands before it (then the delete reads
 * again) or finds no entry and writes nothing, so once the entry is gone no move can add to its
 * history, and the history read afterwards is all of it. Before, a move landing between the history's
 * read and the delete left its line behind, and every move of the investor added again was refused.
 */
export async function deleteEntry(projectId: string, entryId: string): Promise<void> {
  const key = pipelineEntryKey(projectId, entryId);
  for (;;) {
    const entry = await getEntry(projectId, entryId);
    if (!entry) break;
    const deleted = await conditionalWrite(
      deleteItem(key.pk, key.sk, { expression: 'version = :version', values: { ':version': entry.version } }),
    );
    if (deleted) break;
  }
  const moves = await queryAll({ ...movesOfEntry(projectId, entryId), ProjectionExpression: 'pk, sk' });
  await batchWrite(moves.map((item) => deleteRequest({ pk: String(item.pk), sk: String(item.sk) })));
}

/** An entry's moves, oldest first. */
export async function listMoves(projectId: string, entryId: string): Promise<StageMoveItem[]> {
  const items = await queryAll(movesOfEntry(projectId, entryId));
  return items.map((item) => stageMoveModel.fromItem(item));
}

// ------------------------------------------------------------------ private contacts

/**
 * Keeps a private contact. One already kept (same id) is left as it is (an import never overwrites
 * what the founder has), unless `replace` (the founder typed it again by hand).
 */
export async function putPrivateContact(
  contact: PrivateContactItem,
  options: { replace?: boolean } = {},
): Promise<boolean> {
  if (options.replace) {
    await putItem(privateContactModel.toItem(contact));
    return true;
  }
  return conditionalWrite(putItem(privateContactModel.toItem(contact), 'attribute_not_exists(pk)'));
}

export async function getPrivateContact(
  userId: string,
  contactId: string,
): Promise<PrivateContactItem | null> {
  const key = privateContactKey(userId, contactId);
  const item = await getItem(key.pk, key.sk, true);
  return item ? privateContactModel.fromItem(item) : null;
}

/** A founder's private contacts by id (the export reads their values). */
export async function getPrivateContacts(
  userId: string,
  contactIds: readonly string[],
): Promise<Map<string, PrivateContactItem>> {
  const items = await batchGet([...new Set(contactIds)].map((id) => privateContactKey(userId, id)));
  const contacts = items.map((item) => privateContactModel.fromItem(item));
  return new Map(contacts.map((contact) => [contact.id, contact]));
}

/**
 * The founder's library rows of these directory investors (the values they bought), by investor id.
 * `cartIds` is stored as a string set (users.ts reads it the same way).
 */
export async function getPurchasedContacts(
  userId: string,
  investorIds: readonly string[],
): Promise<Map<string, PurchasedContact>> {
  const items = await batchGet([...new Set(investorIds)].map((id) => purchasedContactKey(userId, id)));
  const rows = items.map((item) =>
    purchasedContactModel.fromItem({
      ...item,
      cartIds: item.cartIds instanceof Set ? [...item.cartIds].sort() : (item.cartIds ?? [item.cartId]),
    }),
  );
  return new Map(rows.map((row) => [row.searchableInvestorId, row]));
}

// ------------------------------------------------------------------ daily reminders

/** Enrols a founder for next-step reminders (their first entry); enrolling again changes nothing. */
export async function enrolForPipelineReminders(userId: string, at: string): Promise<void> {
  const reminder: PipelineReminder = { userId, createdAt: at, lastSentDay: null, previousSentDay: null };
  await conditionalWrite(putItem(pipelineReminderModel.toItem(reminder), 'attribute_not_exists(pk)'));
}

/** One page of founders who keep a pipeline, in user id order (a Query of the index, never a Scan). */
export async function listPipelineReminders(
  cursor: string | null,
  limit: number,
): Promise<Page<PipelineReminder>> {
  const page = await queryPage({ ...pipelineReminders(), Limit: limit, cursor });
  return { items: page.items.map((item) => pipelineReminderModel.fromItem(item)), cursor: page.cursor };
}

/**
 * Claims a founder's reminder for the day before it is sent: false when that day was claimed (two
 * runs at once, or a run again the same day). A crash after the claim loses that day's email, never
 * doubles it; the next day's email lists what is still due.
 */
export async function claimPipelineReminder(reminder: PipelineReminder, day: string): Promise<boolean> {
  return conditionalWrite(
    updateItem({
      Key: pipelineReminderKey(reminder.userId),
      UpdateExpression: 'SET lastSentDay = :day, previousSentDay = :previous',
      ConditionExpression: 'attribute_exists(pk) AND NOT lastSentDay = :day',
      ExpressionAttributeValues: { ':day': day, ':previous': reminder.lastSentDay },
    }),
  );
}

/** Gives a claimed day back after SES refused the email: the next run sends it. */
export async function releasePipelineReminder(reminder: PipelineReminder, day: string): Promise<void> {
  await conditionalWrite(
    updateItem({
      Key: pipelineReminderKey(reminder.userId),
      UpdateExpression: 'SET lastSentDay = :previous',
      ConditionExpression: 'lastSentDay = :day',
      ExpressionAttributeValues: { ':day': day, ':previous': reminder.lastSentDay },
    }),
  );
}

export async function getPipelineReminder(userId: string): Promise<PipelineReminder | null> {
  const key = pipelineReminderKey(userId);
  const item = await getItem(key.pk, key.sk, true);
  return item ? pipelineReminderModel.fromItem(item) : null;
}
