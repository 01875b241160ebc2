import { useEffect, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { Link } from 'react-router-dom';
import { INTRO_VIA_MAX_LENGTH, type PipelineEntry, type UpdateEntryBody } from '../../../shared/api/pipeline';
import { AMOUNT_INVALID, parseAmount } from '../../../shared/pipeline/import-rows';
import { PASS_REASON_LABELS, STAGE_LABELS } from '../../../shared/pipeline/stages';
import { useEntryDetail } from '../../api/pipeline';
import { paths } from '../../config/paths';
import { EntryDeckLinks } from '../deck-links/entry-deck-links';
// The sheet's own styles: without them, a pipeline opened straight (not after the search page, which
// loads them too) showed the panel as plain text under the board.
import '../../styles/offcanvas.scss';

/** One investor of the pipeline: notes, amount, next step and its date, the history of moves. */
export function EntryPanel({
  projectId,
  entry,
  onClose,
  onSave,
  onRemove,
  saving,
}: {
  projectId: string;
  entry: PipelineEntry | null;
  onClose: () => void;
  onSave: (entry: PipelineEntry, body: Omit<UpdateEntryBody, 'version'>) => void;
  onRemove: (entry: PipelineEntry) => void;
  saving: boolean;
}) {
  const id = useId();
  const detail = useEntryDetail(projectId, entry?.id ?? null, entry?.version);
  const [notes, setNotes] = useState('');
  const [amount, setAmount] = useState('');
  const [nextStep, setNextStep] = useState('');
  const [nextStepDate, setNextStepDate] = useState('');
  const [introVia, setIntroVia] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    setNotes(entry?.notes ?? '');
    setAmount(entry?.amount === null || entry?.amount === undefined ? '' : String(entry.amount));
    setNextStep(entry?.nextStep ?? '');
    setNextStepDate(entry?.nextStepDate ?? '');
    setIntroVia(entry?.introVia ?? '');
    setProblem(null);
  }, [entry]);

  const save = () => {
    if (!entry) return;
    const value = amount.trim() === '' ? null : parseAmount(amount);
    if (amount.trim() !== '' && value === null) {
      setProblem(AMOUNT_INVALID);
      return;
    }
    setProblem(null);
    onSave(entry, {
      notes,
      amount: value,
      nextStep: nextStep.trim() === '' ? null : nextStep.trim(),
      nextStepDate: nextStepDate === '' ? null : nextStepDate,
      introVia: introVia.trim() === '' ? null : introVia.trim(),
    });
  };

  const contact = detail.data?.contact ?? null;
  return (
    <Offcanvas
      show={entry !== null}
      onHide={onClose}
      placement="end"
      className="pipeline-panel"
      aria-labelledby={`${id}-title`}
    >
      <Offcanvas.Header closeButton>
        <Offcanvas.Title as="h2" className="h5" id={`${id}-title`}>
          {entry?.name}
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        {entry ? (
          <>
            <p className="mb-3">
              {entry.firm ? `${entry.firm} · ` : ''}
              <strong>{STAGE_LABELS[entry.stage]}</strong>
              {entry.passReason
                ? ` (${PASS_REASON_LABELS[entry.passReason]}${entry.passNote ? `: ${entry.passNote}` : ''})`
                : ''}
            </p>
            {entry.investorId ? (
              <p className="small">
                <Link to={paths.investorProfile.href(entry.investorId)}>Open the investor's profile</Link>
              </p>
            ) : null}
            {contact ? (
              <dl className="small pipeline-contact">
                <dt>Your contact</dt>
                <dd>Only you see these values.</dd>
                {contact.email ? (
                  <>
                    <dt>Email</dt>
                    <dd className="text-break">{contact.email}</dd>
                  </>
                ) : null}
                {contact.phone ? (
                  <>
                    <dt>Phone</dt>
                    <dd>{contact.phone}</dd>
                  </>
                ) : null}
                {contact.linkedinUrl ? (
                  <>
                    <dt>LinkedIn</dt>
                    <dd className="text-break">{contact.linkedinUrl}</dd>
                  </>
                ) : null}
              </dl>
            ) : null}
            <EntryDeckLinks projectId={projectId} entryId={entry.id} />
            <Form
              onSubmit={(event) => {
                event.preventDefault();
                save();
              }}
            >
              <Form.Group className="mb-3" controlId={`${id}-notes`}>
                <Form.Label>Notes</Form.Label>
                <Form.Control
                  as="textarea"
                  rows={5}
                  value={notes}
                  maxLength={5000}
                  onChange={(e) => setNotes(e.currentTarget.value)}
                />
              </Form.Group>
              <Form.Group className="mb-3" controlId={`${id}-amount`}>
                <Form.Label>Amount discussed (USD)</Form.Label>
                <Form.Control value={amount} onChange={(e) => setAmount(e.currentTarget.value)} />
              </Form.Group>
              <Form.Group className="mb-3" controlId={`${id}-next-step`}>
                <Form.Label>Next step</Form.Label>
                <Form.Control
                  value={nextStep}
                  maxLength={300}
                  onChange={(e) => setNextStep(e.currentTarget.value)}
                />
              </Form.Group>
              <Form.Group className="mb-3" controlId={`${id}-intro-via`}>
                <Form.Label>Intro via</Form.Label>
                <Form.Control
                  value={introVia}
                  maxLength={INTRO_VIA_MAX_LENGTH}
                  placeholder="Who can introduce you, e.g. Ben"
                  onChange={(e) => setIntroVia(e.currentTarget.value)}
                />
              </Form.Group>
              <Form.Group className="mb-3" controlId={`${id}-next-step-date`}>
                <Form.Label>Next step date</Form.Label>
                <Form.Control
                  type="date"
                  value={nextStepDate}
                  onChange={(e) => setNextStepDate(e.currentTarget.value)}
                />
              </Form.Group>
              {problem ? (
                <Alert variant="danger" className="py-2 small">
                  {problem}
                </Alert>
              ) : null}
              <div className="d-flex flex-wrap gap-2 mb-4">
                <Button type="submit" variant="primary" disabled={saving}>
                  {saving ? 'Saving…' : 'Save'}
                </Button>
                <Button variant="outline-danger" onClick={() => onRemove(entry)}>
                  Remove from pipeline
                </Button>
              </div>
            </Form>
            <h3 className="h6">History</h3>
            {detail.data ? (
              <ol className="small ps-3 pipeline-history">
                {detail.data.history.map((move) => (
                  <li key={`${move.at}-${move.to}`}>
                    {move.at.slice(0, 16).replace('T', ' ')} UTC:{' '}
                    {move.from === null ? 'added at' : `you moved it from ${STAGE_LABELS[move.from]} to`}{' '}
                    {STAGE_LABELS[move.to]}
                    {move.passReason ? ` (${PASS_REASON_LABELS[move.passReason]})` : ''}
                  </li>
                ))}
              </ol>
            ) : (
              <p className="small text-body-secondary">Loading the history…</p>
            )}
          </>
        ) : null}
      </Offcanvas.Body>
    </Offcanvas>
  );
}
