import * as z from 'zod/mini';

export const CORRECTION_STATUSES = ['open', 'closed'] as const;
/** A correction asked for by the person listed (through "This is me", code checked). */
export const correctionRequestSchema = z.object({
  id: z.string(),
  investorId: z.string(),
  investorName: z.string(),
  details: z.string(),
  createdAt: z.string(),
  status: z.enum(CORRECTION_STATUSES),
  closedAt: z.nullable(z.string()),
  closedBy: z.nullable(z.string()),
  note: z.nullable(z.string()),
});
export type CorrectionRequest = z.infer<typeof correctionRequestSchema>;
