import { type FormEvent, type ReactNode, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import type { InvestorProfile } from '../../../shared/api/investor-profile';
import {
  type BuyableContact,
  INVESTOR_PROFILE_LIMITS,
  investorProfileMessages,
  PROFILE_STAGES,
} from '../../../shared/investors/investor-profile';
import { PROFILE_FACT_LIMITS } from '../../../shared/investors/profile-facts';
import { INVESTOR_ROLE_LABELS, INVESTOR_ROLES } from '../../../shared/investors/roles';
import { tagLabel } from '../../../shared/tags/display';
import { errorMessage } from '../../api/client';
import { useSaveInvestorProfile } from '../../api/investor-profile';
import { SectorsPicker } from '../../components/taxonomy-combobox';
import { useToast } from '../../components/toast/toast-provider';
import { bodyOf, formProblems, formStateOf, type ProfileFormState } from './profile-form-state';

/** Not in the spec (issue 21): what the form says when it saved, and when it could not. */
export const PROFILE_SAVED = 'Your draft is saved.';
export const PROFILE_SAVE_FAILED = 'Your profile could not be saved. Please try again.';
/** How the "Founders may buy my …" boxes name each value. */
const MAY_BUY_NAMES: Readonly<Record<BuyableContact, string>> = {
  email: 'email',
  phone: 'phone number',
  linkedin: 'LinkedIn',
  twitter: 'Twitter',
  crunchbase: 'Crunchbase',
};

export const MAY_BUY_HELP =
  'Nothing is for sale unless you tick it. A founder who buys a list with you in it gets only the details ticked here.';

/**
 * The investor's profile form (issue 21): who they are, what they invest in, a short thesis, links,
 * contact details, and, beside each contact value, whether founders may buy it (off until ticked).
 * "Save draft" keeps it; "Submit for review" saves and submits what the form shows.
 */
export function ProfileForm({ profile, onSubmitted }: { profile: InvestorProfile; onSubmitted: () => void }) {
  const [form, setForm] = useState<ProfileFormState>(() => formStateOf(profile));
  const [problems, setProblems] = useState<string[]>([]);
  const save = useSaveInvestorProfile();
  const { showToast } = useToast();
  const set = <K extends keyof ProfileFormState>(key: K, value: ProfileFormState[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const send = async (submit: boolean) => {
    const found = formProblems(form, submit);
    setProblems(found);
    if (found.length > 0) return;
    const converted = bodyOf(form);
    if ('error' in converted) return;
    try {
      await save.mutateAsync({ body: converted.body, submit });
      if (submit) onSubmitted();
      else showToast(PROFILE_SAVED, 'success');
    } catch (error) {
      setProblems([errorMessage(error, PROFILE_SAVE_FAILED)]);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send(true);
  };

  const text = (
    key: 'name' | 'firm' | 'title' | 'sectors' | 'cities' | 'countries' | 'regions' | 'geographicFocus',
    label: string,
    options: { help?: string; autoComplete?: string; required?: boolean } = {},
  ) => (
    <Form.Group controlId={`profile-${key}`}>
      <Form.Label>
        {label}
        {options.required ? <RequiredMark /> : null}
      </Form.Label>
      <Form.Control
        value={form[key]}
        onChange={(e) => set(key, e.target.value)}
        autoComplete={options.autoComplete ?? 'off'}
        aria-describedby={options.help ? `profile-${key}-help` : undefined}
      />
      {options.help ? <Form.Text id={`profile-${key}-help`}>{options.help}</Form.Text> : null}
    </Form.Group>
  );

  /** A cheque bound: both share the one help line under them. */
  const cheque = (key: 'chequeMin' | 'chequeMax' | 'typicalCheque', label: string, placeholder: string) => (
    <Form.Group controlId={`profile-${key}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        value={form[key]}
        onChange={(e) => set(key, e.target.value)}
        inputMode="decimal"
        placeholder={placeholder}
        aria-describedby="profile-cheque-help"
      />
    </Form.Group>
  );

  const contact = (
    key: BuyableContact | 'website',
    label: string,
    options: { type?: string; autoComplete?: string; placeholder?: string },
  ) => (
    <Form.Group controlId={`profile-${key}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type={options.type ?? 'text'}
        value={form[key]}
        onChange={(e) => set(key, e.target.value)}
        autoComplete={options.autoComplete ?? 'off'}
        placeholder={options.placeholder}
      />
      {key === 'website' ? null : (
        <Form.Check
          type="checkbox"
          className="mt-1"
          id={`profile-may-buy-${key}`}
          label={`Founders may buy my ${MAY_BUY_NAMES[key]}`}
          checked={form.foundersMayBuy[key]}
          onChange={(e) => set('foundersMayBuy', { ...form.foundersMayBuy, [key]: e.target.checked })}
        />
      )}
    </Form.Group>
  );

  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Your investor profile">
      {profile.status === 'submitted' ? (
        <Alert variant="info">{investorProfileMessages.submitted}</Alert>
      ) : null}
      {problems.length > 0 ? (
        <Alert variant="danger" role="alert">
          {problems.length === 1 ? (
            problems[0]
          ) : (
            <>
              <p className="mb-1">Before this can be saved:</p>
              <ul className="mb-0">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </>
          )}
        </Alert>
      ) : null}

      <Section title="About you">
        <Row className="g-3">
          <Col md={6}>{text('name', 'Name', { autoComplete: 'name', required: true })}</Col>
          <Col md={6}>{text('title', 'Title', { autoComplete: 'organization-title' })}</Col>
          <Col md={6}>{text('firm', 'Firm', { autoComplete: 'organization' })}</Col>
          <Col md={6}>
            <Form.Group controlId="profile-investorType">
              <Form.Label>
                Investor type
                <RequiredMark />
              </Form.Label>
              <Form.Select
                value={form.investorType}
                onChange={(e) => set('investorType', e.target.value as ProfileFormState['investorType'])}
              >
                <option value="">Choose…</option>
                {INVESTOR_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {INVESTOR_ROLE_LABELS[role]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
        </Row>
      </Section>

      <Section title="What you invest in">
        <Form.Group as="fieldset" className="mb-3">
          <Form.Label as="legend" className="fs-6">
            Stages
            <RequiredMark />
          </Form.Label>
          <div className="d-flex flex-wrap gap-3">
            {PROFILE_STAGES.map((stage) => (
              <Form.Check
                key={stage}
                type="checkbox"
                id={`profile-stage-${stage.replace(/\s+/g, '-')}`}
                label={tagLabel(stage)}
                checked={form.stages.includes(stage)}
                onChange={(e) =>
                  set(
                    'stages',
                    e.target.checked
                      ? PROFILE_STAGES.filter((s) => s === stage || form.stages.includes(s))
                      : form.stages.filter((s) => s !== stage),
                  )
                }
              />
            ))}
          </div>
        </Form.Group>
        <Row className="g-3">
          <Col xs={12}>
            <SectorsPicker
              id="profile-sectors"
              label="Sectors"
              required
              value={form.sectors}
              onChange={(sectors) => set('sectors', sectors)}
              max={INVESTOR_PROFILE_LIMITS.sectors}
              carried="ignore"
              help={`Type and choose from the list, such as fintech or climate (at most ${INVESTOR_PROFILE_LIMITS.sectors}).`}
            />
          </Col>
          <Col md={4}>{text('cities', 'Cities', { help: 'Such as Lisbon, Porto.' })}</Col>
          <Col md={4}>{text('countries', 'Countries', { help: 'Such as Portugal, Spain.' })}</Col>
          <Col md={4}>{text('regions', 'Regions', { help: 'Such as Southern Europe.' })}</Col>
          <Col md={4}>{cheque('chequeMin', 'Smallest cheque (US$)', '25k')}</Col>
          <Col md={4}>{cheque('chequeMax', 'Largest cheque (US$)', '250k')}</Col>
          <Col md={4}>{cheque('typicalCheque', 'Typical cheque (US$)', '100k')}</Col>
          <Col xs={12} className="mt-1">
            <Form.Text id="profile-cheque-help">Whole dollars, or with k, m or b: 250k, 1.5m.</Form.Text>
          </Col>
          <Col md={4}>
            <Form.Group controlId="profile-fundSize">
              <Form.Label>Fund size (US$)</Form.Label>
              <Form.Control
                value={form.fundSize}
                onChange={(e) => set('fundSize', e.target.value)}
                inputMode="decimal"
                placeholder="150m"
                aria-describedby="profile-fundSize-help"
              />
              <Form.Text id="profile-fundSize-help">Your latest fund, such as 150m.</Form.Text>
            </Form.Group>
          </Col>
          <Col md={4}>
            <Form.Group controlId="profile-vintage">
              <Form.Label>Vintage</Form.Label>
              <Form.Control
                value={form.vintage}
                onChange={(e) => set('vintage', e.target.value)}
                inputMode="numeric"
                placeholder="2021"
                aria-describedby="profile-vintage-help"
              />
              <Form.Text id="profile-vintage-help">The year your latest fund first closed.</Form.Text>
            </Form.Group>
          </Col>
        </Row>
        <div className="mt-3">
          {text('geographicFocus', 'Where you invest', {
            help: 'Countries or regions, separated by commas, such as Portugal, Spain, Europe.',
          })}
        </div>
        <Form.Group as="fieldset" className="mt-3">
          <Form.Label as="legend" className="fs-6">
            Do you lead rounds?
          </Form.Label>
          <div className="d-flex flex-wrap gap-3">
            {(
              [
                ['lead', 'I lead'],
                ['follow', 'I follow'],
                ['both', 'Both'],
                ['', 'Not saying'],
              ] as const
            ).map(([value, label]) => (
              <Form.Check
                key={label}
                type="radio"
                name="profile-leads-rounds"
                id={`profile-leads-${label.toLowerCase().replace(/\s+/g, '-')}`}
                label={label}
                checked={form.leadOrFollow === value}
                onChange={() => set('leadOrFollow', value)}
              />
            ))}
          </div>
        </Form.Group>
      </Section>

      <Section title="Your thesis">
        <Form.Group controlId="profile-thesis">
          <Form.Label>In a few sentences: what you back and why</Form.Label>
          <Form.Control
            as="textarea"
            rows={4}
            value={form.thesis}
            maxLength={INVESTOR_PROFILE_LIMITS.thesis}
            onChange={(e) => set('thesis', e.target.value)}
            aria-describedby="profile-thesis-count"
          />
          <Form.Text id="profile-thesis-count">
            {form.thesis.length} of {INVESTOR_PROFILE_LIMITS.thesis} characters
          </Form.Text>
        </Form.Group>
      </Section>

      <Section title="Your portfolio and recent investments">
        <Form.Group controlId="profile-portfolio" className="mb-3">
          <Form.Label>Portfolio companies</Form.Label>
          <Form.Control
            as="textarea"
            rows={4}
            value={form.portfolio}
            onChange={(e) => set('portfolio', e.target.value)}
            placeholder="Acme Robotics (acme.com, Seed, 2021)"
            aria-describedby="profile-portfolio-help"
          />
          <Form.Text id="profile-portfolio-help">
            One company a line: its name, then in brackets its website, the stage you came in at and the year,
            as far as you want to say (at most {PROFILE_FACT_LIMITS.portfolio}).
          </Form.Text>
        </Form.Group>
        <Form.Group controlId="profile-recent-investments">
          <Form.Label>Recent investments</Form.Label>
          <Form.Control
            as="textarea"
            rows={3}
            value={form.recentInvestments}
            onChange={(e) => set('recentInvestments', e.target.value)}
            placeholder="Lumen Health (Series A, 2024-03, $4M)"
            aria-describedby="profile-recent-investments-help"
          />
          <Form.Text id="profile-recent-investments-help">
            One investment a line: the company, then in brackets the round, the date and the amount you may
            share (at most {PROFILE_FACT_LIMITS.recentInvestments}).
          </Form.Text>
        </Form.Group>
      </Section>

      <Section title="Links and contact details">
        <p className="text-body-secondary">{MAY_BUY_HELP}</p>
        <Row className="g-3">
          <Col md={6}>{contact('email', 'Email', { type: 'email', autoComplete: 'email' })}</Col>
          <Col md={6}>
            {contact('phone', 'Phone', { type: 'tel', autoComplete: 'tel', placeholder: '+1 415 555 0100' })}
          </Col>
          <Col md={6}>{contact('linkedin', 'LinkedIn', { placeholder: 'linkedin.com/in/your-name' })}</Col>
          <Col md={6}>{contact('twitter', 'Twitter', { placeholder: 'x.com/your-name' })}</Col>
          <Col md={6}>
            {contact('crunchbase', 'Crunchbase', { placeholder: 'crunchbase.com/person/your-name' })}
          </Col>
          <Col md={6}>
            {contact('website', 'Website', { autoComplete: 'url', placeholder: 'your-firm.com' })}
          </Col>
        </Row>
      </Section>

      <div className="d-flex flex-wrap gap-2 justify-content-end border-top pt-3">
        <Button variant="outline-secondary" disabled={save.isPending} onClick={() => void send(false)}>
          {save.isPending ? 'Saving...' : 'Save draft'}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          Submit for review
        </Button>
      </div>
    </Form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mb-4">
      <h2 className="h5 mb-3">{title}</h2>
      {children}
    </section>
  );
}

/** A required field's mark: a star the eye sees, the word a screen reader says. */
function RequiredMark() {
  return (
    <>
      <span aria-hidden="true" className="text-danger ms-1">
        *
      </span>
      <span className="visually-hidden"> (required to submit)</span>
    </>
  );
}
