import * as z from 'zod/mini';
import { readSection } from './section';

/** Stripe Connect: the platform's OAuth client id (`ca_...`), used to deauthorise a connected account. */
export const stripeConnectConfig = /* @__PURE__ */ readSection('Stripe Connect', () =>
  z.object({
    STRIPE_CONNECT_CLIENT_ID: z.string().check(z.regex(/^ca_\w+$/, 'a Connect client id, ca_...')),
  }),
);
