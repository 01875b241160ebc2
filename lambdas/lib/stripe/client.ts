import Stripe from 'stripe';
import { stripeApiConfig } from '../config/stripe-api';
import { stripeSecretKey } from './secrets';

/**
 * The Stripe API client. Its host can be pointed at the local stand-in
 * (`STRIPE_API_HOST`/`PORT`/`PROTOCOL`), so the product's code path is the same locally.
 */
let client: { key: string; stripe: Stripe } | undefined;

/** The Stripe API client, built again only when the secret key changes (a rolled key). */
export async function stripeClient(): Promise<Stripe> {
  const e = stripeApiConfig();
  const key = await stripeSecretKey();
  if (client?.key !== key) {
    client = {
      key,
      stripe: new Stripe(key, {
        ...(e.STRIPE_API_HOST ? { host: e.STRIPE_API_HOST } : {}),
        ...(e.STRIPE_API_PORT ? { port: e.STRIPE_API_PORT } : {}),
        ...(e.STRIPE_API_PROTOCOL ? { protocol: e.STRIPE_API_PROTOCOL } : {}),
        maxNetworkRetries: 2,
      }),
    };
  }
  return client.stripe;
}
