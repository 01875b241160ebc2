import * as z from 'zod/mini';
import { readSection } from './section';

const optionalText = () => z.optional(z.string().check(z.minLength(1)));

/** Stripe's webhook signing secret: by ARN on AWS (read from Secrets Manager), or as a value locally. */
export const stripeWebhookConfig = /* @__PURE__ */ readSection('Stripe webhook', () =>
  z.object({ STRIPE_WEBHOOK_SECRET: optionalText(), STRIPE_WEBHOOK_SECRET_ARN: optionalText() }),
);
