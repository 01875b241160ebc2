import { stripeEventModel } from '../models';
import { deleteItem, isConditionFailure, putItem } from '../table';

const RETENTION_SECONDS = 30 * 24 * 60 * 60;

/**
 * Records a Stripe event id. Returns true the first time and false for a replay or a concurrent
 * duplicate, so each event is acted on once. The record expires (TTL) after 30 days.
 */
export async function recordStripeEventOnce(eventId: string, type: string, now: Date): Promise<boolean> {
  try {
    await putItem(
      {
        ...stripeEventModel.toItem({ eventId, type, receivedAt: now.toISOString() }),
        expiresAt: Math.floor(now.getTime() / 1000) + RETENTION_SECONDS,
      },
      'attribute_not_exists(pk)',
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Drops the record of an event whose handling failed, so Stripe's retry is acted on. */
export async function forgetStripeEvent(eventId: string): Promise<void> {
  await deleteItem(`STRIPE_EVENT#${eventId}`, 'EVENT');
}
