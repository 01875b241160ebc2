import { exportDeliveryWorkflow } from '../../workflows/start/export-delivery';
import { logger } from '../observability/logger';
import { getCartDelivery, recordCartDelivery } from '../table/repositories/deliveries';
import { deliveryExecutionName } from './delivery-names';

/**
 * Starts a run of a paid cart's delivery and records when (docs/decisions.md, "Deliveries happen
 * once"). The first run's name is fixed per cart, so a second start of it is harmless: Step Functions
 * answers ExecutionAlreadyExists (or, while it runs, the same execution), which is success here. A
 * redelivery (`attempt` a date) gets a name of its own and clears the recorded failure. Returns the execution's ARN, or null when the
 * first run already existed.
 */
export async function startCartDelivery(
  cartId: string,
  attempt: 'first' | Date,
  clearFailure = false,
): Promise<string | null> {
  let executionArn: string | null = null;
  try {
    executionArn = await exportDeliveryWorkflow.start({ cartId }, deliveryExecutionName(cartId, attempt));
  } catch (error) {
    if ((error as Error).name !== 'ExecutionAlreadyExists') throw error;
    logger.info('the delivery of this cart had already started', { cartId });
  }
  await recordCartDelivery(cartId, {
    startedAt: new Date().toISOString(),
    // A redelivery clears the recorded failure once its run is started (a run that then fails records
    // its own failure: its first retry comes seconds later).
    ...(clearFailure ? { failedAt: null, failureReason: null } : {}),
  });
  return executionArn;
}

/**
 * Starts the first run of a paid cart's delivery unless one ran (a start is recorded, or a step
 * recorded progress): what a retried payment event or a repeated redemption does, so that a start
 * that failed after the payment was recorded is made good, and a delivery that ran is not run again.
 * Returns whether it started one.
 */
export async function ensureDeliveryStarted(cartId: string): Promise<boolean> {
  const delivery = await getCartDelivery(cartId);
  if (delivery && (delivery.startedAt || delivery.csvKey || delivery.deliveredAt)) return false;
  await startCartDelivery(cartId, 'first');
  return true;
}
