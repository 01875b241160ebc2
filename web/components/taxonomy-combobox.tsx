import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import CloseButton from 'react-bootstrap/CloseButton';
import Form from 'react-bootstrap/Form';
import type { TaxonomyCountry, TaxonomyListEntry } from '../../shared/api/taxonomy';
import {
  didYouMean,
  type EntryMatch,
  entryNamed,
  isCarried,
  type MatchableEntry,
  matchTaxonomy,
  nearestCarried,
} from '../../shared/taxonomy/match';
import { useTaxonomy } from '../api/taxonomy';

export { entryNamed };

/** How many suggestions the list shows at once. */
const SHOWN = 8;

/** Not in the spec (issue 49): the mark of a value no investor carries. */
export const NOT_CARRIED = 'no investor lists this yet';
/** Not in the spec (issue 49): the question for a typed value close to an entry. */
export const didYouMeanLabel = (label: string): string => `Did you mean ${label}?`;

/** The entries a typed text names (typos and synonyms too), best first. */
export function matchEntries<E extends MatchableEntry>(entries: readonly E[], text: string): E[] {
  return matchTaxonomy(entries, text).map((m) => m.entry);
}

/** An entry as the combobox takes it: the taxonomy's lists, or countries in the same shape. */
export type ComboboxEntry = MatchableEntry & { near?: readonly string[] };

/**
 * A choice of entries from the taxonomy's list with type-ahead (the WAI-ARIA combobox pattern): the
 * input is a `combobox` controlling a `listbox`; ArrowDown and ArrowUp move through the
 * suggestions, Enter picks the active one, Escape closes the list, Backspace in an empty input
 * removes the last choice. It matches as the search box does (shared/taxonomy/match.ts): a synonym
 * finds its entry ("supply chain" → Logistics), a typo within the search's budget finds it too
 * ("robotcs" → Robotics, asked as "Did you mean Robotics?").
 *
 * `carried`: `only` (a filter) offers only values some investor carries, with their counts;
 * `mark` (a founder describing their own project) offers every value and marks one no investor
 * carries, with the nearest values investors do carry offered beside it once chosen; `ignore`
 * (an investor's own profile, an admin's mapping) neither.
 */
