import * as z from 'zod/mini';
import { CONNECTIONS_PAGE_ROWS, MAX_CONNECTION_CELL, MAX_CONNECTIONS } from '../network/connections';
import { singleLine, singleLineText } from './text';

/**
 * The API contract of a founder's connections (issue 52, warm paths). Everything here is the
 * caller's own: their connections are read, replaced and deleted only by them, and the warm paths
 * answer only them. Never in any other answer, never sold (docs/decisions.md, "Warm paths").
 */

export { CONNECTIONS_PAGE_ROWS, MAX_CONNECTIONS };

/** The most investors one warm-paths request asks about (a shortlist's largest page). */
export const MAX_PATH_INVESTORS = 100;

const cellText = z.optional(singleLineText(MAX_CONNECTION_CELL));

export const connectionRowSchema = z.strictObject({
  /** The row's number in the file: the first row after the header is row 1. */
  row: z.int().check(z.gte(1), z.lte(1_000_000)),
  name: cellText,
  company: cellText,
  position: cellText,
  email: z.optional(singleLineText(320)),
  linkedinUrl: z.optional(singleLineText(500)),
});

/** POST /me/connections: one page of rows; the first page of a file replaces what the founder kept. */
export const uploadConnectionsBody = z.strictObject({
  replace: z.boolean(),
  fileName: z.optional(singleLineText(200)),
  rows: z
    .array(connectionRowSchema)
    .check(
      z.minLength(1, 'Send at least one row.'),
      z.maxLength(CONNECTIONS_PAGE_ROWS, `Send at most ${CONNECTIONS_PAGE_ROWS} rows at a time.`),
    ),
});
export type UploadConnectionsBody = z.infer<typeof uploadConnectionsBody>;

export const connectionLineSchema = z.object({
  row: z.int(),
  outcome: z.enum(['added', 'skipped']),
  message: z.nullable(z.string()),
});
export type ConnectionLine = z.infer<typeof connectionLineSchema>;

export const connectionsSummarySchema = z.object({
  count: z.int(),
  max: z.int(),
  fileName: z.nullable(z.string()),
  uploadedAt: z.nullable(z.string()),
});
export type ConnectionsSummary = z.infer<typeof connectionsSummarySchema>;

export const uploadConnectionsResponse = z.object({
  lines: z.array(connectionLineSchema),
  summary: connectionsSummarySchema,
});

export const deleteConnectionsResponse = z.object({ deleted: z.int(), summary: connectionsSummarySchema });

/** POST /me/connections/paths: the warm paths to these investors (a search page's, a profile's). */
export const warmPathsBody = z.strictObject({
  investorIds: z
    .array(z.string().check(singleLine(), z.minLength(1), z.maxLength(80)))
    .check(z.maxLength(MAX_PATH_INVESTORS, `Ask about at most ${MAX_PATH_INVESTORS} investors at a time.`)),
});

export const warmPersonSchema = z.object({
  name: z.string(),
  email: z.nullable(z.string()),
  linkedinUrl: z.nullable(z.string()),
  position: z.nullable(z.string()),
  company: z.nullable(z.string()),
  relation: z.enum(['investor', 'colleague', 'portfolio']),
  words: z.string(),
});
export type WarmPersonView = z.infer<typeof warmPersonSchema>;

/** The founder's way in to one investor: the reason's words and the people (the founder's own). */
export const warmPathSchema = z.object({
  investorId: z.string(),
  text: z.string(),
  people: z.array(warmPersonSchema),
});
export type WarmPathView = z.infer<typeof warmPathSchema>;

export const warmPathsResponse = z.object({ paths: z.array(warmPathSchema) });
export type ConnectionRowInput = z.input<typeof connectionRowSchema>;
