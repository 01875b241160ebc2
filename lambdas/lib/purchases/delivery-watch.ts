import { DELIVERY_START_MINUTES, deliveryStuck } from '../../../shared/cart/purchase-state';
import { logger } from '../observability/logger';
import { countBusinessEvent } from '../observability/metrics';
import { listOpenDeliveries } from '../table/repositories/deliveries';

/** How many stuck carts a watch run names in its output (the metric counts them all). */
const NAMED_IN_OUTPUT = 100;

/**
 * The watch of paid carts (docs/operations.md, "What to watch, and how to repair a purchase"), run
 * every 5 minutes by the `deliveryWatch` workflow in both homes: every paid cart not yet delivered
 * (the open deliveries' index) whose delivery is stuck at `now` (`deliveryStuck`: no run started
 * {@link DELIVERY_START_MINUTES} minutes after the payment, or a run lost) is logged with its id and
 * counted in the `StuckPaidCarts` metric, on which an alarm fires. It repairs nothing: an admin
 * redelivers from /admin/carts, where the cart shows as stuck.
 */
export async function watchPaidCarts(now: Date): Promise<{ stuck: number; cartIds: string[] }> {
  const paidBefore = new Date(now.getTime() - DELIVERY_START_MINUTES * 60_000).toISOString();
  const open = await listOpenDeliveries(paidBefore);
  const stuck = open.filter((delivery) =>
    deliveryStuck(
      {
        status: 'purchased',
        paymentStatus: null,
        flaggedReason: null,
        purchasedAt: delivery.purchasedAt,
        delivery,
      },
      now,
    ),
  );
  for (const delivery of stuck)
    logger.error('a paid cart has no delivery running or finished: redeliver it from /admin/carts', {
      cartId: delivery.cartId,
      purchasedAt: delivery.purchasedAt,
      startedAt: delivery.startedAt,
    });
  countBusinessEvent('StuckPaidCarts', stuck.length);
  // The most recently paid first: the ones an operator alarmed now is looking for.
  const newestFirst = [...stuck].reverse();
  return { stuck: stuck.length, cartIds: newestFirst.slice(0, NAMED_IN_OUTPUT).map((d) => d.cartId) };
}