export function TaxonomyCombobox({
  id,
  label,
  entries,
  selected,
  onChange,
  max,
  help,
  required,
  carried = 'mark',
  placeholder,
  single = false,
}: {
  id: string;
  label: React.ReactNode;
  entries: readonly ComboboxEntry[];
  /** The chosen entries' values, in order. */
  selected: readonly string[];
  onChange: (values: string[]) => void;
  max?: number;
  help?: string;
  required?: boolean;
  carried?: 'only' | 'mark' | 'ignore';
  placeholder?: string;
  /** One value: choosing another replaces it. */
  single?: boolean;
}) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = `${id}-list`;
  const optionId = (value: string) => `${id}-option-${value.replace(/[^a-z0-9]+/gi, '-')}`;
  const helpId = `${id}-help`;
  const statusId = useId();
  const byValue = useMemo(() => new Map(entries.map((e) => [e.value, e])), [entries]);
  const offered = useMemo(
    () => (carried === 'only' ? entries.filter((e) => isCarried(e) && e.investors !== 0) : entries),
    [entries, carried],
  );
  const matches = useMemo(
    () =>
      matchTaxonomy(offered, text)
        .filter((m) => !selected.includes(m.entry.value))
        .slice(0, SHOWN),
    [offered, text, selected],
  );
  // Only typos found it: ask whether the closest is meant. Nothing at all: the widened correction.
  const onlyTypos = text.trim() !== '' && matches.length > 0 && matches.every((m) => m.kind === 'typo');
  const corrected = useMemo(
    () => (text.trim() !== '' && matches.length === 0 ? didYouMean(offered, text) : null),
    [offered, text, matches.length],
  );
  const options: EntryMatch<ComboboxEntry>[] =
    corrected && !selected.includes(corrected.value)
      ? [{ entry: corrected, kind: 'typo', via: null }]
      : matches;
  const meant = onlyTypos ? matches[0]?.entry : corrected && options.length > 0 ? corrected : null;
  const full = max !== undefined && selected.length >= max;
  const shown = open && !full && options.length > 0;
  const activeOption = shown ? options[Math.min(active, options.length - 1)]?.entry : undefined;

  const choose = (entry: ComboboxEntry) => {
    onChange(single ? [entry.value] : [...selected, entry.value]);
    setText('');
    setActive(0);
  };
  const remove = (value: string) => onChange(selected.filter((v) => v !== value));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      else setActive((i) => Math.min(i + 1, Math.max(0, options.length - 1)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (event.key === 'Enter') {
      if (activeOption) {
        event.preventDefault();
        choose(activeOption);
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
      }
    } else if (event.key === 'Backspace' && text === '' && selected.length > 0) {
      remove(selected[selected.length - 1] as string);
    }
  };

  const labelOf = (value: string) => byValue.get(value)?.label ?? value;
  const uncarriedChosen =
    carried === 'mark'
      ? selected
          .map((v) => byValue.get(v))
          .filter((e): e is ComboboxEntry => e !== undefined && !isCarried(e))
      : [];
  const nearOf = (entry: ComboboxEntry): ComboboxEntry[] => {
    const listed = (entry.near ?? [])
      .map((v) => byValue.get(v))
      .filter((e): e is ComboboxEntry => e !== undefined && isCarried(e) && e.investors !== 0);
    const more = listed.length >= 3 ? [] : nearestCarried(entries, entry, 3 - listed.length);
    return [...listed, ...more.filter((e) => !listed.includes(e))].filter((e) => !selected.includes(e.value));
  };

  return (
    <Form.Group controlId={id} className="taxonomy-combobox position-relative">
      <Form.Label>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </Form.Label>
      {selected.length > 0 ? (
        <ul className="list-unstyled d-flex flex-wrap gap-1 mb-1" aria-label={`Chosen: ${selected.length}`}>
          {selected.map((value) => {
            const entry = byValue.get(value);
            const unlisted = carried === 'mark' && entry !== undefined && !isCarried(entry);
            return (
              <li key={value}>
                <Badge
                  bg="light"
                  text="dark"
                  className="border d-inline-flex align-items-center gap-1 fw-normal"
                >
                  {labelOf(value)}
                  {unlisted ? <span className="text-body-secondary">({NOT_CARRIED})</span> : null}
                  <CloseButton
                    aria-label={`Remove ${labelOf(value)}`}
                    onClick={() => remove(value)}
                    style={{ fontSize: '0.6rem' }}
                  />
                </Badge>
              </li>
            );
          })}
        </ul>
      ) : null}
      <Form.Control
        role="combobox"
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeOption ? optionId(activeOption.value) : undefined}
        aria-describedby={`${help ? helpId : ''} ${statusId}`.trim()}
        value={text}
        disabled={full}
        placeholder={full ? `At most ${max}` : (placeholder ?? 'Type to search the list')}
        autoComplete="off"
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <div
        className="list-group position-absolute w-100 shadow-sm bg-body"
        hidden={!shown}
        style={{ zIndex: 10, maxHeight: '18rem', overflowY: 'auto' }}
      >
        {shown && meant ? (
          <div className="list-group-item small fw-semibold text-body-secondary" aria-hidden="true">
            {didYouMeanLabel(meant.label)}
          </div>
        ) : null}
        <div
          id={listId}
          role="listbox"
          aria-label={typeof label === 'string' ? label : undefined}
          hidden={!shown}
        >
          {shown
            ? options.map(({ entry, kind, via }, i) => (
                <div
                  key={entry.value}
                  id={optionId(entry.value)}
                  role="option"
                  // Never focused itself: the input keeps the focus and points at it (aria-activedescendant).
                  tabIndex={-1}
                  aria-selected={entry === activeOption}
                  className={`list-group-item list-group-item-action d-flex justify-content-between gap-2 ${entry === activeOption ? 'active' : ''}`}
                  // mousedown, not click: the input keeps focus (blur would close the list first).
                  onMouseDown={(e) => {
                    e.preventDefault();
                    choose(entry);
                  }}
                  onMouseEnter={() => setActive(i)}
                >
                  <span>
                    {entry.label}
                    {via && kind === 'synonym' ? (
                      // What found it, for the eye; the option's name stays the entry's.
                      <span className="small" aria-hidden="true">
                        {' '}
                        · {via}
                      </span>
                    ) : null}
                  </span>{' '}
                  {carried === 'only' && entry.investors != null ? (
                    <span className="small">{entry.investors.toLocaleString('en-US')}</span>
                  ) : carried === 'mark' && !isCarried(entry) ? (
                    <span className="small fst-italic">{NOT_CARRIED}</span>
                  ) : null}
                </div>
              ))
            : null}
        </div>
      </div>
      <span id={statusId} className="visually-hidden" aria-live="polite">
        {open && text !== ''
          ? options.length === 0
            ? 'Nothing on the list matches.'
            : `${meant ? `${didYouMeanLabel(meant.label)} ` : ''}${options.length} suggestions.`
          : ''}
      </span>
      {help ? <Form.Text id={helpId}>{help}</Form.Text> : null}
      {open && text !== '' && options.length === 0 && !full ? (
        <Form.Text className="d-block text-body-secondary">
          Nothing on the list matches “{text}”. Try another word, such as payments or climate.
        </Form.Text>
      ) : null}
      {uncarriedChosen.map((entry) => {
        const near = nearOf(entry);
        return (
          <Form.Text key={entry.value} className="d-block text-body-secondary">
            No investor lists {entry.label} yet
            {near.length > 0 && !full ? (
              <>
                ; investors do list{' '}
                {near.map((n, i) => (
                  <span key={n.value}>
                    {i > 0 ? ', ' : ''}
                    <Button
                      variant="link"
                      size="sm"
                      className="p-0 align-baseline"
                      aria-label={`Add ${n.label}`}
                      onClick={() => choose(n)}
                    >
                      {n.label}
                    </Button>
                  </span>
                ))}
              </>
            ) : null}
            .
          </Form.Text>
        );
      })}
    </Form.Group>
  );
}

