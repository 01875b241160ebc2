import * as z from 'zod/mini';
import { readSection } from './section';

const optionalText = () => z.optional(z.string().check(z.minLength(1)));

/**
 * Stripe's API: the platform's secret key, by ARN on AWS (read from Secrets Manager) or as a value in
 * the local home, and the API host, which the local home points at its stand-in.
 */
export const stripeApiConfig = /* @__PURE__ */ readSection('Stripe API', () =>
  z.object({
    STRIPE_SECRET_KEY: optionalText(),
    STRIPE_SECRET_KEY_ARN: optionalText(),
    STRIPE_API_HOST: optionalText(),
    STRIPE_API_PORT: z.optional(z.coerce.number().check(z.int())),
    STRIPE_API_PROTOCOL: z.optional(z.enum(['http', 'https'])),
  }),
);
