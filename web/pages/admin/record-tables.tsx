import type { ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import { formatCheckRange } from '../../../shared/format/money';
import type { ValueNotice } from '../../../shared/import/build-imported-investor';
import { investorRoleLabel } from '../../../shared/investors/roles';
import type { ImportedInvestorDraft, SearchableInvestor } from '../../../shared/investors/types';
import { showDateTime } from '../../components/dates';

/** A field of a record as an admin reads it: its label and its value in words, or null when empty. */
export interface RecordField {
  label: string;
  value: string | null;
}

const list = (values: readonly string[] | undefined): string | null =>
  values && values.length > 0 ? values.join(', ') : null;
const text = (value: string | null | undefined): string | null =>
  value != null && value.trim() !== '' ? value : null;
const yesNo = (value: boolean | null): string | null => (value === null ? null : value ? 'Yes' : 'No');

/** An imported investor's fields, in the order of the CSV importer's families, in words. */
export function importedInvestorFields(record: ImportedInvestorDraft): RecordField[] {
  const cheque = record.checkSize;
  return [
    { label: 'Name', value: text(record.fullName) },
    { label: 'First name', value: text(record.firstName) },
    { label: 'Last name', value: text(record.lastName) },
    { label: 'Email', value: text(record.email) },
    { label: 'Phone', value: text(record.phone) },
    { label: 'LinkedIn', value: text(record.social.linkedin) },
    { label: 'Twitter', value: text(record.social.twitter) },
    { label: 'Crunchbase', value: text(record.social.crunchbase) },
    { label: 'Instagram', value: text(record.social.instagram) },
    { label: 'YouTube', value: text(record.social.youtube) },
    { label: 'TikTok', value: text(record.social.tiktok) },
    { label: 'Other links', value: list(record.social.other) },
    { label: 'Photos', value: list(record.photos) },
    { label: 'Title', value: text(record.title) },
    { label: 'Investor type', value: record.investorRole ? investorRoleLabel(record.investorRole) : null },
    { label: 'Firm', value: text(record.primaryFirm?.name) },
    { label: 'Other firms', value: list(record.otherFirms.map((firm) => firm.name)) },
    { label: 'Stage focus', value: list(record.stageFocus) },
    { label: 'Sector focus', value: list(record.sectorFocus) },
    { label: 'Cities', value: list(record.geographyFocus?.cities) },
    { label: 'Countries', value: list(record.geographyFocus?.countries) },
    { label: 'Regions', value: list(record.geographyFocus?.regions) },
    {
      label: 'Cheque size',
      value: formatCheckRange(cheque?.min?.value, cheque?.max?.value) ?? text(cheque?.bucket),
    },
    { label: 'Leads rounds', value: yesNo(record.leadsRounds) },
    { label: 'Selected investments', value: list(record.selectedInvestments) },
    { label: 'Portfolio companies', value: list(record.portfolioCompanies) },
    { label: 'Tags', value: list(record.tags) },
    { label: 'Notes', value: text(record.notes) },
    ...record.otherMetadata.map((entry) => ({ label: `Other: ${entry.tag}`, value: entry.value })),
    { label: 'Source', value: text(record.sourceName) },
    { label: 'Source URL', value: text(record.sourceUrl) },
    { label: 'Status', value: record.status },
    { label: 'Imported', value: showDateTime(record.importedAt) },
  ];
}

/** A searchable investor's fields, in words: what search and the cards read. */
export function searchableInvestorFields(investor: SearchableInvestor): RecordField[] {
  const contacts = [
    investor.hasEmail ? 'Email' : null,
    investor.hasPhone ? 'Phone' : null,
    investor.hasLinkedIn ? 'LinkedIn' : null,
    investor.hasTwitter ? 'Twitter' : null,
    investor.hasCrunchbase ? 'Crunchbase' : null,
  ].filter((kind): kind is string => kind !== null);
  const confirmed = Object.entries(investor.contactConfirmed).map(([kind, month]) => `${kind} ${month}`);
  return [
    { label: 'Name', value: text(investor.name) },
    { label: 'Investor type', value: investorRoleLabel(investor.investorRole) },
    { label: 'Title', value: text(investor.title) },
    { label: 'Firm', value: text(investor.firmName) },
    { label: 'Stage focus', value: list(investor.stageFocus) },
    { label: 'Sector focus', value: list(investor.sectorFocus) },
    { label: 'Cities', value: list(investor.cities) },
    { label: 'Countries', value: list(investor.countries) },
    { label: 'Cheque size', value: formatCheckRange(investor.checkMin, investor.checkMax) },
    { label: 'Contact details held', value: list(contacts) },
    { label: 'Contacts confirmed', value: list(confirmed) },
    { label: 'Searchable investor id', value: investor.id },
    { label: 'Imported investor id', value: investor.importedInvestorId },
    { label: 'Last changed', value: showDateTime(investor.updatedAt) },
  ];
}

/**
 * A record as a two-column table (field, value): the filled fields, then one line naming the empty
 * ones, so a wrong mapping stands out without reading JSON.
 */
export function RecordTable({
  caption,
  fields,
  extra,
}: {
  caption: string;
  fields: readonly RecordField[];
  extra?: ReactNode;
}) {
  const filled = fields.filter((field) => field.value !== null);
  const empty = fields.filter((field) => field.value === null).map((field) => field.label);
  return (
    <div className="table-responsive">
      <Table size="sm" bordered className="small mb-0 record-table">
        <caption className="caption-top text-body fw-semibold">{caption}</caption>
        <tbody>
          {withKeys(filled, (field) => field.label).map(({ item: field, key }) => (
            <tr key={key}>
              <th scope="row" className="text-body-secondary fw-normal text-nowrap">
                {field.label}
              </th>
              <td className="text-break">{field.value}</td>
            </tr>
          ))}
          {empty.length > 0 ? (
            <tr>
              <th scope="row" className="text-body-secondary fw-normal text-nowrap">
                Empty
              </th>
              <td className="text-body-secondary">{empty.join(', ')}</td>
            </tr>
          ) : null}
          {extra}
        </tbody>
      </Table>
    </div>
  );
}

/**
 * Each item with a key unique in its list: its natural key, and `#2`, `#3`… on repeats (a record may
 * hold two "Other: notes", a row the same refused value twice; issue 50: React's "same key" errors).
 */
export function withKeys<T>(items: readonly T[], keyOf: (item: T) => string): { item: T; key: string }[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const natural = keyOf(item);
    const n = (seen.get(natural) ?? 0) + 1;
    seen.set(natural, n);
    return { item, key: n === 1 ? natural : `${natural}#${n}` };
  });
}

/** The values of a row the import will not use for their field, and why (each kept in Other). */
export function ValueNoticesTable({ notices }: { notices: readonly ValueNotice[] }) {
  if (notices.length === 0) return null;
  return (
    <div className="table-responsive mt-3">
      <Table size="sm" striped bordered className="small mb-0">
        <caption className="caption-top text-body fw-semibold">
          Values not used ({notices.length}): each is kept with the record&apos;s other details
        </caption>
        <thead>
          <tr>
            <th scope="col">Column</th>
            <th scope="col">Value</th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody>
          {withKeys(notices, (notice) => `${notice.column}-${notice.value}`).map(({ item: notice, key }) => (
            <tr key={key}>
              <td>{notice.column}</td>
              <td className="text-break">{notice.value}</td>
              <td>{notice.reason}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
