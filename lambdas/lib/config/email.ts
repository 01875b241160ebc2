import * as z from 'zod/mini';
import { readSection } from './section';

/** The sender (and SES configuration set) of every email a function sends. */
export const emailConfig = /* @__PURE__ */ readSection('email', () =>
  z.object({ SES_FROM: z.email(), SES_CONFIGURATION_SET: z.optional(z.string().check(z.minLength(1))) }),
);
