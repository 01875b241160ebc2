import * as z from 'zod/mini';
import { formatCheckRange } from '../format/money';
import { tagLabel } from '../tags/display';
import { normalizeTag } from '../tags/normalize-tag';
import { CONTACT_KIND_LABELS, CONTACT_KINDS, type ContactKind } from './provenance';
import { investorRoleLabel } from './roles';

/**
 * What an admin compares before a profile joins an existing directory entry (issue 30): the entry as
 * founders see it now and as the approval would make it, field by field. Pure, so the server builds
 * it and the review screen and the tests read the same lines.
 */

/** The facts of an entry an approval may change: public facts and the contact values for sale. */
export interface EntryFacts {
  name: string;
  firmName: string | null;
  title: string | null;
  investorRole: string | null;
  stageFocus: readonly string[];
  sectorFocus: readonly string[];
  cities: readonly string[];
  countries: readonly string[];
  checkMin: number | null;
  checkMax: number | null;
  /** The contact values founders may buy (null: none). */
  contacts: Readonly<Record<ContactKind, string | null>>;
}

export const entryChangeSchema = z.object({
  /** `name`, `firmName`, …, or a contact kind (`email`, `phone`, …). */
  field: z.string(),
  label: z.string(),
  /** As founders see it now ('' when the entry has none). */
  now: z.string(),
  /** As the approval would make it ('' when it would have none). */
  after: z.string(),
});
export type EntryChange = z.infer<typeof entryChangeSchema>;

const list = (values: readonly string[]) => values.join(', ');
const tags = (values: readonly string[]) => values.map(tagLabel).join(', ');
/** Lists compared as sets of normalised values: order and case are not a change. */
const sameTags = (a: readonly string[], b: readonly string[]) => {
  const left = new Set(a.map(normalizeTag));
  const right = new Set(b.map(normalizeTag));
  return left.size === right.size && [...left].every((value) => right.has(value));
};
const sameTexts = (a: readonly string[], b: readonly string[]) =>
  sameTags(
    a.map((v) => v.toLowerCase()),
    b.map((v) => v.toLowerCase()),
  );

/**
 * Every field whose value founders would see differently after the approval, in the profile page's
 * order, each with the value now and the value after ('' for none). Contact values compare as text
 * (trimmed; emails without regard to case).
 */
export function entryChanges(now: EntryFacts, after: EntryFacts): EntryChange[] {
  const changes: EntryChange[] = [];
  const text = (field: string, label: string, a: string | null, b: string | null) => {
    if ((a ?? '').trim() !== (b ?? '').trim()) changes.push({ field, label, now: a ?? '', after: b ?? '' });
  };
  text('name', 'Name', now.name, after.name);
  text('firmName', 'Firm', now.firmName, after.firmName);
  text('title', 'Title', now.title, after.title);
  text(
    'investorRole',
    'Type',
    now.investorRole === null ? null : investorRoleLabel(now.investorRole),
    after.investorRole === null ? null : investorRoleLabel(after.investorRole),
  );
  if (!sameTags(now.stageFocus, after.stageFocus))
    changes.push({
      field: 'stageFocus',
      label: 'Stages',
      now: tags(now.stageFocus),
      after: tags(after.stageFocus),
    });
  if (!sameTags(now.sectorFocus, after.sectorFocus))
    changes.push({
      field: 'sectorFocus',
      label: 'Sectors',
      now: tags(now.sectorFocus),
      after: tags(after.sectorFocus),
    });
  if (!sameTexts(now.cities, after.cities))
    changes.push({ field: 'cities', label: 'Cities', now: list(now.cities), after: list(after.cities) });
  if (!sameTexts(now.countries, after.countries))
    changes.push({
      field: 'countries',
      label: 'Countries',
      now: list(now.countries),
      after: list(after.countries),
    });
  text(
    'cheque',
    'Cheque size',
    formatCheckRange(now.checkMin, now.checkMax),
    formatCheckRange(after.checkMin, after.checkMax),
  );
  for (const kind of CONTACT_KINDS) {
    const a = now.contacts[kind]?.trim() ?? '';
    const b = after.contacts[kind]?.trim() ?? '';
    const same = kind === 'email' ? a.toLowerCase() === b.toLowerCase() : a === b;
    if (!same) changes.push({ field: kind, label: CONTACT_KIND_LABELS[kind], now: a, after: b });
  }
  return changes;
}
