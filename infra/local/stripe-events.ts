import type { ServerResponse } from 'node:http';
import type { ExtraRoute } from './gateway';

/**
 * LOCAL ONLY — the events of the local Stripe account, as Stripe keeps them: the local checkout
 * (`stripe-checkout.ts`) records each event it builds and whether its webhook post succeeded, and the
 * stand-in (`stripe-standin.ts`) lists them on `GET /v1/events` (with `type`/`types`, `created`,
 * `delivery_success`, Stripe's paging) and reads one on `GET /v1/events/{id}`, for the reconciler of
 * Stripe's events. Faults a test arms with `POST /local/faults/stripe`:
 *
 * - `{"failWebhookFor": ["cart_…"]}`: the local checkout's webhook post for these carts fails (it is
 *   not made, as when Stripe cannot reach the endpoint), leaving the event undelivered;
 *   `{"deliverWebhookFor": [...]}` lifts it. Per cart, so test files running at once never fail each
 *   other's posts.
 * - `{"refuseEventLists": true}`: `GET /v1/events` answers 500, as Stripe's API does when it fails;
 *   `false` lifts it.
 */

export interface LocalStripeEvent {
  readonly id: string;
  readonly object: 'event';
  readonly type: string;
  readonly created: number;
  readonly data: {
    readonly object: { readonly client_reference_id?: string | null } & Record<string, unknown>;
  };
  readonly [key: string]: unknown;
}

export class LocalStripeEvents {
  private readonly events: { event: LocalStripeEvent; delivered: boolean }[] = [];
  private readonly failingCarts = new Set<string>();
  private refusingLists = false;

  /** Records an event and whether every webhook post of it succeeded. */
  record(event: LocalStripeEvent, delivered: boolean): void {
    this.events.push({ event, delivered });
  }

  /** Whether the webhook post of this cart's event is to fail (an armed fault). */
  failsWebhookFor(cartId: string | null | undefined): boolean {
    return cartId ? this.failingCarts.has(cartId) : false;
  }

  get refusesLists(): boolean {
    return this.refusingLists;
  }

  /** The events as Stripe lists them (`pending_webhooks` is 0 once delivered), filtered by the query. */
  select(query: URLSearchParams): Record<string, unknown>[] | string {
    const types = [...query.entries()].filter(([key]) => /^types\[\d*\]$/.test(key)).map(([, v]) => v);
    const type = query.get('type');
    if (type !== null && types.length > 0) return 'You may pass either `type` or `types`, but not both.';
    if (types.length > 20) return 'types may hold at most 20 event types.';
    const typeMatches = (t: string) => {
      if (types.length > 0) return types.includes(t);
      if (type === null) return true;
      return new RegExp(`^${type.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`).test(t);
    };
    const bounds: [string, (created: number, bound: number) => boolean][] = [
      ['gte', (c, b) => c >= b],
      ['gt', (c, b) => c > b],
      ['lte', (c, b) => c <= b],
      ['lt', (c, b) => c < b],
    ];
    const exact = query.get('created');
    const createdMatches = (created: number) =>
      (exact === null || created === Number(exact)) &&
      bounds.every(([name, test]) => {
        const bound = query.get(`created[${name}]`);
        return bound === null || test(created, Number(bound));
      });
    const deliverySuccess = query.get('delivery_success');
    if (deliverySuccess !== null && deliverySuccess !== 'true' && deliverySuccess !== 'false')
      return 'delivery_success must be true or false.';
    return this.events
      .filter(
        ({ event, delivered }) =>
          typeMatches(event.type) &&
          createdMatches(event.created) &&
          (deliverySuccess === null || delivered === (deliverySuccess === 'true')),
      )
      .map(({ event, delivered }) => ({ ...event, pending_webhooks: delivered ? 0 : 1 }));
  }

  /** One event as Stripe retrieves it, or undefined. */
  get(id: string): Record<string, unknown> | undefined {
    const found = this.events.find(({ event }) => event.id === id);
    return found && { ...found.event, pending_webhooks: found.delivered ? 0 : 1 };
  }

  /** `POST /local/faults/stripe` (see the module comment). */
  route(): ExtraRoute {
    return async (req, body, res) => {
      if (req.method !== 'POST' || req.url !== '/local/faults/stripe') return false;
      let armed: { failWebhookFor?: unknown; deliverWebhookFor?: unknown; refuseEventLists?: unknown };
      try {
        armed = JSON.parse(body.toString('utf8') || '{}');
      } catch {
        return answer(res, 400, { error: 'The body is not JSON.' });
      }
      const ids = (value: unknown) =>
        Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
      for (const cartId of ids(armed.failWebhookFor)) this.failingCarts.add(cartId);
      for (const cartId of ids(armed.deliverWebhookFor)) this.failingCarts.delete(cartId);
      if (typeof armed.refuseEventLists === 'boolean') this.refusingLists = armed.refuseEventLists;
      return answer(res, 200, { refuseEventLists: this.refusingLists, failingCarts: this.failingCarts.size });
    };
  }
}

function answer(res: ServerResponse, status: number, payload: unknown): true {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(payload));
  return true;
}
