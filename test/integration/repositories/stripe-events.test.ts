import { describe, expect, it } from 'vitest';
import { recordStripeEventOnce } from '../../../lambdas/lib/table/repositories/stripe-events';
import { getItem } from '../../../lambdas/lib/table/table';
import { unique } from './fixtures';

describe('stripe events repository (DynamoDB Local)', () => {
  it('answers true for a new event and false for its replay', async () => {
    const eventId = unique('evt_');
    const now = new Date();

    expect(await recordStripeEventOnce(eventId, 'checkout.session.completed', now)).toBe(true);
    expect(await recordStripeEventOnce(eventId, 'checkout.session.completed', now)).toBe(false);
  });

  it('answers true exactly once when the same event arrives concurrently', async () => {
    const eventId = unique('evt_');

    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        recordStripeEventOnce(eventId, 'checkout.session.completed', new Date()),
      ),
    );

    expect(results.filter((r) => r)).toHaveLength(1);
    expect(results.filter((r) => !r)).toHaveLength(9);
  });

  it('treats different events independently', async () => {
    const now = new Date();

    expect(await recordStripeEventOnce(unique('evt_'), 'a', now)).toBe(true);
    expect(await recordStripeEventOnce(unique('evt_'), 'a', now)).toBe(true);
  });

  it('stores the event with a TTL 30 days after it was received', async () => {
    const eventId = unique('evt_');
    const now = new Date('2030-05-01T12:00:00.000Z');

    await recordStripeEventOnce(eventId, 'checkout.session.completed', now);

    const item = await getItem(`STRIPE_EVENT#${eventId}`, 'EVENT', true);
    expect(item).toMatchObject({
      entity: 'stripeEvent',
      eventId,
      type: 'checkout.session.completed',
      receivedAt: now.toISOString(),
      expiresAt: Math.floor(now.getTime() / 1000) + 30 * 24 * 60 * 60,
    });
  });
});
