import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router-dom';
import type { EntryMatch, InvestorSubmission } from '../../../shared/api/investor-review';
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
import { showDateTime } from '../../components/dates';
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

/** A decision's outcome, said at the top of the page (its card leaves the queue). */
interface Notice {
  variant: 'success' | 'warning';
  text: string;
}

function AdminSubmissions() {
  const submissions = useInvestorSubmissions();
  const [notice, setNotice] = useState<Notice | null>(null);
  const all = submissions.data?.pages.flatMap((page) => page.submissions) ?? [];
  return (
    <Container>
      <nav aria-label="Breadcrumb" className="mb-2 small">
        <Link to={paths.admin.href()}>← Admin</Link>
      </nav>
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-4">
        <h1 className="h2 mb-0">Submitted investor profiles</h1>
        <Link to={paths.adminWithdrawals.href()}>Withdrawals and correction requests</Link>
      </div>
      {notice ? (
        <Alert variant={notice.variant} dismissible onClose={() => setNotice(null)} role="status">
          {notice.text}
        </Alert>
      ) : null}
      {submissions.isPending ? (
        <LoadingMessage message={LOADING_SUBMISSIONS} />
      ) : submissions.isError ? (
        <Alert variant="danger">{errorMessage(submissions.error, messages.anErrorOccurred)}</Alert>
      ) : all.length === 0 ? (
        <Alert variant="secondary">{NO_SUBMISSIONS}</Alert>
      ) : (
        <>
          <ul className="list-unstyled d-flex flex-column gap-3" aria-label="Submitted profiles">
            {all.map((submission) => (
              <li key={submission.userId}>
                <SubmissionCard submission={submission} onDecided={setNotice} />
              </li>
            ))}
          </ul>
          {submissions.hasNextPage ? (
            <div className="text-center">
              <Button
                variant="outline-secondary"
                disabled={submissions.isFetchingNextPage}
                onClick={() => submissions.fetchNextPage()}
              >
                {submissions.isFetchingNextPage ? 'Loading...' : 'Load more profiles'}
              </Button>
            </div>
          ) : null}
        </>
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

function SubmissionCard({
  submission,
  onDecided,
}: {
  submission: InvestorSubmission;
  onDecided: (notice: Notice) => void;
}) {
  const approve = useApproveSubmission();
  const reject = useRejectSubmission();
  const { profile, match } = submission;
  const [join, setJoin] = useState(false);
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
  const underWay = submission.claim !== null && !submission.claim.lapsed;
  const busy = approve.isPending || reject.isPending || underWay;
  const joining = join && match.kind === 'possible' && match.entry !== null;
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
        {submission.claim ? (
          <Alert variant={submission.claim.lapsed ? 'warning' : 'info'} className="py-2 small">
            {submission.claim.lapsed
              ? `An approval started ${showDateTime(submission.claim.at)} did not finish. Approving again takes it over.`
              : `An admin is approving this profile (since ${showDateTime(submission.claim.at)}). Reload in a minute: it will be listed, or back in the queue.`}
          </Alert>
        ) : null}
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
        <EntryPanel submission={submission} join={join} onJoin={setJoin} />
        <div className="d-flex flex-wrap gap-2 align-items-end">
          <Button
            size="sm"
            disabled={busy || (match.entry?.withdrawn ?? false)}
            onClick={() =>
              approve.mutate(
                {
                  userId: id,
                  body: {
                    updatedAt: submission.updatedAt,
                    ...(Object.keys(changes).length > 0 ? { changes } : {}),
                    ...(joining && match.entry ? { joinInvestorId: match.entry.investorId } : {}),
                  },
                },
                {
                  onSuccess: (decided) =>
                    onDecided(
                      decided.emailed === false
                        ? {
                            variant: 'warning',
                            text: `Approved: ${profile.name} is listed, but the email could not be sent. Write to ${submission.accountEmail} yourself.`,
                          }
                        : {
                            variant: 'success',
                            text: `Approved: ${profile.name} is listed and was emailed a link to the profile.`,
                          },
                    ),
                },
              )
            }
          >
            {joining
              ? 'Approve and join this entry'
              : Object.keys(changes).length > 0
                ? 'Approve with my edits'
                : 'Approve'}
          </Button>
          <Form.Group controlId={`reason-${id}`} className="flex-grow-1">
            <Form.Label className="small mb-1">Reason for the investor</Form.Label>
            <Form.Control size="sm" value={reason} onChange={(e) => setReason(e.target.value)} />
          </Form.Group>
          <Button
            size="sm"
            variant="outline-danger"
            disabled={busy || reason.trim() === ''}
            onClick={() =>
              reject.mutate(
                { userId: id, body: { updatedAt: submission.updatedAt, reason } },
                {
                  onSuccess: (decided) =>
                    onDecided(
                      decided.emailed === false
                        ? {
                            variant: 'warning',
                            text: `Rejected, but the email could not be sent: write to ${submission.accountEmail} yourself.`,
                          }
                        : { variant: 'success', text: `Rejected: ${profile.name} was emailed the reason.` },
                    ),
                },
              )
            }
          >
            Reject
          </Button>
        </div>
        {error ? (
          <Alert variant="danger" className="mt-3 mb-0">
            {errorMessage(error, messages.anErrorOccurred)}
          </Alert>
        ) : null}
      </Card.Body>
    </Card>
  );
}

const FOUND_BY: Readonly<Record<NonNullable<EntryMatch['foundBy']>, string>> = {
  contactEmail: 'the contact email typed in this profile',
  nameAndFirm: 'the same name and firm',
};

/**
 * Which directory entry the approval lists the profile as (issue 30): an update of its listing, the
 * entry of the account's verified email, or a new entry; an entry that may be the same person is shown
 * side by side with every value that would change, and joins only if the admin decides so.
 */
function EntryPanel({
  submission,
  join,
  onJoin,
}: {
  submission: InvestorSubmission;
  join: boolean;
  onJoin: (join: boolean) => void;
}) {
  const { match } = submission;
  const entry = match.entry;
  const id = submission.userId;
  if (match.kind === 'new' || !entry)
    return (
      <p className="small mb-3">
        <strong>Directory entry:</strong> a new entry (no entry in the directory has this account&apos;s
        verified email).
      </p>
    );
  const heading =
    match.kind === 'listed'
      ? 'An update of its listed entry'
      : match.kind === 'verifiedEmail'
        ? "Joins the entry of this account's verified email"
        : `May be an investor already in the directory (found by ${FOUND_BY[match.foundBy ?? 'nameAndFirm']})`;
  return (
    <section
      className={`border rounded p-2 p-md-3 mb-3 ${match.kind === 'possible' ? 'border-warning' : ''}`}
      aria-label={`Directory entry for ${submission.profile.name}`}
    >
      <h3 className="h6">{heading}</h3>
      {match.kind === 'possible' ? (
        <p className="small mb-2">
          The account&apos;s verified email ({submission.accountEmail}) is not that entry&apos;s email. A
          contact email typed in a profile is never proof of who someone is: the profile is listed as a new
          entry unless you decide it is the same person.
        </p>
      ) : null}
      <dl className="row small mb-2">
        <dt className="col-sm-3">Entry</dt>
        <dd className="col-sm-9">
          {entry.withdrawn ? (
            `${entry.name}${entry.firmName ? ` · ${entry.firmName}` : ''}`
          ) : (
            <Link to={paths.investorProfile.href(entry.investorId)}>
              {entry.name}
              {entry.firmName ? ` · ${entry.firmName}` : ''}
            </Link>
          )}
        </dd>
        <dt className="col-sm-3">Sources</dt>
        <dd className="col-sm-9">{entry.sources.join(', ') || '—'}</dd>
        <dt className="col-sm-3">Bought by</dt>
        <dd className="col-sm-9">
          {entry.buyers === 1 ? '1 founder' : `${entry.buyers} founders`}
          {entry.buyers > 0 ? ' (they see changed contact values as updates)' : ''}
        </dd>
      </dl>
      {entry.withdrawn ? (
        <Alert variant="warning" className="small py-2 mb-2">
          That entry was withdrawn from the directory. Restore it from{' '}
          <Link to={paths.adminWithdrawals.href()}>Withdrawals</Link> first if this investor should be listed
          there again, or reject the profile.
        </Alert>
      ) : null}
      {match.changes.length > 0 ? (
        // Long values (links) wrap: the table fits a phone without scrolling sideways.
        <Table size="sm" className="small mb-2">
          <caption className="caption-top">
            {match.kind === 'possible'
              ? 'What founders would see change if it joins'
              : 'What founders will see change'}
          </caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">In the directory now</th>
              <th scope="col">{match.kind === 'possible' ? 'If it joins' : 'After approval'}</th>
            </tr>
          </thead>
          <tbody>
            {match.changes.map((change) => (
              <tr key={change.field}>
                <th scope="row" className="text-nowrap">
                  {change.label}
                </th>
                <td className="text-lines">{change.now || '—'}</td>
                <td className="text-lines">{change.after || '—'}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : !entry.withdrawn ? (
        <p className="small mb-2">Founders would see no change.</p>
      ) : null}
      {match.kind === 'possible' ? (
        <fieldset>
          <legend className="small fw-semibold mb-1">Your decision</legend>
          <Form.Check
            type="radio"
            id={`new-entry-${id}`}
            name={`entry-${id}`}
            label="List as a new entry"
            checked={!join}
            onChange={() => onJoin(false)}
          />
          <Form.Check
            type="radio"
            id={`join-entry-${id}`}
            name={`entry-${id}`}
            label="Join this entry: it is the same person"
            checked={join}
            disabled={entry.heldByAnotherAccount}
            onChange={() => onJoin(true)}
          />
          {entry.heldByAnotherAccount ? (
            <p className="small text-body-secondary mb-0">
              Another investor account holds this entry: one account per entry.
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </section>
  );
}
