import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import type { ProfileEditBody } from '../../../shared/api/admin';
import { formatDate } from '../../../shared/format/dates';
import { formatCompactUsd } from '../../../shared/format/money';
import { parseCheckSize } from '../../../shared/import/cell-values';
import {
  parsePortfolioLines,
  parseRecentInvestmentLines,
  portfolioLine,
  recentInvestmentLine,
} from '../../../shared/import/profile-cells';
import { FUND_SIZE_MESSAGE, plausibleVintage, VINTAGE_MESSAGE } from '../../../shared/investors/deploying';
import {
  LEAD_OR_FOLLOW,
  LEAD_OR_FOLLOW_LABELS,
  PROFILE_FACT_KINDS,
  PROFILE_FACT_LABELS,
  type ProfileFactKind,
  type ProfileSheet,
  profileFactsOf,
} from '../../../shared/investors/profile-facts';
import { messages } from '../../../shared/messages';
import { errorMessage } from '../../api/client';
import { useEditInvestorProfile } from '../../api/edit-investor-profile';
import { useToast } from '../../components/toast/toast-provider';

/** Not in the spec: what a saved edit says. */
export const PROFILE_EDITED = 'Profile saved';

/** Not in the spec: a line of the portfolio or investments, or a cheque, the form cannot read. */
export const profileFormMessages = {
  cheque: 'Write the typical cheque as an amount in US dollars, such as 100k or 100000.',
  line: (what: string, line: string) =>
    `${what}: "${line}" has details we cannot read. Write one a line as Name (details, separated by commas).`,
} as const;

type Values = Record<ProfileFactKind, string>;

/** The facts as the form's texts: lists one a line, places by commas, amounts short. */
function valuesOf(sheet: ProfileSheet): Values {
  const facts = profileFactsOf(sheet);
  return {
    thesis: facts.thesis ?? '',
    website: facts.website ?? '',
    leadOrFollow: facts.leadOrFollow ?? '',
    typicalCheque: facts.typicalCheque === null ? '' : String(facts.typicalCheque),
    geographicFocus: facts.geographicFocus.join(', '),
    portfolio: facts.portfolio.map(portfolioLine).join('\n'),
    recentInvestments: facts.recentInvestments
      .map((d) => recentInvestmentLine(d, formatCompactUsd))
      .join('\n'),
    fundSize: facts.fundSize === null ? '' : String(facts.fundSize),
    vintage: facts.vintage === null ? '' : String(facts.vintage),
  };
}

/** The body of the changed facts, or what the admin must fix first. */
function bodyOf(
  values: Values,
  changed: readonly ProfileFactKind[],
): { body: ProfileEditBody } | { error: string } {
  const body: ProfileEditBody = {};
  for (const kind of changed) {
    const text = values[kind].trim();
    if (kind === 'thesis') body.thesis = text === '' ? null : values.thesis;
    else if (kind === 'website') body.website = text === '' ? null : text;
    else if (kind === 'leadOrFollow')
      body.leadOrFollow = text === '' ? null : (text as ProfileEditBody['leadOrFollow']);
    else if (kind === 'typicalCheque') {
      const amount = text === '' ? null : parseCheckSize(text);
      if (amount === null && text !== '') return { error: profileFormMessages.cheque };
      body.typicalCheque = amount;
    } else if (kind === 'geographicFocus')
      body.geographicFocus =
        text === ''
          ? null
          : text
              .split(/[,;]/)
              .map((p) => p.trim())
              .filter(Boolean);
    else if (kind === 'fundSize') {
      const amount = text === '' ? null : parseCheckSize(text);
      if (amount === null && text !== '') return { error: FUND_SIZE_MESSAGE };
      body.fundSize = amount;
    } else if (kind === 'vintage') {
      const year = text === '' ? null : /^\d{4}$/.test(text) ? Number(text) : Number.NaN;
      if (year !== null && !plausibleVintage(year, new Date())) return { error: VINTAGE_MESSAGE };
      body.vintage = year;
    } else if (kind === 'portfolio') {
      const reading = parsePortfolioLines(values.portfolio);
      if (reading.unread[0] !== undefined)
        return { error: profileFormMessages.line('Portfolio', reading.unread[0]) };
      body.portfolio = reading.values.length === 0 ? null : reading.values;
    } else {
      const reading = parseRecentInvestmentLines(values.recentInvestments);
      if (reading.unread[0] !== undefined)
        return { error: profileFormMessages.line('Recent investments', reading.unread[0]) };
      body.recentInvestments = reading.values.length === 0 ? null : reading.values;
    }
  }
  return { body };
}

/**
 * An investor's profile facts as the admin sees them (issue 33): each with its source, when it changed
 * and when it was last confirmed, and a form to edit them. Only changed facts are sent; an emptied one
 * is removed; each becomes the admin's of today, which later imports do not overwrite.
 */
