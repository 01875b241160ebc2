import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { ProjectView } from '../../../shared/api/projects';
import { formatCompactUsd } from '../../../shared/format/money';
import { messages } from '../../../shared/messages';
import { checkRaise, parseAmount, RAISE_AMOUNT_INVALID } from '../../../shared/projects/raise';
import { ROUND_OPTIONS } from '../../../shared/shortlist/taxonomy-port';
import { errorMessage } from '../../api/client';
import { useUpdateProject } from '../../api/update-project';
import { CountryPicker } from '../../components/taxonomy-combobox';

type LeadChoice = 'yes' | 'no' | 'unsure';
const leadChoiceOf = (value: boolean | null): LeadChoice =>
  value === null ? 'unsure' : value ? 'yes' : 'no';
const LEAD_CHOICES: readonly [LeadChoice, string][] = [
  ['yes', 'Yes, we want a lead'],
  ['no', 'No, we have a lead'],
  ['unsure', 'Not sure yet'],
];

/** "Your raise": what the project is raising (issue 35), every part optional. */
export function RaiseModal({
  project,
  show,
  onClose,
}: {
  project: ProjectView;
  show: boolean;
  onClose: (saved: boolean) => void;
}) {
  const raise = project.raise;
  const [round, setRound] = useState(raise?.round ?? '');
  const [amount, setAmount] = useState(raise?.amountUsd != null ? String(raise.amountUsd) : '');
  const [country, setCountry] = useState(raise?.country ?? '');
  const [city, setCity] = useState(raise?.city ?? '');
  const [lead, setLead] = useState<LeadChoice>(leadChoiceOf(raise?.leadWanted ?? null));
  const [error, setError] = useState<string | null>(null);
  const updateProject = useUpdateProject(project.id);
  const amountUsd = parseAmount(amount);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (amountUsd !== null && Number.isNaN(amountUsd)) {
      setError(RAISE_AMOUNT_INVALID);
      return;
    }
    const body = {
      round: round || null,
      amountUsd,
      country: country.trim() || null,
      city: city.trim() || null,
      leadWanted: lead === 'unsure' ? null : lead === 'yes',
    };
    const checked = checkRaise(body);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    try {
      await updateProject.mutateAsync({ raise: body });
      onClose(true);
    } catch (caught) {
      setError(errorMessage(caught, messages.failedToSaveProject));
    }
  };

  return (
    <Modal show={show} onHide={() => onClose(false)} centered aria-labelledby="raise-title">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id="raise-title" as="h2" className="h5">
            Your raise
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small text-body-secondary">
            Investors are ranked by how well they fit what you tell us here. Leave out anything you are not
            sure of.
          </p>
          {error ? (
            <Alert variant="danger" role="alert">
              {error}
            </Alert>
          ) : null}
          <Form.Group className="mb-3" controlId="raise-round">
            <Form.Label>Round</Form.Label>
            <Form.Select value={round} onChange={(e) => setRound(e.target.value)}>
              <option value="">Not set</option>
              {ROUND_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group className="mb-3" controlId="raise-amount">
            <Form.Label>Amount (US dollars)</Form.Label>
            <Form.Control
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              placeholder="e.g. 1,000,000 or 1M"
              aria-describedby="raise-amount-help"
            />
            <Form.Text id="raise-amount-help">
              {amountUsd !== null && !Number.isNaN(amountUsd) && amountUsd > 0
                ? `That is ${formatCompactUsd(amountUsd)}.`
                : 'Whole dollars; 500K or 1.5M work too.'}
            </Form.Text>
          </Form.Group>
          <div className="row g-3 mb-3">
            <div className="col-sm-6">
              <CountryPicker
                id="raise-country"
                label="Country"
                value={country}
                onChange={setCountry}
                placeholder="e.g. Sweden"
              />
            </div>
            <Form.Group className="col-sm-6" controlId="raise-city">
              <Form.Label>City</Form.Label>
              <Form.Control
                value={city}
                onChange={(e) => setCity(e.target.value)}
                autoComplete="address-level2"
                placeholder="e.g. Stockholm"
              />
            </Form.Group>
          </div>
          <fieldset>
            <legend className="form-label fs-6">Do you want an investor to lead the round?</legend>
            {LEAD_CHOICES.map(([value, label]) => (
              <Form.Check
                key={value}
                type="radio"
                name="raise-lead"
                id={`raise-lead-${value}`}
                label={label}
                checked={lead === value}
                onChange={() => setLead(value)}
              />
            ))}
          </fieldset>
        </Modal.Body>
        <Modal.Footer>
          <Button
            variant="outline-secondary"
            onClick={() => onClose(false)}
            disabled={updateProject.isPending}
          >
            Cancel
          </Button>
          <Button type="submit" disabled={updateProject.isPending}>
            {updateProject.isPending ? messages.saving : 'Save raise'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
