import { type FormEvent, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { type Chip, type InvestorSearch, withFilter, withHasKind, withTypedText } from './search-params';

/**
 * The search box: the active filters as removable chips, and a field for names and firms (a word's
 * beginning is enough, accents and case do not matter). `stageFocus:seed`, `sectorFocus:ai`,
 * `role:angel`, `country:…` and `city:…` typed in it set that filter instead.
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
  const [text, setText] = useState(search?.q ?? '');
  // The URL changed (a chip removed, back button): the field follows it.
  useEffect(() => setText(search?.q ?? ''), [search?.q]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(withTypedText(search, text));
  };
  const remove = (chip: Chip) =>
    onSearch(chip.kind ? withHasKind(search, chip.kind, false) : withFilter(search, chip.key, undefined));

  return (
    <Form role="search" className="mb-4" onSubmit={submit}>
      <Form.Label htmlFor="investor-search-box" className="fw-semibold">
        Search
      </Form.Label>
      <InputGroup>
        <Form.Control
          id="investor-search-box"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Investor or firm name, or stageFocus:seed"
          maxLength={100}
          autoComplete="off"
        />
        <Button type="submit" variant="primary">
          Search
        </Button>
      </InputGroup>
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
