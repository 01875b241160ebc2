import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import CloseButton from 'react-bootstrap/CloseButton';
import Form from 'react-bootstrap/Form';
import type { TaxonomyListEntry } from '../../shared/api/taxonomy';
import { taxonomyKey } from '../../shared/taxonomy/fold';
import { useTaxonomy } from '../api/taxonomy';

/** How many suggestions the list shows at once. */
const SHOWN = 8;

/** The entries a typed text names: label first, then synonyms, by where the text appears. */
export function matchEntries(entries: readonly TaxonomyListEntry[], text: string): TaxonomyListEntry[] {
  const typed = taxonomyKey(text);
  if (typed === '') return [...entries];
  const rank = (entry: TaxonomyListEntry): number => {
    const label = taxonomyKey(entry.label);
    if (label.startsWith(typed)) return 0;
    if (label.split(' ').some((word) => word.startsWith(typed))) return 1;
    if (entry.synonyms.some((s) => taxonomyKey(s).startsWith(typed))) return 2;
    if (entry.synonyms.some((s) => taxonomyKey(s).includes(typed))) return 3;
    return 9;
  };
  return entries
    .map((entry) => ({ entry, rank: rank(entry) }))
    .filter((e) => e.rank < 9)
    .sort((a, b) => a.rank - b.rank || a.entry.label.localeCompare(b.entry.label, 'en'))
    .map((e) => e.entry);
}

/**
 * A choice of entries from the taxonomy's list with type-ahead (the WAI-ARIA combobox pattern): the
 * input is a `combobox` controlling a `listbox`; ArrowDown and ArrowUp move through the
 * suggestions, Enter picks the active one, Escape closes the list, Backspace in an empty input
 * removes the last choice. A synonym finds its entry ("payments" suggests Fintech). Only entries of
 * the list can be chosen.
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
}: {
  id: string;
  label: React.ReactNode;
  entries: readonly TaxonomyListEntry[];
  /** The chosen entries' values, in order. */
  selected: readonly string[];
  onChange: (values: string[]) => void;
  max?: number;
  help?: string;
  required?: boolean;
}) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = `${id}-list`;
  const optionId = (value: string) => `${id}-option-${value.replace(/[^a-z0-9]+/gi, '-')}`;
  const helpId = `${id}-help`;
  const statusId = useId();
  const byValue = useMemo(() => new Map(entries.map((e) => [e.value, e])), [entries]);
  const options = useMemo(
    () =>
      matchEntries(entries, text)
        .filter((e) => !selected.includes(e.value))
        .slice(0, SHOWN),
    [entries, text, selected],
  );
  const full = max !== undefined && selected.length >= max;
  const shown = open && !full && options.length > 0;
  const activeOption = shown ? options[Math.min(active, options.length - 1)] : undefined;

  const choose = (entry: TaxonomyListEntry) => {
    onChange([...selected, entry.value]);
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

  return (
    <Form.Group controlId={id} className="taxonomy-combobox position-relative">
      <Form.Label>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </Form.Label>
      {selected.length > 0 ? (
        <ul className="list-unstyled d-flex flex-wrap gap-1 mb-1" aria-label={`Chosen: ${selected.length}`}>
          {selected.map((value) => (
            <li key={value}>
              <Badge
                bg="light"
                text="dark"
                className="border d-inline-flex align-items-center gap-1 fw-normal"
              >
                {byValue.get(value)?.label ?? value}
                <CloseButton
                  aria-label={`Remove ${byValue.get(value)?.label ?? value}`}
                  onClick={() => remove(value)}
                  style={{ fontSize: '0.6rem' }}
                />
              </Badge>
            </li>
          ))}
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
        placeholder={full ? `At most ${max}` : 'Type to search the list'}
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
        id={listId}
        role="listbox"
        aria-label={typeof label === 'string' ? label : undefined}
        className="list-group position-absolute w-100 shadow-sm"
        hidden={!shown}
        style={{ zIndex: 10, maxHeight: '16rem', overflowY: 'auto' }}
      >
        {shown
          ? options.map((entry, i) => (
              <div
                key={entry.value}
                id={optionId(entry.value)}
                role="option"
                // Never focused itself: the input keeps the focus and points at it (aria-activedescendant).
                tabIndex={-1}
                aria-selected={entry === activeOption}
                className={`list-group-item list-group-item-action ${entry === activeOption ? 'active' : ''}`}
                // mousedown, not click: the input keeps focus (blur would close the list first).
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(entry);
                }}
                onMouseEnter={() => setActive(i)}
              >
                {entry.label}
              </div>
            ))
          : null}
      </div>
      <span id={statusId} className="visually-hidden" aria-live="polite">
        {open && text !== ''
          ? options.length === 0
            ? 'Nothing on the list matches.'
            : `${options.length} suggestions.`
          : ''}
      </span>
      {help ? <Form.Text id={helpId}>{help}</Form.Text> : null}
      {open && text !== '' && options.length === 0 && !full ? (
        <Form.Text className="d-block text-body-secondary">
          Nothing on the list matches “{text}”. Try another word, such as payments or climate.
        </Form.Text>
      ) : null}
    </Form.Group>
  );
}

/** The entry a written sector names (its label, value or a synonym), or null. */
export function entryNamed(entries: readonly TaxonomyListEntry[], written: string): TaxonomyListEntry | null {
  const key = taxonomyKey(written);
  return (
    entries.find((e) => taxonomyKey(e.label) === key || taxonomyKey(e.value) === key) ??
    entries.find((e) => e.synonyms.some((s) => taxonomyKey(s) === key)) ??
    null
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
}: {
  id: string;
  label: React.ReactNode;
  value: string;
  onChange: (text: string) => void;
  max?: number;
  help?: string;
  required?: boolean;
}) {
  const taxonomy = useTaxonomy();
  const known = taxonomy.data?.sectors ?? [];
  const written = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const chosen = written.map(
    (w) => entryNamed(known, w) ?? { value: w.toLowerCase(), label: w, synonyms: [] as string[] },
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
    />
  );
}
