import { cartIdParams, cartViewSchema, saveCartBody, toCartView } from '../../shared/api/carts';
import type { PaymentLinks } from '../../shared/cart/pricing';
import { CART_CANNOT_CHANGE } from '../../shared/cart/saved-cart';
import { paymentLinksConfig } from '../lib/config';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import { type Endpoint, endpoint, type HttpEvent, httpHandler } from '../lib/http';
import {
  CartConflictError,
  CartRejectedError,
  getCartForReader,
  saveCartOfCreator,
} from '../lib/table/repositories/carts';

function paymentLinks(): PaymentLinks {
  const links = paymentLinksConfig();
  return {
    'tier-50': links.PAYMENT_LINK_TIER_50,
    'tier-250': links.PAYMENT_LINK_TIER_250,
    'tier-1000': links.PAYMENT_LINK_TIER_1000,
    'tier-2500': links.PAYMENT_LINK_TIER_2500,
  };
}

/**
 * `endpoint()` answers with one fixed status, but a save answers 201 for a new cart and 200 for a
 * re-save, which only the save itself knows: it records the status against the event here.
 */
const statusOf = new WeakMap<HttpEvent, number>();

function withStatusFromHandle(inner: Endpoint): Endpoint {
  return {
    async run(event, auth) {
      const result = await inner.run(event, auth);
      const status = statusOf.get(event);
      return status === undefined ? result : { ...result, statusCode: status };
    },
  };
}

function toHttpError(error: unknown): never {
  if (error instanceof CartRejectedError) throw new BadRequestError(error.message, { cause: error });
  if (error instanceof CartConflictError) throw new ConflictError(CART_CANNOT_CHANGE, { cause: error });
  throw error;
}

/** Export carts: saved and read back by their creator; admins may read any. */
export const handler = httpHandler('carts', {
  'POST /carts': withStatusFromHandle(
    endpoint({
      auth: 'user',
      body: saveCartBody,
      handle: async ({ body, caller, event }) => {
        const saved = await saveCartOfCreator(body, {
          creatorUserId: caller.sub,
          now: new Date(),
          paymentLinks: paymentLinks(),
        }).catch(toHttpError);
        statusOf.set(event, saved.created ? 201 : 200);
        return cartViewSchema.parse(toCartView(saved.cart, saved.cards));
      },
    }),
  ),

  'GET /carts/{cartId}': endpoint({
    auth: 'user',
    params: cartIdParams,
    handle: async ({ params, caller }) => {
      const found = await getCartForReader(params.cartId, { userId: caller.sub, isAdmin: caller.isAdmin });
      // Someone else's cart answers as a missing one: its existence is not revealed.
      if (!found) throw new NotFoundError('Cart not found');
      return cartViewSchema.parse(toCartView(found.cart, found.cards));
    },
  }),
});
