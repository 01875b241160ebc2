import type { CartInvestor } from '../../../../shared/cart/cart';
import { DEFAULT_COLUMN_ORDER, type ExportColumnKey } from '../../../../shared/cart/export';
import { MAX_CART_ITEMS } from '../../../../shared/cart/pricing';
import { WORKING_CART_CHANGED } from '../../../../shared/cart/working-cart';

/**
 * A stand-in for the API's working cart (`GET`/`PUT /me/cart`, `POST /me/cart/merge`) at the fetch
 * boundary, as lambdas/http/carts.ts answers them: versions, 409 on a stale write, the union at a
 * merge capped at 2,500 (test/integration/working-cart.test.ts holds the real one to the same rules).
 * Every answer waits a turn of the event loop, so two tabs' calls interleave as they would over HTTP.
 */
export class WorkingCartServer {
  version = 0;
  investorIds: string[] = [];
  columnOrder: ExportColumnKey[] = [...DEFAULT_COLUMN_ORDER];
  cartId: string | null = null;
  /** The cart ids the founder saved (POST /carts), as the server knows them. */
  readonly savedCartIds = new Set<string>();
  readonly calls: { method: string; path: string; body: unknown; status: number }[] = [];
  /** Answers the next PUT with this status and message instead (a refusal). */
  refuseNextPut: { status: number; code: string; message: string } | null = null;
  /** Holds every answer until it resolves (a slow network). */
  hold: Promise<void> | null = null;

  constructor(private readonly directory: ReadonlyMap<string, CartInvestor>) {}

  private view() {
    return {
      version: this.version,
      investorIds: [...this.investorIds],
      columnOrder: [...this.columnOrder],
      cartId: this.cartId,
      updatedAt: this.version === 0 ? null : '2026-11-26T06:42:00.000Z',
    };
  }

  private withCards() {
    return {
      ...this.view(),
      saved: this.cartId !== null && this.savedCartIds.has(this.cartId),
      items: this.investorIds.map((id) => ({ id, card: this.directory.get(id) ?? null })),
    };
  }

  /** Answers a call of the web app's API client, or null when the path is not the working cart's. */
  async answer(url: string, init?: RequestInit): Promise<{ status: number; body: unknown } | null> {
    const path = new URL(url, 'http://localhost').pathname.replace(/^\/api/, '');
    if (path !== '/me/cart' && path !== '/me/cart/merge') return null;
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (this.hold) await this.hold;
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    const reply = this.reply(method, body);
    this.calls.push({ method, path, body, status: reply.status });
    return reply;
  }

  private reply(method: string, body: Record<string, unknown> | undefined) {
    if (method === 'GET') return { status: 200, body: { data: this.withCards() } };
    if (method === 'PUT') {
      if (this.refuseNextPut) {
        const { status, code, message } = this.refuseNextPut;
        this.refuseNextPut = null;
        return { status, body: { error: { code, message } } };
      }
      if (body?.expectedVersion !== this.version)
        return { status: 409, body: { error: { code: 'aborted', message: WORKING_CART_CHANGED } } };
      this.investorIds = [...(body.investorIds as string[])];
      this.columnOrder = [...(body.columnOrder as ExportColumnKey[])];
      this.cartId = body.cartId as string | null;
      this.version++;
      return { status: 200, body: { data: this.view() } };
    }
    // POST /me/cart/merge
    const incoming = body?.investorIds as string[];
    let added = 0;
    let alreadyInCart = 0;
    let leftOut = 0;
    for (const id of incoming) {
      if (this.investorIds.includes(id)) alreadyInCart++;
      else if (this.investorIds.length >= MAX_CART_ITEMS) leftOut++;
      else {
        this.investorIds.push(id);
        added++;
      }
    }
    if (added > 0 || this.version === 0) {
      this.cartId ??= (body?.cartId as string | null | undefined) ?? null;
      this.version++;
    }
    const message =
      leftOut > 0
        ? `Your cart holds at most 2,500 contacts, so ${leftOut} ${leftOut === 1 ? 'investor' : 'investors'} from this browser ${leftOut === 1 ? 'was' : 'were'} not added.`
        : null;
    return {
      status: 200,
      body: { data: { cart: this.withCards(), added, alreadyInCart, leftOut, message } },
    };
  }
}
