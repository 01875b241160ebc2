import { type UpdateSummary, updateSummaries, updateSummaryKey, updateSummaryModel } from '../models';
import { conditionalWrite, getItem, type Page, putItem, queryPage, updateItem } from '../table';

/**
 * The weekly summaries of updates (issue 20; docs/data-model.md, "Free updates"): one item per buyer
 * (`USER#<id>` / `UPDATE_SUMMARY`), on the `UPDATE_SUMMARIES` index the weekly job pages over.
 */

/** Enrols a buyer (their first library item); enrolling again changes nothing. */
export async function enrolForUpdateSummaries(userIds: readonly string[], at: string): Promise<void> {
  for (const userId of new Set(userIds)) {
    const summary: UpdateSummary = {
      userId,
      createdAt: at,
      lastSentWeek: null,
      coveredUntil: null,
      previousSentWeek: null,
    };
    // A buyer already enrolled keeps their record.
    await conditionalWrite(putItem(updateSummaryModel.toItem(summary), 'attribute_not_exists(pk)'));
  }
}

/** One page of buyers, in user id order (a Query of the index, never a Scan). */
export async function listUpdateSummaries(
  cursor: string | null,
  limit: number,
): Promise<Page<UpdateSummary>> {
  const page = await queryPage({
    ...updateSummaries(),
    Limit: limit,
    cursor,
  });
  return { items: page.items.map((item) => updateSummaryModel.fromItem(item)), cursor: page.cursor };
}

/**
 * Claims this week's summary of a buyer before it is sent: `lastSentWeek` becomes the week, on the
 * condition that it was not already (two runs at once cannot both claim). False when it was. The claim
 * is the record that the week's email went out: a crash after it and before the send loses that week's
 * email, never doubles it (at most once a week); the updates stay for next week's, since
 * `coveredUntil` moves only after a send ({@link recordUpdateSummarySent}).
 */
export async function claimUpdateSummary(summary: UpdateSummary, week: string): Promise<boolean> {
  return conditionalWrite(
    updateItem({
      Key: updateSummaryKey(summary.userId),
      UpdateExpression: 'SET lastSentWeek = :week, previousSentWeek = :previous',
      // A null or absent lastSentWeek is never equal to the week.
      ConditionExpression: 'attribute_exists(pk) AND NOT lastSentWeek = :week',
      ExpressionAttributeValues: { ':week': week, ':previous': summary.lastSentWeek },
    }),
  );
}

/** After the send: the next summary covers changes after `coveredUntil` only. */
export async function recordUpdateSummarySent(
  userId: string,
  week: string,
  coveredUntil: string,
): Promise<void> {
  await updateItem({
    Key: updateSummaryKey(userId),
    UpdateExpression: 'SET coveredUntil = :covered',
    ConditionExpression: 'lastSentWeek = :week',
    ExpressionAttributeValues: { ':week': week, ':covered': coveredUntil },
  });
}

/** Gives a claimed week back after the email was refused: the next run sends it. */
export async function releaseUpdateSummary(summary: UpdateSummary, week: string): Promise<void> {
  // Only the claim of this week is given back: a later claim stays.
  await conditionalWrite(
    updateItem({
      Key: updateSummaryKey(summary.userId),
      UpdateExpression: 'SET lastSentWeek = :previous',
      ConditionExpression: 'lastSentWeek = :week',
      ExpressionAttributeValues: { ':week': week, ':previous': summary.lastSentWeek },
    }),
  );
}

/** One buyer's summary record, or null (not a buyer). */
export async function getUpdateSummary(userId: string): Promise<UpdateSummary | null> {
  const item = await getItem(updateSummaryKey(userId), true);
  return item ? updateSummaryModel.fromItem(item) : null;
}
