import * as z from 'zod/mini';

/**
 * One-click unsubscribe (issue 48, RFC 8058): every bulk email carries
 * `List-Unsubscribe: <{site}/api/unsubscribe?token=…>` and `List-Unsubscribe-Post:
 * List-Unsubscribe=One-Click`. POST turns that email off for its founder; GET only says what the
 * link turns off (link checkers and prefetchers follow GETs: RFC 8058 forbids acting on them).
 */
export const BULK_EMAIL_NAMES = {
  searchAlerts: 'Weekly new-investor emails',
  updateEmails: 'Weekly update emails',
  pipelineReminders: 'Next-step reminder emails',
} as const;

export const unsubscribeMessages = {
  badToken:
    'This unsubscribe link is not valid: use the link in your latest email, or turn emails off in your account settings.',
} as const;

export const unsubscribeQuery = z.object({
  token: z
    .string({ error: 'token is required: the link in the email carries it.' })
    .check(
      z.minLength(1, 'token is required: the link in the email carries it.'),
      z.maxLength(200, 'token is too long: it is not one of our links.'),
    ),
});

export const unsubscribeResponse = z.object({
  /** The email the link is about, as the account settings name it. */
  email: z.enum(Object.values(BULK_EMAIL_NAMES) as [string, ...string[]]),
  /** Whether that email is on now (after a POST: false). */
  on: z.boolean(),
  message: z.string(),
});
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponse>;
