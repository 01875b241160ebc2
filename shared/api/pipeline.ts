import * as z from 'zod/mini';
import { cartInvestorSchema } from '../cart/cart-investor';
import { groupDigits } from '../format/numbers';
import { IMPORT_PAGE_ROWS, MAX_IMPORT_ROWS, parseIsoDate } from '../pipeline/import-rows';
import { PASS_REASONS, PIPELINE_STAGES } from '../pipeline/stages';
import { projectIdParams } from './params';
import { multiLine, singleLine, singleLineText } from './text';

/**
 * The API contract of a project's fundraising pipeline (issue 36). Only the project's creator reads
 * or changes it; anyone else gets 404 'Project not found', as for the project itself.
 */

export const NOTES_MAX_LENGTH = 5000;
export const NEXT_STEP_MAX_LENGTH = 300;
/** The longest "Intro via" an entry keeps (a name, or a few words). */
export const INTRO_VIA_MAX_LENGTH = 120;
export const PASS_NOTE_MAX_LENGTH = 500;

export const pipelineFieldMessages = {
  notADay: 'That date does not exist: give a real day of the calendar as YYYY-MM-DD, e.g. 2026-12-31.',
} as const;

export const stageSchema = z.enum(PIPELINE_STAGES);
export const passReasonSchema = z.enum(PASS_REASONS);

/** A day of the calendar (issue 48: 2026-02-30 or 2026-13-45 is no date, whatever its shape). */
const isoDay = z.string().check(
  singleLine(),
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Give the date as YYYY-MM-DD, e.g. 2026-12-31.'),
  z.refine(
    (day) => !/^\d{4}-\d{2}-\d{2}$/.test(day) || parseIsoDate(day) === day,
    pipelineFieldMessages.notADay,
  ),
);
const amountSchema = z
  .number({ error: 'The amount must be a number.' })
  .check(z.gte(0, 'The amount cannot be negative.'), z.lte(1e12, 'The amount is too large.'));
const notesSchema = multiLine(
  z
    .string()
    .check(
      z.maxLength(NOTES_MAX_LENGTH, `Notes must be at most ${groupDigits(NOTES_MAX_LENGTH)} characters.`),
    ),
);

export const entryIdParams = z.object({
  ...projectIdParams.shape,
  entryId: z.string().check(z.regex(/^(inv|prv)-[A-Za-z0-9_-]{1,80}$/, 'Not a pipeline entry id')),
});

export const pipelineEntrySchema = z.object({
  id: z.string(),
  /** From the directory (its public card's name and firm) or one of the founder's private contacts. */
  kind: z.enum(['directory', 'private']),
  investorId: z.nullable(z.string()),
  contactId: z.nullable(z.string()),
  name: z.string(),
  firm: z.nullable(z.string()),
  title: z.nullable(z.string()),
  stage: stageSchema,
  passReason: z.nullable(passReasonSchema),
  passNote: z.nullable(z.string()),
  notes: z.string(),
  amount: z.nullable(z.number()),
  nextStep: z.nullable(z.string()),
  nextStepDate: z.nullable(z.string()),
  /** The founder marked this investor as the round's lead (issue 52). */
  lead: z._default(z.boolean(), false),
  /** Who can introduce the founder ("Intro via Ben", issue 52): the founder's own words. */
  introVia: z._default(z.nullable(z.string()), null),
  /** Raised by every change: a change names the version it read. */
  version: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  stageChangedAt: z.string(),
});
export type PipelineEntry = z.infer<typeof pipelineEntrySchema>;

export const pipelineResponse = z.object({
  project: z.object({
    id: z.string(),
    name: z.string(),
    /** The raise's amount sought in whole US dollars (issue 52: the round coverage), null if not said. */
    raiseAmountUsd: z._default(z.nullable(z.number()), null),
  }),
  entries: z.array(pipelineEntrySchema),
  max: z.int(),
});
export type PipelineResponse = z.infer<typeof pipelineResponse>;

export const stageMoveSchema = z.object({
  at: z.string(),
  /** 'you': the project's creator is the only one who moves its investors. */
  by: z.string(),
  from: z.nullable(stageSchema),
  to: stageSchema,
  passReason: z.nullable(passReasonSchema),
});
export type StageMove = z.infer<typeof stageMoveSchema>;

/** A private contact: the founder's own, never in the directory, the search or anyone else's answer. */
export const privateContactSchema = z.object({
  id: z.string(),
  name: z.string(),
  firm: z.nullable(z.string()),
  title: z.nullable(z.string()),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  linkedinUrl: z.nullable(z.string()),
  notes: z.string(),
});
export type PrivateContact = z.infer<typeof privateContactSchema>;

export const entryDetailResponse = z.object({
  entry: pipelineEntrySchema,
  history: z.array(stageMoveSchema),
  /** The private contact's values (a private entry), else null. */
  contact: z.nullable(privateContactSchema),
});
export type EntryDetailResponse = z.infer<typeof entryDetailResponse>;

const optionalText = (max: number) => z.optional(z.nullable(singleLineText(max)));