export function ProfileFactsPanel({ sheet }: { sheet: ProfileSheet }) {
  const [values, setValues] = useState(() => valuesOf(sheet));
  const [problem, setProblem] = useState<string | null>(null);
  const edit = useEditInvestorProfile();
  const { showToast } = useToast();
  const current = valuesOf(sheet);
  const changed = PROFILE_FACT_KINDS.filter((kind) => values[kind].trim() !== current[kind].trim());
  const set = (kind: ProfileFactKind, value: string) => setValues({ ...values, [kind]: value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const converted = bodyOf(values, changed);
    if ('error' in converted) {
      setProblem(converted.error);
      return;
    }
    setProblem(null);
    try {
      const result = await edit.mutateAsync({ investorId: sheet.investorId, body: converted.body });
      setValues(valuesOf(result.profile));
      showToast(PROFILE_EDITED, 'success');
    } catch {
      // The error is shown under the form.
    }
  };

  const text = (kind: ProfileFactKind, rows: number | null, help?: string) => (
    <Form.Group controlId={`edit-profile-${kind}`}>
      <Form.Label className="small mb-1">{PROFILE_FACT_LABELS[kind]}</Form.Label>
      <Form.Control
        size="sm"
        {...(rows ? { as: 'textarea' as const, rows } : {})}
        value={values[kind]}
        onChange={(e) => set(kind, e.target.value)}
        autoComplete="off"
        aria-describedby={help ? `edit-profile-${kind}-help` : undefined}
      />
      {help ? (
        <Form.Text id={`edit-profile-${kind}-help`} className="small">
          {help}
        </Form.Text>
      ) : null}
    </Form.Group>
  );

  return (
    <section aria-labelledby="profile-sheet-title" className="mt-4">
      <h3 className="h6" id="profile-sheet-title">
        Profile and where it came from
      </h3>
      {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it (axe: scrollable-region-focusable). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled by keyboard */}
      <section className="table-responsive" tabIndex={0} aria-labelledby="profile-sheet-title">
        <Table size="sm" className="small align-middle" aria-labelledby="profile-sheet-title">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Source</th>
              <th scope="col">Changed</th>
              <th scope="col">Last confirmed</th>
            </tr>
          </thead>
          <tbody>
            {PROFILE_FACT_KINDS.map((kind) => {
              const field = sheet.fields[kind];
              return (
                <tr key={kind}>
                  <th scope="row">{PROFILE_FACT_LABELS[kind]}</th>
                  <td>
                    {field ? (
                      field.value === null ? (
                        <em>removed ({field.source.name})</em>
                      ) : (
                        field.source.name
                      )
                    ) : (
                      '—'
                    )}
                  </td>
                  <td>{field ? formatDate(field.changedAt) : '—'}</td>
                  <td>{field ? formatDate(field.confirmedAt) : '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </section>
      <Form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="edit-profile-title">
        <h4 className="h6" id="edit-profile-title">
          Edit the profile
        </h4>
        <p className="small text-body-secondary">
          A changed field is saved as an admin's of today; an emptied one is removed. Later imports do not
          overwrite it; the investor's own approved profile does.
        </p>
        <Row className="g-2 mb-2">
          <Col xs={12}>{text('thesis', 4)}</Col>
          <Col md={6}>{text('website', null)}</Col>
          <Col md={6}>
            <Form.Group controlId="edit-profile-leadOrFollow">
              <Form.Label className="small mb-1">{PROFILE_FACT_LABELS.leadOrFollow}</Form.Label>
              <Form.Select
                size="sm"
                value={values.leadOrFollow}
                onChange={(e) => set('leadOrFollow', e.target.value)}
              >
                <option value="">Not known</option>
                {LEAD_OR_FOLLOW.map((value) => (
                  <option key={value} value={value}>
                    {LEAD_OR_FOLLOW_LABELS[value]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col md={6}>{text('typicalCheque', null, 'US dollars: 100k, 1.5m.')}</Col>
          <Col md={6}>{text('geographicFocus', null, 'Countries or regions, separated by commas.')}</Col>
          <Col md={6}>{text('portfolio', 4, 'One a line: Name (website, stage, year).')}</Col>
          <Col md={6}>{text('recentInvestments', 4, 'One a line: Company (round, date, amount).')}</Col>
          <Col md={6}>{text('fundSize', null, 'US dollars: 50m, 250000000.')}</Col>
          <Col md={6}>{text('vintage', null, 'The latest fund’s year, such as 2021.')}</Col>
        </Row>
        {problem || edit.isError ? (
          <Alert variant="danger" className="small py-2">
            {problem ?? errorMessage(edit.error, messages.somethingWentWrong)}
          </Alert>
        ) : null}
        <Button type="submit" size="sm" disabled={changed.length === 0 || edit.isPending}>
          {edit.isPending ? messages.saving : 'Save profile'}
        </Button>
      </Form>
    </section>
  );
}
