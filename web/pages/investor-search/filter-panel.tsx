import type { UseQueryResult } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Offcanvas from 'react-bootstrap/Offcanvas';
import '../../styles/offcanvas.scss';
import {
  CHEQUE_RANGE_MESSAGE,
  type FacetValue,
  type SearchFacetsResponse,
} from '../../../shared/api/directory';
import { publicRoleLabel } from '../../../shared/investors/roles';
import {
  defaultSort,
  type Facet,
  facetValueKey,
  HAS_CONTACT_LABELS,
  HAS_CONTACTS,
  HAS_FILTER_LABELS,
  SEARCH_SORT_LABELS,
  SEARCH_SORTS,
  type SearchSort,
} from '../../../shared/search/filters';
import { compareStages, tagLabel } from '../../../shared/tags/display';
import { useTaxonomy } from '../../api/taxonomy';
import { SHOW_FEWER } from '../../components/tag-list';
import { type ComboboxEntry, countryEntries, TaxonomyCombobox } from '../../components/taxonomy-combobox';
import { useMediaQuery } from '../../components/use-media-query';
import { type FilterKey, hasKinds, type InvestorSearch, withFilter, withHasKind } from './search-params';

const FACET_FILTERS: { facet: Facet; key: FilterKey; title: string; label: (value: FacetValue) => string }[] =
  [
    { facet: 'role', key: 'role', title: 'Investor type', label: (v) => publicRoleLabel(v.value) ?? v.value },
    { facet: 'stage', key: 'stageFocus', title: 'Stage', label: (v) => tagLabel(v.value) },
    { facet: 'sector', key: 'sectorFocus', title: 'Sector', label: (v) => tagLabel(v.value) },
    { facet: 'country', key: 'country', title: 'Country', label: (v) => v.label },
    { facet: 'city', key: 'city', title: 'City', label: (v) => v.label },
  ];

/** Values a facet lists before "Show more". */
const SHOWN_BEFORE_MORE = 8;

const count = (n: number) => n.toLocaleString('en-US');

/** Not in the spec (issue 32): the button of the phone's filter sheet, with the live count. */
export const showResultsLabel = (count: number | null): string =>
  count === null
    ? 'Show results'
    : `Show ${count.toLocaleString('en-US')} ${count === 1 ? 'result' : 'results'}`;

/** Below Bootstrap's `lg` breakpoint the filters open in a sheet over the results. */
const SHEET_WIDTH = '(max-width: 991.98px)';

/**
 * The filters beside the results: sort, each facet's values with how many investors the search
 * would find with it (click to set, click again to clear), a cheque range and the contact kinds.
 * Below desktop width they open in a sheet over the results (issue 32) with "Show N results" (the
 * live count): the sheet keeps focus inside, Escape or the button closes it, and focus returns to
 * the "Filters" button.
 */
export function FilterPanel({
  search,
  facets,
  onChange,
}: {
  search: InvestorSearch | null;
  facets: UseQueryResult<SearchFacetsResponse>;
  onChange: (next: InvestorSearch) => void;
}) {
  const sheet = useMediaQuery(SHEET_WIDTH);
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const controls = <FilterControls search={search} facets={facets} onChange={onChange} />;
  if (!sheet) {
    return (
      <aside aria-label="Filters">
        <div className="filter-panel">{controls}</div>
      </aside>
    );
  }
  const active = activeFilterCount(search);
  const count = search && facets.data ? facets.data.total : null;
  return (
    <>
      <Button
        variant="outline-secondary"
        className="w-100 mb-3"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        Filters
        {active > 0 ? (
          <>
            {' '}
            <span className="badge text-bg-primary ms-1">
              {active} <span className="visually-hidden">active</span>
            </span>
          </>
        ) : null}
      </Button>
      <Offcanvas
        show={open}
        onHide={() => setOpen(false)}
        placement="bottom"
        className="filter-sheet"
        aria-labelledby={titleId}
      >
        <Offcanvas.Header closeButton closeLabel="Close filters">
          <Offcanvas.Title as="h2" id={titleId} className="h5">
            Filters
          </Offcanvas.Title>
        </Offcanvas.Header>
        <Offcanvas.Body>
          <aside aria-label="Filters" className="filter-panel">
            {controls}
          </aside>
        </Offcanvas.Body>
        <div className="filter-sheet-footer">
          <Button variant="primary" className="w-100" onClick={() => setOpen(false)}>
            {search ? showResultsLabel(count) : 'Close filters'}
          </Button>
        </div>
      </Offcanvas>
    </>
  );
}

