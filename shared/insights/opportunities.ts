/**
 * Sales opportunities (Business Insights, 'surface org-wide sales opportunities', issue 50), pure:
 * from the subscriptions the ingest stored, each paying customer's monthly spend now against the end
 * of last month (the MRR series' previous point), by the rules of `mrr.ts`, in the main currency:
 * - stopped paying: spent last month, nothing now (churn: win them back);
 * - spending less: a lower spend now (churn risk: talk to them);
 * - spending more: a higher spend now, or new this month (expansion: offer them more).
 * Customers whose spend did not move are left out. Amounts in minor units, rounded to whole ones.
 */
import { mainCurrency, mrrSeriesInstants, type StoredSubscription, subscriptionMrrAt } from './mrr';

export const OPPORTUNITY_KINDS = ['stopped', 'fell', 'grew', 'new'] as const;
export type OpportunityKind = (typeof OPPORTUNITY_KINDS)[number];

export interface CustomerSpend {
  /** The Stripe customer id; subscriptions without one count each as their own customer. */
  readonly customerId: string;
  readonly kind: OpportunityKind;
  /** Monthly spend at the end of last month and now, in the minor unit of the currency. */
  readonly beforeX100: number;
  readonly nowX100: number;
  /** now − before: negative for a fall. */
  readonly changeX100: number;
}

export interface SalesOpportunities {
  readonly currency: string | null;
  /** The month compared against ('YYYY-MM'). */
  readonly sinceMonth: string;
  /** Biggest movements first: stopped and fell by the amount lost, grew and new by the amount gained. */
  readonly churnRisk: CustomerSpend[];
  readonly expansion: CustomerSpend[];
  /** Monthly spend lost (stopped and fell) and gained (grew and new), in minor units. */
  readonly lostX100: number;
  readonly gainedX100: number;
}

/** The customers whose monthly spend moved since the end of last month, grouped for a founder to act on. */
export function computeSalesOpportunities(
  subscriptions: readonly StoredSubscription[],
  now: Date,
): SalesOpportunities {
  const [previous] = mrrSeriesInstants(now, 2);
  const before = previous?.at ?? now.getTime();
  const currency = mainCurrency(subscriptions);
  const spend = new Map<string, { before: number; now: number }>();
  for (const subscription of subscriptions) {
    if (subscription.currency.toLowerCase() !== currency) continue;
    const customer = subscription.customerId ?? subscription.id;
    const entry = spend.get(customer) ?? { before: 0, now: 0 };
    entry.before += subscriptionMrrAt(subscription, before);
    entry.now += subscriptionMrrAt(subscription, now.getTime());
    spend.set(customer, entry);
  }
  const moved: CustomerSpend[] = [];
  for (const [customerId, entry] of spend) {
    const beforeX100 = Math.round(entry.before);
    const nowX100 = Math.round(entry.now);
    if (beforeX100 === nowX100) continue;
    const kind: OpportunityKind =
      nowX100 === 0 ? 'stopped' : beforeX100 === 0 ? 'new' : nowX100 < beforeX100 ? 'fell' : 'grew';
    moved.push({ customerId, kind, beforeX100, nowX100, changeX100: nowX100 - beforeX100 });
  }
  const byChange = (a: CustomerSpend, b: CustomerSpend) =>
    Math.abs(b.changeX100) - Math.abs(a.changeX100) || a.customerId.localeCompare(b.customerId);
  const churnRisk = moved.filter((c) => c.changeX100 < 0).sort(byChange);
  const expansion = moved.filter((c) => c.changeX100 > 0).sort(byChange);
  return {
    currency,
    sinceMonth: previous?.month ?? '',
    churnRisk,
    expansion,
    lostX100: churnRisk.reduce((sum, c) => sum - c.changeX100, 0),
    gainedX100: expansion.reduce((sum, c) => sum + c.changeX100, 0),
  };
}
