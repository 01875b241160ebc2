import { type FormEvent, type KeyboardEvent, useEffect, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useNavigate } from 'react-router-dom';
import type { SearchSuggestion } from '../../../shared/api/directory';
import { investorRoleLabel } from '../../../shared/investors/roles';
import type { Facet } from '../../../shared/search/filters';
import { tagLabel } from '../../../shared/tags/display';
import { SUGGEST_FROM_CHARACTERS, useSearchSuggestions } from '../../api/search-investors';
import { paths } from '../../config/paths';
import {
  type Chip,
  type FilterKey,
  type InvestorSearch,
  withFilter,
  withHasKind,
  withTypedText,
} from './search-params';

/** The filter a suggested value sets. */
const FILTER_OF: Readonly<Record<Facet, FilterKey>> = {
  role: 'role',
  stage: 'stageFocus',
  sector: 'sectorFocus',
  country: 'country',
  city: 'city',
};

const KIND_LABELS: Readonly<Record<SearchSuggestion['kind'], string>> = {
  investor: 'Investor',
  firm: 'Firm',
  region: 'Region',
  role: 'Investor type',
  stage: 'Stage',
  sector: 'Sector',
  country: 'Country',
  city: 'City',
};

const investors = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'investor' : 'investors'}`;

/** What an option shows: its name, and what it is (with its firm, or how many investors it finds). */
function describe(suggestion: SearchSuggestion): { label: string; detail: string } {
  const label =
    suggestion.kind === 'stage' || suggestion.kind === 'sector'
      ? tagLabel(suggestion.value)
      : suggestion.kind === 'role'
        ? investorRoleLabel(suggestion.value)
        : suggestion.label;
  const detail =
    suggestion.kind === 'investor'
      ? [KIND_LABELS.investor, suggestion.detail].filter(Boolean).join(' · ')
      : `${KIND_LABELS[suggestion.kind]} · ${investors(suggestion.count)}`;
  return { label, detail };
}

/** Typing `stageFocus:seed` (the spec's syntax) sets a filter: nothing to suggest for it. */
const TYPED_FILTER = /^(stageFocus|sectorFocus|role|country|city):/i;

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The search box: the active filters as removable chips, and a field that understands names,
 * firms, sectors, stages, places and words of a thesis (a word's beginning is enough, accents, case
 * and a typo do not matter). `stageFocus:seed`, `sectorFocus:ai`, `role:angel`, `country:…` and
 * `city:…` typed in it set that filter instead. As the founder types it suggests investors, firms
 * and filter values: an ARIA combobox (arrow keys move through the suggestions, Enter chooses one or
 * searches the words, Escape closes the list).
 */
export function SearchBox({
  search,
  chips,
  onSearch,
}: {
  search: InvestorSearch | null;
  chips: Chip[];
  onSearch: (next: InvestorSearch) => void;
}) {
  const navigate = useNavigate();
  const [text, setText] = useState(search?.q ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  // The URL changed (a chip removed, back button): the field follows it.
  useEffect(() => setText(search?.q ?? ''), [search?.q]);

  const typed = useDebounced(text, 150);
  const asking = typed.trim().length >= SUGGEST_FROM_CHARACTERS && !TYPED_FILTER.test(typed.trim());
  const suggestions = useSearchSuggestions(asking ? typed : '');
  const available = asking ? (suggestions.data?.suggestions ?? []) : [];
  const options = open ? available : [];
  const expanded = options.length > 0;
  // A different list: nothing chosen yet (the same list again, for a longer word, keeps the choice).
  const listKey = available.map((option) => `${option.kind}:${option.value}`).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the options themselves change.
  useEffect(() => setActive(-1), [listKey]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const choose = (suggestion: SearchSuggestion) => {
    close();
    if (suggestion.kind === 'investor') {
      navigate(paths.investorProfile.href(suggestion.value));
      return;
    }
    if (suggestion.kind === 'firm' || suggestion.kind === 'region') {
      setText(suggestion.label);
      onSearch(withTypedText(search, suggestion.label));
      return;
    }
    // A filter value: the chip replaces the words typed for it.
    setText(search?.q ?? '');
    onSearch(withFilter(search, FILTER_OF[suggestion.kind], suggestion.value));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = expanded && active >= 0 ? options[active] : undefined;
    if (chosen) {
      choose(chosen);
      return;
    }
    close();
    onSearch(withTypedText(search, text));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(available.length > 0 ? 0 : -1);
      } else if (options.length > 0) setActive((active + 1) % options.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (options.length > 0) setActive(active <= 0 ? options.length - 1 : active - 1);
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        close();
      }
    } else if (event.key === 'Tab') close();
  };

  const remove = (chip: Chip) =>
    onSearch(chip.kind ? withHasKind(search, chip.kind, false) : withFilter(search, chip.key, undefined));

  return (
    <Form role="search" className="mb-4" onSubmit={submit}>
      <Form.Label htmlFor="investor-search-box" className="fw-semibold">
        Search
      </Form.Label>
      <div className="search-box">
        <InputGroup>
          <Form.Control
            id="investor-search-box"
            type="search"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            aria-describedby="investor-search-hint"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
            }}
            onKeyDown={onKeyDown}
            onBlur={close}
            placeholder="Name, firm, sector, stage, city or thesis words"
            maxLength={100}
            autoComplete="off"
            spellCheck={false}
          />
          <Button type="submit" variant="primary">
            Search
          </Button>
        </InputGroup>
        <div
          id={listId}
          role="listbox"
          aria-label="Suggestions"
          className="search-suggestions"
          hidden={!expanded}
        >
          {options.map((suggestion, index) => {
            const { label, detail } = describe(suggestion);
            return (
              <div
                key={`${suggestion.kind}:${suggestion.value}`}
                id={optionId(index)}
                role="option"
                // Never focused itself: the field keeps the focus and points at it (aria-activedescendant).
                tabIndex={-1}
                aria-selected={index === active}
                className={`search-suggestion${index === active ? ' active' : ''}`}
                // Chosen on mouse down: the field keeps its focus and does not close the list first.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(suggestion);
                }}
                onMouseMove={() => setActive(index)}
              >
                <span className="search-suggestion-label">{label}</span>
                <span className="search-suggestion-detail">{detail}</span>
              </div>
            );
          })}
        </div>
        <div className="visually-hidden" role="status" aria-live="polite">
          {expanded ? `${options.length} suggestions. Use the up and down arrows to choose one.` : ''}
        </div>
      </div>
      <Form.Text id="investor-search-hint" className="d-block text-body-secondary">
        A typo is fine. Type <span className="font-monospace">stageFocus:seed</span> or{' '}
        <span className="font-monospace">sectorFocus:ai</span> to set a filter.
      </Form.Text>
      {chips.length > 0 ? (
        <ul className="list-unstyled d-flex flex-wrap gap-2 mt-2 mb-0" aria-label="Active filters">
          {chips
            .filter((chip) => chip.key !== 'q')
            .map((chip) => (
              <li key={`${chip.key}:${chip.kind ?? ''}`}>
                <span className="chip">
                  {chip.label}
                  <button
                    type="button"
                    className="btn-close btn-close-sm"
                    style={{ fontSize: '0.6rem' }}
                    aria-label={`Remove ${chip.label}`}
                    onClick={() => remove(chip)}
                  />
                </span>
              </li>
            ))}
          {chips.length > 1 ? (
            <li>
              <Button variant="link" size="sm" className="p-0 align-baseline" onClick={() => onSearch({})}>
                Clear all
              </Button>
            </li>
          ) : null}
        </ul>
      ) : null}
    </Form>
  );
}
