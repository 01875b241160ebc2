import { batchWrite, deleteRequest, putRequest } from '../batch';
import {
  cartModel,
  cartsOfCreator,
  movesOfProject,
  publishedResponseTimes,
  type ResponseTimesItem,
  responseTimesKey,
  responseTimesModel,
  type StageMoveItem,
  stageMoveModel,
} from '../models';
import { getItem, queryAll } from '../table';

/**
 * How fast investors answer (issue 52; docs/data-model.md): what the daily aggregation reads of a
 * founder (their paid purchases, their projects' move histories) and the figures it publishes.
 */

/** An investor's published figures, or null while fewer than ten people contributed. */
export async function getResponseTimes(investorId: string): Promise<ResponseTimesItem | null> {
  const key = responseTimesKey(investorId);
  const item = await getItem(key.pk, key.sk);
  return item ? responseTimesModel.fromItem(item) : null;
}

/** Whether a founder paid for a purchase with a settled Stripe payment (a cart paid with a credit is no payment). */
export async function hasPaidPurchase(userId: string): Promise<boolean> {
  const items = await queryAll(cartsOfCreator(userId));
  return items
    .map((item) => cartModel.fromItem(item))
    .some(
      (cart) =>
        cart.status === 'purchased' &&
        cart.paidSessionId !== null &&
        !cart.paidWithCredit &&
        // A payment that has not settled, or failed after, is no payment yet.
        cart.paymentStatus === null,
    );
}

/** Every move of a project's pipeline, oldest first within each entry (the sort key carries the version). */
export async function listMovesOfProject(projectId: string): Promise<StageMoveItem[]> {
  const items = await queryAll(movesOfProject(projectId));
  return items.map((item) => stageMoveModel.fromItem(item));
}

/**
 * Publishes a run's figures: each investor's item written, and the items of investors the run no
 * longer publishes (fewer than ten people now) removed.
 */
export async function replaceResponseTimes(
  items: readonly ResponseTimesItem[],
): Promise<{ removed: number }> {
  const keep = new Set(items.map((item) => item.investorId));
  const published = await queryAll({
    ...publishedResponseTimes(),
    ProjectionExpression: 'pk, sk, investorId',
  });
  const stale = published.filter((item) => !keep.has(String(item.investorId)));
  await batchWrite([
    ...items.map((item) => putRequest(responseTimesModel.toItem(item))),
    ...stale.map((item) => deleteRequest({ pk: String(item.pk), sk: String(item.sk) })),
  ]);
  return { removed: stale.length };
}