/**
 * The sectors of a form kept as text ("Fintech, Climate"), chosen from the taxonomy's list with
 * {@link TaxonomyCombobox}. A sector saved before that is not on the list shows as written, so the
 * investor sees it and can remove it (the API refuses it).
 */
export function SectorsPicker({
  id,
  label,
  value,
  onChange,
  max,
  help,
  required,
  carried = 'mark',
}: {
  id: string;
  label: React.ReactNode;
  value: string;
  onChange: (text: string) => void;
  max?: number;
  help?: string;
  required?: boolean;
  carried?: 'only' | 'mark' | 'ignore';
}) {
  const taxonomy = useTaxonomy();
  const known = taxonomy.data?.sectors ?? [];
  const written = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const chosen: TaxonomyListEntry[] = written.map(
    (w) =>
      entryNamed(known, w) ?? { value: w.toLowerCase(), label: w, synonyms: [], investors: null, near: [] },
  );
  const entries = [...known, ...chosen.filter((c) => !known.some((k) => k.value === c.value))];
  return (
    <TaxonomyCombobox
      id={id}
      label={label}
      entries={entries}
      selected={[...new Set(chosen.map((c) => c.value))]}
      onChange={(values) =>
        onChange(values.map((v) => entries.find((e) => e.value === v)?.label ?? v).join(', '))
      }
      {...(max !== undefined ? { max } : {})}
      {...(help !== undefined ? { help } : {})}
      {...(required !== undefined ? { required } : {})}
      carried={carried}
    />
  );
}

/** The taxonomy's countries as combobox entries: each by its name, its other names as synonyms. */
export function countryEntries(countries: readonly TaxonomyCountry[]): ComboboxEntry[] {
  return countries.map((c) => ({ value: c.name, label: c.name, synonyms: c.names, investors: c.investors }));
}

/**
 * One country (a raise's), chosen from the taxonomy's countries with {@link TaxonomyCombobox}:
 * "Germny" asks "Did you mean Germany?", "Deutschland" finds Germany. A country saved before that is
 * not on the list shows as written, so the founder can remove it.
 */
export function CountryPicker({
  id,
  label,
  value,
  onChange,
  placeholder,
}: {
  id: string;
  label: React.ReactNode;
  value: string;
  onChange: (name: string) => void;
  placeholder?: string;
}) {
  const known = countryEntries(useTaxonomy().data?.countries ?? []);
  const written = value.trim();
  const chosen = written === '' ? null : (entryNamed(known, written) ?? null);
  const entries =
    written !== '' && !chosen
      ? [...known, { value: written, label: written, synonyms: [], investors: null }]
      : known;
  return (
    <TaxonomyCombobox
      id={id}
      label={label}
      entries={entries}
      selected={written === '' ? [] : [chosen?.value ?? written]}
      onChange={(values) => onChange(values.at(-1) ?? '')}
      single
      {...(placeholder !== undefined ? { placeholder } : {})}
    />
  );
}
