import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { METRICS_NAMESPACE } from '../../lambdas/lib/observability/metrics';
import { writeSearchableInvestors } from '../../lambdas/lib/table/repositories/investors';
import { call, createUser, type TestUser } from './support/home';
import { metricGrowth, metricTotal, publishedMetrics } from './support/metrics';
import { checkoutEvent, delivered, postEvent, savedCart } from './support/purchases';

/**
 * The business metrics the handlers publish in CloudWatch's embedded metric format, read from the
 * lines they printed (the local home keeps them as CloudWatch Logs would).
 */
describe('CloudWatch metrics of business events', () => {
  let founder: TestUser;

  beforeAll(async () => {
    founder = await createUser();
  });

  it('publishes CartSaved once per saved cart, in the product namespace, and nothing for a refused one', async () => {
    const investor = {
      id: `inv_metrics_${randomUUID().slice(0, 8)}`,
      name: 'Metrics Investor',
      investorRole: 'angel' as const,
      stageFocus: [],
      sectorFocus: [],
      hasEmail: true,
      hasPhone: false,
      hasLinkedIn: false,
      hasTwitter: false,
      hasCrunchbase: false,
      importedInvestorId: `imp_metrics_${randomUUID().slice(0, 8)}`,
      firmName: null,
      title: null,
      cities: [],
      countries: [],
      checkMin: null,
      checkMax: null,
      contactConfirmed: {},
      updatedAt: new Date().toISOString(),
    };
    await writeSearchableInvestors([{ before: null, after: investor }]);

    const saved = await metricGrowth('CartSaved', () =>
      call('POST', '/carts', {
        token: founder.token,
        body: { investorIds: [investor.id], columnOrder: ['name'] },
      }),
    );
    const refused = await metricGrowth('CartSaved', () =>
      call('POST', '/carts', { token: founder.token, body: { investorIds: [], columnOrder: ['name'] } }),
    );

    expect(saved).toBe(1);
    expect(refused).toBe(0);
    expect((await metricTotal('CartSaved')).namespaces).toEqual([METRICS_NAMESPACE]);
  });

  it('publishes PodcastVote for an upvote and not for taking it back', async () => {
    const listed = await call('POST', '/podcasts', {
      token: founder.token,
      body: { title: `Metrics ${randomUUID().slice(0, 8)}`, url: 'https://podcasts.example.com/m' },
    });
    const { id } = (listed.body as { data: { id: string } }).data;

    const upvote = await metricGrowth('PodcastVote', () =>
      call('POST', `/podcasts/${id}/vote`, { token: founder.token }),
    );
    const withdraw = await metricGrowth('PodcastVote', () =>
      call('POST', `/podcasts/${id}/vote`, { token: founder.token }),
    );

    expect(upvote).toBe(1);
    expect(withdraw).toBe(0);
  });

  it('publishes PaymentAccepted and DeliveryCompleted once for a paid and delivered cart', async () => {
    const buyer = await createUser();
    const u = randomUUID().slice(0, 8);
    const cart = await savedCart(
      buyer,
      [{ name: `Metric Buyer ${u}`, email: `mb-${u}@example.com` }],
      ['name'],
    );

    const accepted = await metricGrowth('PaymentAccepted', () => postEvent(checkoutEvent(cart.id, 500)));
    const completed = await metricGrowth('DeliveryCompleted', () => delivered(cart.id));

    expect(accepted).toBe(1);
    expect(completed).toBe(1);
  });

  it('tags every line with the service and publishes the ColdStart metric of the first invocation', async () => {
    const records = await publishedMetrics();

    expect(records.length).toBeGreaterThan(0);
    for (const record of records) expect(record.service).toBe('investor-directory');
    // The local home runs every handler in one process, so it has one cold start where Lambda has one per function.
    expect((await metricTotal('ColdStart')).total).toBe(1);
  });
});
