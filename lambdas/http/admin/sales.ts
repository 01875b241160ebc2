import {
  adminCartsResponse,
  adminPageQuery,
  redeliverResponse,
  unmatchedPaymentsResponse,
} from '../../../shared/api/admin';
import { cartIdParams } from '../../../shared/api/carts';
import { purchaseStateOf } from '../../../shared/cart/purchase-state';
import { ConflictError } from '../../lib/errors';
import { endpoint } from '../../lib/http';
import { NotPurchasedError, redeliverCart } from '../../lib/purchases/redeliver';
import { listCartsPage } from '../../lib/table/repositories/carts';
import { getCartDeliveries } from '../../lib/table/repositories/deliveries';
import { listUnmatchedPaymentsPage } from '../../lib/table/repositories/unmatched-payments';
import { getUserProfiles } from '../../lib/table/repositories/users';
import { paged } from './paging';

/**
 * The admin function's area for recent carts, unmatched payments, re-delivery of a purchase. A
 * module of its own, loaded at the first request of one of its routes (`lambdas/http/admin.ts`).
 */
export const endpoints = {
  'GET /admin/carts': endpoint({
    auth: 'admin',
    query: adminPageQuery,
    handle: async ({ query }) => {
      const page = await paged(() => listCartsPage(query.cursor ?? null, query.limit));
      const carts = page.items;
      const [creators, deliveries] = await Promise.all([
        getUserProfiles([...new Set(carts.map((c) => c.creatorUserId))]),
        getCartDeliveries(carts.map((c) => c.id)),
      ]);
      const now = new Date();
      return adminCartsResponse.parse({
        carts: carts.map((cart) => {
          const delivery = deliveries.get(cart.id) ?? null;
          return {
            id: cart.id,
            creatorUserId: cart.creatorUserId,
            creatorEmail: creators.get(cart.creatorUserId)?.email ?? null,
            startedDate: cart.startedDate,
            status: cart.status,
            itemCount: cart.searchableInvestorEntryIds.length,
            totalX100: cart.pricing.totalX100,
            purchasedAt: cart.purchasedAt,
            flaggedReason: cart.flaggedReason,
            // Read now: a paid cart without a delivery running or finished a few minutes on is stuck.
            purchaseState: purchaseStateOf({ ...cart, delivery }, now),
            deliveryFailure: delivery?.deliveredAt ? null : (delivery?.failureReason ?? null),
            undeliveredCredited: delivery?.undeliveredCredited ?? 0,
          };
        }),
        cursor: page.cursor,
      });
    },
  }),

  'GET /admin/unmatched-payments': endpoint({
    auth: 'admin',
    query: adminPageQuery,
    handle: async ({ query }) => {
      const page = await paged(() => listUnmatchedPaymentsPage(query.cursor ?? null, query.limit));
      return unmatchedPaymentsResponse.parse({ payments: page.items, cursor: page.cursor });
    },
  }),

  'POST /admin/carts/{cartId}/redeliver': endpoint({
    auth: 'admin',
    params: cartIdParams,
    handle: async ({ params }) => {
      try {
        const executionArn = await redeliverCart(params.cartId, new Date());
        return redeliverResponse.parse({ cartId: params.cartId, executionArn });
      } catch (error) {
        if (error instanceof NotPurchasedError)
          throw new ConflictError('Only a purchased cart can be redelivered.');
        throw error;
      }
    },
  }),
};
