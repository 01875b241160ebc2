/**
 * A project's pipeline as a CSV a CRM's import reads (issue 36; docs/decisions.md, "The fundraising
 * pipeline"): the contact library's CRM columns (`crm-csv.ts`: HubSpot's or Salesforce's names, so
 * the import maps each column by itself), then the pipeline's own: Stage, Next step, Next step date,
 * Amount discussed, Notes. Kept apart from the browser: csv-stringify needs Node's `Buffer`.
 */
import { stringify } from 'csv-stringify/sync';
import type { CrmFormat } from '../../../shared/api/account';
import type { PipelineEntry } from '../../../shared/api/pipeline';
import { PASS_REASON_LABELS, STAGE_LABELS } from '../../../shared/pipeline/stages';
import { CRM_COLUMNS, type CrmContact, crmHeader, crmRecord } from './crm-csv';
import { formulaSafeOptions } from './formula-guard';

export type { CrmContact, CrmFormat };

/** The pipeline's own columns, after the CRM's. */
export const PIPELINE_COLUMNS = [
  'Stage',
  'Next step',
  'Next step date',
  'Amount discussed',
  'Notes',
] as const;

/** The stage as the file says it: a pass carries its reason ("Passed: Not investing now (their words)"). */
export function stageCell(entry: Pick<PipelineEntry, 'stage' | 'passReason' | 'passNote'>): string {
  if (entry.stage !== 'passed' || !entry.passReason) return STAGE_LABELS[entry.stage];
  return `Passed: ${PASS_REASON_LABELS[entry.passReason]}${entry.passNote ? ` (${entry.passNote})` : ''}`;
}

export interface PipelineCsvRow {
  /** The values the founder bought (a directory investor) or brought (a private contact), nothing else. */
  readonly contact: CrmContact;
  readonly entry: Pick<
    PipelineEntry,
    'stage' | 'passReason' | 'passNote' | 'nextStep' | 'nextStepDate' | 'amount' | 'notes'
  >;
}

/**
 * The CSV: UTF-8 with a byte order mark, CRLF, every cell guarded against formulas as in the
 * library's CRM file (a plain phone number written as it is).
 */
export function buildPipelineCsv(rows: readonly PipelineCsvRow[], format: CrmFormat): string {
  const phoneColumn = CRM_COLUMNS.findIndex((column) => column.field === 'phone');
  const records = rows.map(({ contact, entry }) => [
    ...crmRecord(contact, format),
    stageCell(entry),
    entry.nextStep ?? '',
    entry.nextStepDate ?? '',
    entry.amount === null ? '' : String(entry.amount),
    entry.notes,
  ]);
  return stringify([[...crmHeader(format), ...PIPELINE_COLUMNS], ...records], {
    ...formulaSafeOptions([phoneColumn]),
    bom: true,
    record_delimiter: 'windows',
    quote_record_delimiter: true,
  });
}
