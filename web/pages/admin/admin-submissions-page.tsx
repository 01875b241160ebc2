import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router-dom';
import type { InvestorSubmission } from '../../../shared/api/investor-review';
import { formatCheckRange } from '../../../shared/format/money';
import {
  BUYABLE_CONTACT_LABELS,
  BUYABLE_CONTACTS,
  buyableContactValue,
} from '../../../shared/investors/investor-profile';
import { investorRoleLabel } from '../../../shared/investors/roles';
import { messages } from '../../../shared/messages';
import { tagLabel } from '../../../shared/tags/display';
import { errorMessage } from '../../api/client';
import {
  useApproveSubmission,
  useInvestorSubmissions,
  useRejectSubmission,
} from '../../api/investor-submissions';
import { RequireAdmin } from '../../auth/guards';
import { LoadingMessage } from '../../components/loading-message';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';

/** Not in the spec. */
export const NO_SUBMISSIONS = 'No profiles are waiting for review.';
/** Not in the spec. */
export const LOADING_SUBMISSIONS = 'Loading submitted profiles...';

/**
 * `/admin/submissions`: admins only. The investor profiles submitted through a portal, oldest first:
 * approve (after editing the name, firm, title or thesis if needed) or reject with a reason the
 * investor is emailed (issue 21).
 */
export function AdminSubmissionsPage() {
  useDocumentTitle('Admin: Investor profiles');
  return (
    <RequireAdmin>
      <AdminSubmissions />
    </RequireAdmin>
  );
}

function AdminSubmissions() {
  const submissions = useInvestorSubmissions();
  return (
    <Container>
      <nav aria-label="Breadcrumb" className="mb-2 small">
        <Link to={paths.admin.href()}>← Admin</Link>
      </nav>
      <h1 className="h2 mb-4">Submitted investor profiles</h1>
      {submissions.isPending ? (
        <LoadingMessage message={LOADING_SUBMISSIONS} />
      ) : submissions.isError ? (
        <Alert variant="danger">{errorMessage(submissions.error, messages.anErrorOccurred)}</Alert>
      ) : submissions.data.submissions.length === 0 ? (
        <Alert variant="secondary">{NO_SUBMISSIONS}</Alert>
      ) : (
        <ul className="list-unstyled d-flex flex-column gap-3" aria-label="Submitted profiles">
          {submissions.data.submissions.map((submission) => (
            <li key={submission.userId}>
              <SubmissionCard submission={submission} />
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}

const EDITABLE = [
  ['name', 'Name'],
  ['firm', 'Firm'],
  ['title', 'Title'],
] as const;

type Editable = (typeof EDITABLE)[number][0] | 'thesis';

function SubmissionCard({ submission }: { submission: InvestorSubmission }) {
  const approve = useApproveSubmission();
  const reject = useRejectSubmission();
  const { profile } = submission;
  const [edits, setEdits] = useState<Record<Editable, string>>({
    name: profile.name,
    firm: profile.firm,
    title: profile.title,
    thesis: profile.thesis,
  });
  const [reason, setReason] = useState('');
  const id = submission.userId;
  const changes = Object.fromEntries(
    (Object.keys(edits) as Editable[])
      .filter((key) => edits[key].trim() !== profile[key].trim())
      .map((key) => [key, edits[key]]),
  );
  const busy = approve.isPending || reject.isPending;
  const error = approve.error ?? reject.error;
  const cheque = formatCheckRange(profile.chequeMin, profile.chequeMax);
  return (
    <Card as="article" aria-label={`Profile of ${profile.name}`} className="shadow-sm">
      <Card.Body>
        <h2 className="h5 mb-1">
          {profile.name} · {investorRoleLabel(profile.investorType)}
        </h2>
        <p className="small text-body-secondary mb-2">
          {submission.accountEmail} · {submission.portalName} · submitted{' '}
          {(submission.submittedAt ?? submission.updatedAt).slice(0, 10)}
          {submission.listed ? (
            <>
              {' '}
              · an update of a{' '}
              <Link to={paths.investorProfile.href(submission.listed.investorId)}>listed profile</Link>
            </>
          ) : null}
        </p>
        <dl className="row small mb-3">
          <dt className="col-sm-3">Stages</dt>
          <dd className="col-sm-9">{profile.stages.map(tagLabel).join(', ')}</dd>
          <dt className="col-sm-3">Sectors</dt>
          <dd className="col-sm-9">{profile.sectors.map(tagLabel).join(', ')}</dd>
          <dt className="col-sm-3">Places</dt>
          <dd className="col-sm-9">
            {[...profile.cities, ...profile.countries, ...profile.regions].join(', ') || '—'}
          </dd>
          <dt className="col-sm-3">Cheque</dt>
          <dd className="col-sm-9">{cheque ?? '—'}</dd>
          <dt className="col-sm-3">Founders may buy</dt>
          <dd className="col-sm-9">
            {BUYABLE_CONTACTS.filter((kind) => profile.foundersMayBuy[kind])
              .map((kind) => `${BUYABLE_CONTACT_LABELS[kind]} (${buyableContactValue(profile, kind)})`)
              .join(', ') || 'nothing'}
          </dd>
        </dl>
        <div className="row g-2 mb-2">
          {EDITABLE.map(([key, label]) => (
            <Form.Group key={key} className="col-md-4" controlId={`${key}-${id}`}>
              <Form.Label className="small mb-1">{label}</Form.Label>
              <Form.Control
                size="sm"
                value={edits[key]}
                onChange={(e) => setEdits({ ...edits, [key]: e.target.value })}
              />
            </Form.Group>
          ))}
          <Form.Group className="col-12" controlId={`thesis-${id}`}>
            <Form.Label className="small mb-1">Thesis</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              size="sm"
              value={edits.thesis}
              onChange={(e) => setEdits({ ...edits, thesis: e.target.value })}
            />
          </Form.Group>
        </div>
        <div className="d-flex flex-wrap gap-2 align-items-end">
          <Button
            size="sm"
            disabled={busy}
            onClick={() =>
              approve.mutate({
                userId: id,
                body: {
                  updatedAt: submission.updatedAt,
                  ...(Object.keys(changes).length > 0 ? { changes } : {}),
                },
              })
            }
          >
            {Object.keys(changes).length > 0 ? 'Approve with my edits' : 'Approve'}
          </Button>
          <Form.Group controlId={`reason-${id}`} className="flex-grow-1">
            <Form.Label className="small mb-1">Reason for the investor</Form.Label>
            <Form.Control size="sm" value={reason} onChange={(e) => setReason(e.target.value)} />
          </Form.Group>
          <Button
            size="sm"
            variant="outline-danger"
            disabled={busy || reason.trim() === ''}
            onClick={() => reject.mutate({ userId: id, body: { updatedAt: submission.updatedAt, reason } })}
          >
            Reject
          </Button>
        </div>
        {reject.data?.emailed === false ? (
          <Alert variant="warning" className="mt-3 mb-0">
            Rejected, but the email could not be sent: write to {submission.accountEmail} yourself.
          </Alert>
        ) : null}
        {error ? (
          <Alert variant="danger" className="mt-3 mb-0">
            {errorMessage(error, messages.anErrorOccurred)}
          </Alert>
        ) : null}
      </Card.Body>
    </Card>
  );
}
