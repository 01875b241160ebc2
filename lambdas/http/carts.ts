import {
  cartIdParams,
  cartPreviewBody,
  cartPreviewResponse,
  cartViewSchema,
  openCheckoutResponse,
  saveCartBody,
  toCartView,
} from '../../shared/api/carts';
import {
  mergeWorkingCartBody,
  mergeWorkingCartResponse,
  putWorkingCartBody,
  putWorkingCartResponse,
  workingCartResponse,
} from '../../shared/api/working-cart';
import { cartPaymentUrl } from '../../shared/cart/payment-link';
import type { PaymentLinks } from '../../shared/cart/pricing';
import { CART_CANNOT_CHANGE } from '../../shared/cart/saved-cart';
import {
  mergeLeftOutMessage,
  WORKING_CART_CHANGED,
  workingCartDuplicate,
} from '../../shared/cart/working-cart';
import { paymentLinksConfig } from '../lib/config';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import { endpoint, httpHandler, WithStatus } from '../lib/http';
import { takeFounderSlot } from '../lib/limits/founder-limits';
import { countBusinessEvent } from '../lib/observability/metrics';
import {
  CartConflictError,
  CartRejectedError,
  getCart,
  getCartForReader,
  openCheckoutOfCreator,
  previewCart,
  saveCartOfCreator,
} from '../lib/table/repositories/carts';
import { isInvestorAccount } from '../lib/table/repositories/investor-accounts';
import { ensureUserProfile } from '../lib/table/repositories/users';
import {
  cardsOfWorkingCart,
  getWorkingCart,
  mergeIntoWorkingCart,
  putWorkingCart,
  WorkingCartConflictError,
} from '../lib/table/repositories/working-carts';

function paymentLinks(): PaymentLinks {
  const links = paymentLinksConfig();
  return {
    'tier-50': links.PAYMENT_LINK_TIER_50,
    'tier-250': links.PAYMENT_LINK_TIER_250,
    'tier-1000': links.PAYMENT_LINK_TIER_1000,
    'tier-2500': links.PAYMENT_LINK_TIER_2500,
  };
}

/** Not in the spec: paying again for a cart that was paid, is being paid for, or is flagged. */
const CHECKOUT_CLOSED =
  'This cart cannot be paid for now: it was paid, a payment is pending, or it is flagged.';

function toHttpError(error: unknown): never {
  if (error instanceof CartRejectedError) throw new BadRequestError(error.message, { cause: error });
  if (error instanceof CartConflictError) throw new ConflictError(CART_CANNOT_CHANGE, { cause: error });
  throw error;
}

function workingCartError(error: unknown): never {
  if (error instanceof WorkingCartConflictError)
    throw new ConflictError(WORKING_CART_CHANGED, { cause: error });
  throw error;
}

function firstDuplicate(ids: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return null;
}

/** Whether `userId` saved a cart under `cartId` (the working cart's id is also the one it will be saved under). */
async function savedBy(cartId: string | null, userId: string): Promise<boolean> {
  if (cartId === null) return false;
  const cart = await getCart(cartId);
  return cart !== null && cart.creatorUserId === userId;
}

/** Export carts: saved and read back by their creator; admins may read any. */
export const handler = httpHandler(
  'carts',
  {
    'POST /carts': endpoint({
      auth: 'user',
      body: saveCartBody,
      handle: async ({ body, caller }) => {
        const now = new Date();
        await takeFounderSlot(caller.sub, 'cartLists', now);
        // The buyer's user record must exist: delivery emails the CSV to its address.
        await ensureUserProfile({ userId: caller.sub, email: caller.email, now: now.toISOString() });
        const saved = await saveCartOfCreator(body, {
          creatorUserId: caller.sub,
          now,
          paymentLinks: paymentLinks(),
        }).catch(toHttpError);
        countBusinessEvent('CartSaved');
        return new WithStatus(
          saved.created ? 201 : 200,
          cartViewSchema.parse(toCartView(saved.cart, saved.cards)),
        );
      },
    }),

    'POST /carts/preview': endpoint({
      auth: 'user',
      body: cartPreviewBody,
      handle: async ({ body, caller }) => {
        await takeFounderSlot(caller.sub, 'cartLists', new Date());
        return cartPreviewResponse.parse(await previewCart(body.investorIds, body.columnOrder));
      },
    }),

    'GET /carts/{cartId}': endpoint({
      auth: 'user',
      params: cartIdParams,
      handle: async ({ params, caller }) => {
        const found = await getCartForReader(params.cartId, { userId: caller.sub, isAdmin: caller.isAdmin });
        // Someone else's cart answers as a missing one: its existence is not revealed.
        if (!found) throw new NotFoundError('Cart not found');
        return cartViewSchema.parse(toCartView(found.cart, found.cards, found.delivery));
      },
    }),

    'GET /me/cart': endpoint({
      auth: 'user',
      handle: async ({ caller }) => {
        const cart = await getWorkingCart(caller.sub);
        const [items, saved] = await Promise.all([
          cardsOfWorkingCart(cart.investorIds),
          savedBy(cart.cartId, caller.sub),
        ]);
        return workingCartResponse.parse({ ...cart, items, saved });
      },
    }),

    'PUT /me/cart': endpoint({
      auth: 'user',
      body: putWorkingCartBody,
      handle: async ({ body, caller }) => {
        await takeFounderSlot(caller.sub, 'cartLists', new Date());
        const duplicate = firstDuplicate(body.investorIds);
        if (duplicate) throw new BadRequestError(workingCartDuplicate(duplicate));
        const cart = await putWorkingCart(caller.sub, body.expectedVersion, body, new Date()).catch(
          workingCartError,
        );
        return putWorkingCartResponse.parse(cart);
      },
    }),

    'POST /me/cart/merge': endpoint({
      auth: 'user',
      body: mergeWorkingCartBody,
      handle: async ({ body, caller }) => {
        await takeFounderSlot(caller.sub, 'cartLists', new Date());
        const merged = await mergeIntoWorkingCart(
          caller.sub,
          body.investorIds,
          body.cartId ?? null,
          new Date(),
        ).catch(workingCartError);
        const [items, saved] = await Promise.all([
          cardsOfWorkingCart(merged.cart.investorIds),
          savedBy(merged.cart.cartId, caller.sub),
        ]);
        return mergeWorkingCartResponse.parse({
          cart: { ...merged.cart, items, saved },
          added: merged.added,
          alreadyInCart: merged.alreadyInCart,
          leftOut: merged.leftOut,
          message: mergeLeftOutMessage(merged.leftOut),
        });
      },
    }),

    'POST /carts/{cartId}/checkout': endpoint({
      auth: 'user',
      params: cartIdParams,
      handle: async ({ params, caller }) => {
        const opened = await openCheckoutOfCreator(
          params.cartId,
          { userId: caller.sub, email: caller.email },
          new Date(),
        );
        if (!opened) {
          const cart = await getCart(params.cartId);
          if (!cart || cart.creatorUserId !== caller.sub) throw new NotFoundError('Cart not found');
          throw new ConflictError(CHECKOUT_CLOSED);
        }
        const { cart, cards } = opened;
        return openCheckoutResponse.parse({
          url: cartPaymentUrl(cart.pricing.stripePaymentLink, cart.id, caller.email),
          cart: toCartView(cart, cards),
        });
      },
    }),
  },
  { isInvestorAccount },
);
