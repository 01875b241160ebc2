import { type FormEvent, useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { Candidate, DraftResponse } from '../../../shared/api/updates';
import { STAGE_LABELS } from '../../../shared/pipeline/stages';
import {
  INELIGIBLE_LABELS,
  MAX_SECTION_LENGTH,
  MAX_SUBJECT_LENGTH,
  RECIPIENT_GROUP_LABELS,
  RECIPIENT_GROUPS,
  type RecipientGroup,
} from '../../../shared/updates/limits';
import { errorMessage } from '../../api/client';
import { useSendUpdate, useUpdateDraft } from '../../api/updates';
import { RequireUser } from '../../auth/guards';
import { LoadingMessage } from '../../components/loading-message';
import { useToast } from '../../components/toast/toast-provider';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';

/**
 * `/projects/{projectId}/updates/new`: the monthly update composer (issue 53). It starts with the
 * subject, MRR and its change (from Stripe, when connected) and the round's coverage (the pipeline's
 * Committed amounts against the raise); the founder writes highlights, lowlights and asks and picks
 * recipients from the pipeline (Committed, keep warm, own contacts, or one by one).
 */
export function UpdateComposerPage() {
  useDocumentTitle('Write an investor update');
  return (
    <RequireUser>
      <Composer />
    </RequireUser>
  );
}

function Composer() {
  const { projectId = '' } = useParams();
  const draft = useUpdateDraft(projectId);
  return (
    <Container>
      <nav aria-label="Breadcrumb" className="mb-2 small">
        <Link to={paths.updates.href(projectId)}>← Back to investor updates</Link>
      </nav>
      <h1 className="h2 mb-3">Write an investor update</h1>
      {draft.isPending ? (
        <LoadingMessage message="Filling in your numbers..." />
      ) : draft.isError ? (
        <Alert variant="danger">{errorMessage(draft.error, 'The composer could not be loaded.')}</Alert>
      ) : (
        <ComposerForm projectId={projectId} draft={draft.data} />
      )}
    </Container>
  );
}

const eligible = (candidate: Candidate) => candidate.ineligible === null;

function ComposerForm({ projectId, draft }: { projectId: string; draft: DraftResponse }) {
  const navigate = useNavigate();
  const { showToast } = useToast();
  const send = useSendUpdate(projectId);
  const [subject, setSubject] = useState(draft.subject);
  const [includeMrr, setIncludeMrr] = useState(draft.mrrLine !== null);
  const [includeCoverage, setIncludeCoverage] = useState(true);
  const [highlights, setHighlights] = useState('');
  const [lowlights, setLowlights] = useState('');
  const [asks, setAsks] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(
    () =>
      new Set(
        draft.candidates.filter((c) => eligible(c) && c.groups.includes('committed')).map((c) => c.entryId),
      ),
  );
  useEffect(() => send.reset, [send.reset]);

  const full = draft.limits.sentThisMonth >= draft.limits.perMonth;
  const toggle = (entryId: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(entryId);
      else next.delete(entryId);
      return next;
    });
  const addGroup = (group: RecipientGroup) =>
    setChosen(
      (current) =>
        new Set([
          ...current,
          ...draft.candidates.filter((c) => eligible(c) && c.groups.includes(group)).map((c) => c.entryId),
        ]),
    );
  const inGroup = (group: RecipientGroup) =>
    draft.candidates.filter((c) => eligible(c) && c.groups.includes(group));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(
      {
        subject,
        includeMrr: includeMrr && draft.mrrLine !== null,
        includeCoverage,
        highlights,
        lowlights,
        asks,
        recipientEntryIds: [...chosen],
      },
      {
        onSuccess: ({ update }) => {
          showToast(
            `Update sending to ${update.recipients} ${update.recipients === 1 ? 'investor' : 'investors'}`,
            'success',
          );
          navigate(paths.updates.href(projectId));
        },
      },
    );
  };

  const section = (id: string, label: string, help: string, value: string, set: (v: string) => void) => (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label className="fw-semibold">{label}</Form.Label>
      <Form.Control
        as="textarea"
        rows={4}
        value={value}
        maxLength={MAX_SECTION_LENGTH}
        onChange={(e) => set(e.target.value)}
        aria-describedby={`${id}-help`}
      />
      <Form.Text id={`${id}-help`}>{help}</Form.Text>
    </Form.Group>
  );

  return (
    <Form onSubmit={submit} noValidate>
      <Row className="g-4">
        <Col lg={7}>
          <Card className="shadow-sm">
            <Card.Body>
              <Form.Group className="mb-3" controlId="update-subject">
                <Form.Label className="fw-semibold">Subject</Form.Label>
                <Form.Control
                  value={subject}
                  maxLength={MAX_SUBJECT_LENGTH}
                  onChange={(e) => setSubject(e.target.value)}
                  required
                />
              </Form.Group>
              <fieldset className="mb-3">
                <legend className="fs-6 fw-semibold">Numbers, filled in for you</legend>
                <Form.Check
                  id="update-include-mrr"
                  type="checkbox"
                  checked={includeMrr && draft.mrrLine !== null}
                  disabled={draft.mrrLine === null}
                  onChange={(e) => setIncludeMrr(e.target.checked)}
                  label={draft.mrrLine ?? 'MRR: connect Stripe to this project to include it'}
                />
                <Form.Check
                  id="update-include-coverage"
                  type="checkbox"
                  checked={includeCoverage}
                  onChange={(e) => setIncludeCoverage(e.target.checked)}
                  label={draft.coverageLine}
                />
              </fieldset>
              {section(
                'update-highlights',
                'Highlights',
                'What went well this month.',
                highlights,
                setHighlights,
              )}
              {section(
                'update-lowlights',
                'Lowlights',
                'What did not, and what you are doing about it.',
                lowlights,
                setLowlights,
              )}
              {section(
                'update-asks',
                'Asks',
                'How your investors can help: intros, hires, advice.',
                asks,
                setAsks,
              )}
            </Card.Body>
          </Card>
        </Col>
        <Col lg={5}>
          <Card className="shadow-sm">
            <Card.Body>
              <fieldset>
                <legend className="h5">Recipients</legend>
                <p className="small text-body-secondary">
                  From your pipeline: {chosen.size} chosen, at most {draft.limits.maxRecipients}. Replies go
                  to your email.
                </p>
                <div className="d-flex flex-wrap gap-2 mb-3">
                  {RECIPIENT_GROUPS.map((group) => (
                    <Button
                      key={group}
                      size="sm"
                      variant="outline-primary"
                      onClick={() => addGroup(group)}
                      disabled={inGroup(group).length === 0}
                    >
                      Add {RECIPIENT_GROUP_LABELS[group]} ({inGroup(group).length})
                    </Button>
                  ))}
                </div>
                {draft.candidates.length === 0 ? (
                  <p>
                    Your pipeline is empty.{' '}
                    <Link to={paths.pipeline.href(projectId)}>Add investors to it</Link> first.
                  </p>
                ) : (
                  <ul className="list-unstyled mb-0 update-recipients">
                    {draft.candidates.map((candidate) => (
                      <li key={candidate.entryId} className="mb-2">
                        <Form.Check
                          id={`recipient-${candidate.entryId}`}
                          type="checkbox"
                          checked={chosen.has(candidate.entryId)}
                          disabled={!eligible(candidate)}
                          onChange={(e) => toggle(candidate.entryId, e.target.checked)}
                          label={
                            <>
                              {candidate.name}
                              {candidate.firm ? `, ${candidate.firm}` : ''}{' '}
                              <span className="small text-body-secondary">
                                ({STAGE_LABELS[candidate.stage]})
                              </span>
                              {candidate.ineligible ? (
                                <span className="d-block small text-body-secondary">
                                  {INELIGIBLE_LABELS[candidate.ineligible]}
                                </span>
                              ) : null}
                            </>
                          }
                        />
                      </li>
                    ))}
                  </ul>
                )}
              </fieldset>
            </Card.Body>
          </Card>
        </Col>
      </Row>
      <div className="mt-4 mb-5">
        {full ? (
          <Alert variant="info">
            You have sent {draft.limits.sentThisMonth} updates of this project this month, the most a month
            allows.
          </Alert>
        ) : (
          <p className="small text-body-secondary">
            {draft.limits.sentThisMonth} of {draft.limits.perMonth} updates sent this month.
          </p>
        )}
        {send.isError ? (
          <Alert variant="danger" role="alert">
            {errorMessage(send.error, 'The update could not be sent.')}
          </Alert>
        ) : null}
        <Button type="submit" disabled={send.isPending || full}>
          {send.isPending ? 'Sending...' : 'Send update'}
        </Button>
      </div>
    </Form>
  );
}