export const privateContactBody = z.strictObject({
  name: singleLineText(200).check(z.minLength(1, 'Give the investor a name.')),
  firm: optionalText(200),
  title: optionalText(200),
  email: optionalText(320),
  phone: optionalText(60),
  linkedinUrl: optionalText(500),
  notes: z.optional(notesSchema),
});
export type PrivateContactBody = z.input<typeof privateContactBody>;

/** POST .../pipeline/entries: a directory investor by id, or a new private contact. */
export const addEntryBody = z
  .strictObject({
    investorId: z.optional(
      z.string().check(singleLine(), z.regex(/^[A-Za-z0-9_-]{1,80}$/, 'Not an investor id')),
    ),
    contact: z.optional(privateContactBody),
  })
  .check(
    z.refine((body) => (body.investorId === undefined) !== (body.contact === undefined), {
      error: 'Give either investorId (an investor of the directory) or contact (your own contact), not both.',
    }),
  );
export type AddEntryBody = z.input<typeof addEntryBody>;

export const addEntryResponse = z.object({ entry: pipelineEntrySchema, created: z.boolean() });

/** PATCH .../entries/{entryId}: the fields that change, and the version they were read at. */
export const updateEntryBody = z.strictObject({
  version: z.int({ error: 'Give the version of the entry you read (version).' }).check(z.gte(0)),
  stage: z.optional(stageSchema),
  passReason: z.optional(z.nullable(passReasonSchema)),
  passNote: z.optional(z.nullable(singleLineText(PASS_NOTE_MAX_LENGTH))),
  notes: z.optional(notesSchema),
  amount: z.optional(z.nullable(amountSchema)),
  nextStep: z.optional(z.nullable(singleLineText(NEXT_STEP_MAX_LENGTH))),
  nextStepDate: z.optional(z.nullable(isoDay)),
  /** Mark (or unmark) the investor as the round's lead (issue 52). */
  lead: z.optional(z.boolean({ error: 'lead must be true or false.' })),
  introVia: z.optional(z.nullable(singleLineText(INTRO_VIA_MAX_LENGTH))),
});
export type UpdateEntryBody = z.input<typeof updateEntryBody>;

/** One spreadsheet row as the browser read it (the columns' fields; the server reads stage, amount, date). */
export const importRowSchema = z.strictObject({
  /** The row's number as the admin import counts them: the first row after the header is row 1. */
  row: z.int().check(z.gte(1), z.lte(MAX_IMPORT_ROWS)),
  name: z.optional(singleLineText(200)),
  firm: z.optional(singleLineText(200)),
  title: z.optional(singleLineText(200)),
  email: z.optional(singleLineText(320)),
  phone: z.optional(singleLineText(60)),
  linkedinUrl: z.optional(singleLineText(500)),
  stage: z.optional(singleLineText(100)),
  amount: z.optional(singleLineText(60)),
  nextStep: z.optional(singleLineText(NEXT_STEP_MAX_LENGTH)),
  nextStepDate: z.optional(singleLineText(40)),
  notes: z.optional(notesSchema),
});
export type ImportRow = z.infer<typeof importRowSchema>;

const rowsSchema = z
  .array(importRowSchema)
  .check(
    z.minLength(1, 'Send at least one row.'),
    z.maxLength(IMPORT_PAGE_ROWS, `Send at most ${IMPORT_PAGE_ROWS} rows at a time.`),
  );

/** POST .../pipeline/import/matches: a page of rows to match with the directory. */
export const matchRowsBody = z.strictObject({ rows: rowsSchema });

export const rowMatchSchema = z.object({
  row: z.int(),
  /** The directory investor the row seems to be: the public card only, never a contact value. */
  match: z.nullable(z.object({ investor: cartInvestorSchema, by: z.enum(['email', 'nameAndFirm']) })),
  /** The entry the row would be (already in the pipeline: an import keeps it as it is). */
  inPipeline: z.boolean(),
});
export type RowMatch = z.infer<typeof rowMatchSchema>;
export const matchRowsResponse = z.object({ rows: z.array(rowMatchSchema) });

/** POST .../pipeline/import: a page of rows, with the matches the founder accepted (by row). */
export const importRowsBody = z.strictObject({
  rows: rowsSchema,
  accepted: z
    .array(z.object({ row: z.int(), investorId: z.string().check(singleLine(), z.maxLength(80)) }))
    .check(z.maxLength(IMPORT_PAGE_ROWS)),
});

export const IMPORT_OUTCOMES = ['added', 'addedPrivate', 'skipped', 'failed'] as const;
export const importLineSchema = z.object({
  row: z.int(),
  outcome: z.enum(IMPORT_OUTCOMES),
  /** The entry the row made or met. */
  entryId: z.nullable(z.string()),
  message: z.string(),
});
export type ImportLine = z.infer<typeof importLineSchema>;
export const importRowsResponse = z.object({ lines: z.array(importLineSchema) });

export const EXPORT_FORMATS = ['hubspot', 'salesforce'] as const;
export const exportQuery = z.object({ format: z._default(z.enum(EXPORT_FORMATS), 'hubspot') });
export const exportResponse = z.object({ fileName: z.string(), csv: z.string(), rowCount: z.int() });

export const deleteEntryResponse = z.object({ deleted: z.string() });
