import { batchGet } from '../batch';
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
import { conditionalWrite, deleteItem, getItem, putItem, queryAll } from '../table';

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

/** The published figures of several investors at once (a shortlist page's), by investor id; the others are absent. */
export async function getResponseTimesOf(
  investorIds: readonly string[],
): Promise<Map<string, ResponseTimesItem>> {
  if (investorIds.length === 0) return new Map();
  const items = await batchGet(investorIds.map((id) => responseTimesKey(id)));
  return new Map(
    items.map((item) => responseTimesModel.fromItem(item)).map((times) => [times.investorId, times]),
  );
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
 * longer publishes (fewer than ten people now) removed. Every write is on the condition that no newer
 * run wrote the item (`computedAt`): two runs at once (a manual start beside the schedule's) leave
 * the newer run's figures, whichever ends last.
 */
export async function replaceResponseTimes(
  items: readonly ResponseTimesItem[],
  computedAt: string,
): Promise<{ removed: number }> {
  const keep = new Set(items.map((item) => item.investorId));
  const published = await queryAll({
    ...publishedResponseTimes(),
    ProjectionExpression: 'pk, sk, investorId',
  });
  const stale = published.filter((item) => !keep.has(String(item.investorId)));
  const notNewer = { ':at': computedAt };
  const writes: (() => Promise<boolean>)[] = [
    ...items.map(
      (item) => () =>
        conditionalWrite(
          putItem(responseTimesModel.toItem(item), {
            expression: 'attribute_not_exists(pk) OR computedAt <= :at',
            values: notNewer,
          }),
        ),
    ),
    ...stale.map(
      (item) => () =>
        conditionalWrite(
          deleteItem(String(item.pk), String(item.sk), { expression: 'computedAt < :at', values: notNewer }),
        ),
    ),
  ];
  let next = 0;
  let removed = 0;
  const worker = async () => {
    while (next < writes.length) {
      const index = next++;
      const done = await (writes[index] as () => Promise<boolean>)();
      if (done && index >= items.length) removed += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(WRITES_IN_FLIGHT, writes.length) }, worker));
  return { removed };
}

const WRITES_IN_FLIGHT = 16;