/** How many filters the search sets (the sort is an order, not a filter). */
function activeFilterCount(search: InvestorSearch | null): number {
  if (!search) return 0;
  const { sort: _sort, q: _q, checkMin, checkMax, ...filters } = search;
  return (
    Object.values(filters).filter((value) => value !== undefined && value !== '').length +
    (checkMin !== undefined || checkMax !== undefined ? 1 : 0)
  );
}

/** The filters themselves, inline or in the sheet. */
function FilterControls({
  search,
  facets,
  onChange,
}: {
  search: InvestorSearch | null;
  facets: UseQueryResult<SearchFacetsResponse>;
  onChange: (next: InvestorSearch) => void;
}) {
  const data = facets.data;
  return (
    <>
      <Form.Group className="mb-3" controlId="investor-search-sort">
        <Form.Label className="h6">Sort by</Form.Label>
        <Form.Select
          size="sm"
          value={search?.sort === 'best' && !search.q ? 'name' : (search?.sort ?? defaultSort(search?.q))}
          disabled={!search}
          onChange={(event) => {
            const sort = event.target.value as SearchSort;
            // The default order ("Best match" for typed words, "Name" for browsing) stays out of the URL.
            onChange({ ...search, sort: sort === defaultSort(search?.q) ? undefined : sort });
          }}
        >
          {/* "Best match" ranks typed words: without them the order is by name. */}
          {SEARCH_SORTS.filter((sort) => sort !== 'best' || search?.q).map((sort) => (
            <option key={sort} value={sort}>
              {SEARCH_SORT_LABELS[sort]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>

      {facets.isError && !data ? (
        <p className="small text-body-secondary">Filter counts are not available right now.</p>
      ) : null}

      {FACET_FILTERS.map(({ facet, key, title, label }) => {
        // An investor without a type is no public type: no "Unknown" to filter by.
        const values = (data?.facets[facet] ?? []).filter(
          (value) => facet !== 'role' || publicRoleLabel(value.value) !== null,
        );
        const sorted =
          facet === 'stage' ? [...values].sort((a, b) => compareStages(a.value, b.value)) : values;
        return (
          <FacetList
            key={facet}
            facet={facet}
            title={title}
            values={sorted}
            selected={search?.[key]}
            label={label}
            loading={facets.isPending}
            onPick={(value) => onChange(withFilter(search, key, value))}
            finder={
              facet === 'sector' || facet === 'stage' || facet === 'country' ? (
                <TaxonomyFinder
                  facet={facet}
                  title={title}
                  disabled={!search}
                  onPick={(value) => onChange(withFilter(search, key, value))}
                />
              ) : null
            }
          />
        );
      })}

      <ChequeRange search={search} onChange={onChange} />

      <fieldset className="mb-3">
        <legend className="h6">Deploying now</legend>
        <Form.Check
          id="has-deployed"
          type="checkbox"
          checked={hasKinds(search).includes('deployed')}
          onChange={(event) => onChange(withHasKind(search, 'deployed', event.target.checked))}
          label={
            <>
              {HAS_FILTER_LABELS.deployed}
              {data ? (
                <span className="text-body-secondary small ms-1">({count(data.has.deployed)})</span>
              ) : null}
            </>
          }
        />
      </fieldset>

      <fieldset className="mb-3">
        <legend className="h6">Contact details</legend>
        {HAS_CONTACTS.map((kind) => (
          <Form.Check
            key={kind}
            id={`has-${kind}`}
            type="checkbox"
            checked={hasKinds(search).includes(kind)}
            onChange={(event) => onChange(withHasKind(search, kind, event.target.checked))}
            label={
              <>
                {HAS_CONTACT_LABELS[kind]}
                {data ? (
                  <span className="text-body-secondary small ms-1">({count(data.has[kind])})</span>
                ) : null}
              </>
            }
          />
        ))}
      </fieldset>
    </>
  );
}

function FacetList({
  facet,
  title,
  values,
  selected,
  label,
  loading,
  onPick,
  finder,
}: {
  facet: Facet;
  title: string;
  values: FacetValue[];
  selected: string | undefined;
  label: (value: FacetValue) => string;
  loading: boolean;
  onPick: (value: string | undefined) => void;
  /** A type-ahead over every value of the facet, for those beyond the list. */
  finder?: React.ReactNode;
}) {
  const [all, setAll] = useState(false);
  const headingId = useId();
  if (!loading && values.length === 0) return null;
  const isSelected = (value: FacetValue) =>
    selected !== undefined && value.value === facetValueKey(facet, selected);
  const shown = all ? values : values.slice(0, SHOWN_BEFORE_MORE);
  const hiddenSelected = !all ? values.slice(SHOWN_BEFORE_MORE).filter(isSelected) : [];
  return (
    <section className="mb-3" aria-labelledby={headingId}>
      <h3 id={headingId} className="h6">
        {title}
      </h3>
      {finder}
      {loading ? <p className="small text-body-secondary mb-0">Counting...</p> : null}
      <ul className="list-unstyled mb-0 small">
        {[...shown, ...hiddenSelected].map((value) => {
          const active = isSelected(value);
          return (
            <li key={value.value}>
              <button
                type="button"
                className={`btn btn-sm w-100 d-flex justify-content-between text-start px-2 py-1 ${active ? 'btn-primary' : 'btn-link text-body text-decoration-none'}`}
                aria-pressed={active}
                onClick={() => onPick(active ? undefined : value.value)}
              >
                <span className="text-truncate">{label(value)}</span>{' '}
                <span className={active ? '' : 'text-body-secondary'}>{count(value.count)}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {values.length > SHOWN_BEFORE_MORE ? (
        <Button variant="link" size="sm" className="p-0 mt-1" onClick={() => setAll(!all)}>
          {all ? SHOW_FEWER : `Show all ${values.length}`}
        </Button>
      ) : null}
    </section>
  );
}

/**
 * A type-ahead over a facet's values from the taxonomy (issue 49), by the search box's rules
 * ("robotcs", "supply chain", "Germny"): only values some investor carries are offered, each with
 * how many investors in the directory carry it. Choosing one sets the filter.
 */
function TaxonomyFinder({
  facet,
  title,
  disabled,
  onPick,
}: {
  facet: 'sector' | 'stage' | 'country';
  title: string;
  disabled: boolean;
  onPick: (value: string) => void;
}) {
  const taxonomy = useTaxonomy().data;
  if (!taxonomy || disabled) return null;
  const entries: ComboboxEntry[] =
    facet === 'sector'
      ? taxonomy.sectors
      : facet === 'stage'
        ? taxonomy.stages
        : countryEntries(taxonomy.countries);
  return (
    <div className="small mb-1">
      <TaxonomyCombobox
        id={`find-${facet}`}
        label={<span className="visually-hidden">Find a {title.toLowerCase()}</span>}
        entries={entries}
        selected={[]}
        onChange={(values) => {
          if (values[0] !== undefined) onPick(values[0]);
        }}
        carried="only"
        placeholder={`Find a ${title.toLowerCase()}`}
      />
    </div>
  );
}

/** Min and max cheque (whole dollars): investors whose own range overlaps it are kept. */
function ChequeRange({
  search,
  onChange,
}: {
  search: InvestorSearch | null;
  onChange: (next: InvestorSearch) => void;
}) {
  const [min, setMin] = useState(search?.checkMin ?? '');
  const [max, setMax] = useState(search?.checkMax ?? '');
  useEffect(() => setMin(search?.checkMin ?? ''), [search?.checkMin]);
  useEffect(() => setMax(search?.checkMax ?? ''), [search?.checkMax]);
  const tooLow = min !== '' && max !== '' && Number(min) > Number(max);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (tooLow) return;
    onChange(withFilter(withFilter(search, 'checkMin', min || undefined), 'checkMax', max || undefined));
  };
  return (
    <Form onSubmit={apply} className="mb-3" noValidate>
      <fieldset>
        <legend className="h6">Cheque size (USD)</legend>
        <div className="d-flex gap-2">
          <AmountInput
            label="Minimum cheque"
            placeholder="Min"
            value={min}
            invalid={tooLow}
            onChange={setMin}
          />
          <AmountInput
            label="Maximum cheque"
            placeholder="Max"
            value={max}
            invalid={tooLow}
            onChange={setMax}
          />
          <Button size="sm" type="submit" variant="outline-primary">
            Apply
          </Button>
        </div>
        {tooLow ? (
          <div className="small text-danger mt-1" role="alert">
            {CHEQUE_RANGE_MESSAGE}
          </div>
        ) : null}
      </fieldset>
    </Form>
  );
}

/** A whole-dollar amount field: digits only. */
function AmountInput({
  label,
  placeholder,
  value,
  invalid,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  invalid: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <Form.Control
      size="sm"
      type="number"
      inputMode="numeric"
      min={0}
      step={1000}
      placeholder={placeholder}
      aria-label={label}
      value={value}
      isInvalid={invalid}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
    />
  );
}
