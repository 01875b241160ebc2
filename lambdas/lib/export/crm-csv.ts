/**
 * The contact library as a CSV that a CRM's contact import reads (issue 32; docs/decisions.md, "The
 * contact library"): one row per bought contact, the columns named as HubSpot's or Salesforce's
 * import matches them, so the import maps each column by itself. Kept apart from the browser for the
 * same reason as `export-csv.ts` (csv-stringify needs Node's `Buffer`).
 */
import { stringify } from 'csv-stringify/sync';
import type { CrmFormat } from '../../../shared/api/account';
import { foldText } from '../../../shared/library/library-query';
import { BRAND } from '../../../shared/messages';
import { formulaSafeOptions } from './formula-guard';

/** One bought contact with what the CRM file says of it (bought values as the library shows them). */
export interface CrmContact {
  readonly name: string;
  /** The source's own first and last name, when it gave them. */
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly email: string | null;
  readonly phone: string | null;
  readonly linkedinUrl: string | null;
  readonly twitterUrl: string | null;
  readonly crunchbaseUrl: string | null;
  readonly company: string | null;
  readonly title: string | null;
  readonly city: string | null;
  readonly country: string | null;
  /** Where the contact came from: {@link CRM_LEAD_SOURCE} unless said otherwise (a founder's own contact). */
  readonly leadSource?: string;
}

type CrmField =
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'company'
  | 'title'
  | 'linkedinUrl'
  | 'twitterUrl'
  | 'crunchbaseUrl'
  | 'city'
  | 'country'
  | 'leadSource';

/**
 * The columns, in order, with each CRM's name for them: HubSpot's contact property labels (its
 * import matches a header to a property's label or internal name), Salesforce's import-file labels
 * for leads (its Data Import Wizard maps them). LinkedIn, Twitter and Crunchbase have no standard
 * field in either: their names say what they hold, for a custom property.
 */
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

/** Where the contacts came from, in the Lead Source column. */
export const CRM_LEAD_SOURCE = BRAND;

/** The Lead Source of a founder's own contact (imported or typed into their pipeline): not the directory's. */
export const CRM_OWN_CONTACT_SOURCE = 'Own contact';

/**
 * Salesforce refuses a lead without a company; its own Web-to-Lead writes this placeholder then
 * (Salesforce Help, article 000171026), so an angel without a firm imports the same way.
 */
export const SALESFORCE_NO_COMPANY = '[not provided]';

/**
 * First and last name: the source's own when they make up the name shown (the name may have been
 * changed since), else the name split at its first space ("Jean-Luc van der Berg" → "Jean-Luc",
 * "van der Berg"). One word is a last name: both CRMs require a last name, neither a first.
 */
export function splitName(
  name: string,
  source: { firstName?: string | null; lastName?: string | null } = {},
): { firstName: string; lastName: string } {
  const first = source.firstName?.trim() ?? '';
  const last = source.lastName?.trim() ?? '';
  if (first && last && foldText(`${first} ${last}`) === foldText(name))
    return { firstName: first, lastName: last };
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { firstName: '', lastName: words[0] ?? '' };
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') };
}

/** One contact's cells in the CRM's columns. */
export function crmRecord(contact: CrmContact, format: CrmFormat): string[] {
  const { firstName, lastName } = splitName(contact.name, contact);
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
    leadSource: contact.leadSource ?? CRM_LEAD_SOURCE,
  };
  return CRM_COLUMNS.map(({ field }) => value[field]);
}

/** The header of the CRM's file. */
export const crmHeader = (format: CrmFormat): string[] => CRM_COLUMNS.map((column) => column[format]);

/**
 * The CSV of `contacts` for `format`: UTF-8 with a byte order mark (Excel, and both CRMs, read
 * non-ASCII names), CRLF, formulas guarded as in the purchase CSV, plain phone numbers as they are.
 */
export function buildCrmCsv(contacts: readonly CrmContact[], format: CrmFormat): string {
  const phoneColumn = CRM_COLUMNS.findIndex((column) => column.field === 'phone');
  return stringify([crmHeader(format), ...contacts.map((contact) => crmRecord(contact, format))], {
    ...formulaSafeOptions([phoneColumn]),
    bom: true,
    record_delimiter: 'windows',
    quote_record_delimiter: true,
  });
}
