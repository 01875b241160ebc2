/**
 * A project's pipeline as a CSV a CRM's import reads (issue 36; docs/decisions.md, "The fundraising
 * pipeline"): the contact library's CRM columns (HubSpot's or Salesforce's names, so the import maps
 * each column by itself), then the pipeline's own: Stage, Next step, Next step date, Amount
 * discussed, Notes. Kept apart from the browser: csv-stringify needs Node's `Buffer`.
 *
 * The CRM columns mirror `crm-csv.ts` of the contact library (issue 32, branch library-useful): when
 * it is on main, `crmHeader` and `crmRecord` below are imported from it instead.
 */
import { stringify } from 'csv-stringify/sync';
import type { PipelineEntry } from '../../../shared/api/pipeline';
import { BRAND } from '../../../shared/messages';
import { PASS_REASON_LABELS, STAGE_LABELS } from '../../../shared/pipeline/stages';

export type CrmFormat = 'hubspot' | 'salesforce';

/** One investor with what the CRM file says of them: values the founder bought or brought only. */
export interface CrmContact {
  readonly name: string;
  readonly email: string | null;
  readonly phone: string | null;
  readonly linkedinUrl: string | null;
  readonly twitterUrl: string | null;
  readonly crunchbaseUrl: string | null;
  readonly company: string | null;
  readonly title: string | null;
  readonly city: string | null;
  readonly country: string | null;
}

type CrmField = keyof Omit<CrmContact, 'name'> | 'firstName' | 'lastName' | 'leadSource';

export const CRM_COLUMNS: readonly { field: CrmField; hubspot: string; salesforce: string }[] = [
  { field: 'firstName', hubspot: 'First Name', salesforce: 'First Name' },
  { field: 'lastName', hubspot: 'Last Name', salesforce: 'Last Name' },
  { field: 'email', hubspot: 'Email', salesforce: 'Email' },
  { field: 'phone', hubspot: 'Phone Number', salesforce: 'Phone' },
  { field: 'company', hubspot: 'Company Name', salesforce: 'Company' },
  { field: 'title', hubspot: 'Job Title', salesforce: 'Title' },
  { field: 'linkedinUrl', hubspot: 'LinkedIn URL', salesforce: 'LinkedIn URL' },
  { field: 'twitterUrl', hubspot: 'Twitter URL', salesforce: 'Twitter URL' },
  { field: 'crunchbaseUrl', hubspot: 'Crunchbase URL', salesforce: 'Crunchbase URL' },
  { field: 'city', hubspot: 'City', salesforce: 'City' },
  { field: 'country', hubspot: 'Country/Region', salesforce: 'Country' },
  { field: 'leadSource', hubspot: 'Lead Source', salesforce: 'Lead Source' },
];

/** Salesforce refuses a lead without a company; its Web-to-Lead writes this placeholder. */
export const SALESFORCE_NO_COMPANY = '[not provided]';

/** First and last name: the name split at its first space; one word is a last name (both CRMs need one). */
export function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { firstName: '', lastName: words[0] ?? '' };
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') };
}

export const crmHeader = (format: CrmFormat): string[] => CRM_COLUMNS.map((column) => column[format]);

export function crmRecord(contact: CrmContact, format: CrmFormat): string[] {
  const { firstName, lastName } = splitName(contact.name);
  const value: Record<CrmField, string> = {
    firstName,
    lastName,
    email: contact.email ?? '',
    phone: contact.phone ?? '',
    company: contact.company || (format === 'salesforce' ? SALESFORCE_NO_COMPANY : ''),
    title: contact.title ?? '',
    linkedinUrl: contact.linkedinUrl ?? '',
    twitterUrl: contact.twitterUrl ?? '',
    crunchbaseUrl: contact.crunchbaseUrl ?? '',
    city: contact.city ?? '',
    country: contact.country ?? '',
    leadSource: BRAND,
  };
  return CRM_COLUMNS.map(({ field }) => value[field]);
}

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
  readonly contact: CrmContact;
  readonly entry: Pick<
    PipelineEntry,
    'stage' | 'passReason' | 'passNote' | 'nextStep' | 'nextStepDate' | 'amount' | 'notes'
  >;
}

/** A plain phone number ('+44 20 7946 0958'): written as it is; anything else in a phone cell is guarded. */
const isPlainPhone = (value: string) =>
  value.length <= 32 && /^\+?[\d ()./-]+$/.test(value) && value.replace(/\D/g, '').length >= 6;

/**
 * The CSV: UTF-8 with a byte order mark, CRLF, every cell guarded against formulas (a leading
 * apostrophe) except a plain phone number.
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
    bom: true,
    record_delimiter: 'windows',
    quote_record_delimiter: true,
    escape_formulas: true,
    cast: {
      string: (value, context) =>
        context.column === phoneColumn && isPlainPhone(value)
          ? ({ value, escape_formulas: false } as { value: string })
          : value,
    },
  });
}
