import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import {
  REPORT_NOTE_MAX_LENGTH,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
} from '../../shared/api/reports';
import { errorMessage } from '../api/client';
import { useReportInvestor } from '../api/reports';
import { useAuth } from '../auth/auth-provider';

/** Not in the spec. */
export const REPORT_SENT = 'Thank you: we will email you when an admin has looked at your report.';
/** Not in the spec. */
export const REPORT_FAILED = 'The report could not be sent. Please try again.';

/**
 * "Report wrong data" (issue 20): a small button opening a form with a reason and a note, from a
 * card, the profile page or a contact library row. Shown to signed-in, verified founders only.
 */
export function ReportWrongData(props: { investorId: string; investorName: string }) {
  const { loggedIn } = useAuth();
  return loggedIn ? <ReportWrongDataForm {...props} /> : null;
}

function ReportWrongDataForm({ investorId, investorName }: { investorId: string; investorName: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason>('email_bounced');
  const [note, setNote] = useState('');
  const report = useReportInvestor();
  const id = useId();

  const close = () => {
    setOpen(false);
    report.reset();
    setNote('');
  };

  return (
    <>
      <Button
        variant="link"
        size="sm"
        className="p-0 text-body-secondary"
        aria-label={`Report wrong data: ${investorName}`}
        onClick={() => setOpen(true)}
      >
        Report wrong data
      </Button>
      <Modal show={open} onHide={close} aria-labelledby={`${id}-title`}>
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            report.mutate({ investorId, body: { reason, note } });
          }}
        >
          <Modal.Header closeButton>
            <Modal.Title id={`${id}-title`} as="h2" className="h5">
              Report wrong data: {investorName}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            {report.isSuccess ? (
              <Alert variant="success" className="mb-0">
                {REPORT_SENT}
              </Alert>
            ) : (
              <>
                <Form.Group className="mb-3" controlId={`${id}-reason`}>
                  <Form.Label>Reason</Form.Label>
                  <Form.Select value={reason} onChange={(e) => setReason(e.target.value as ReportReason)}>
                    {REPORT_REASONS.map((value) => (
                      <option key={value} value={value}>
                        {REPORT_REASON_LABELS[value]}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
                <Form.Group controlId={`${id}-note`}>
                  <Form.Label>Note (optional)</Form.Label>
                  <Form.Control
                    as="textarea"
                    rows={3}
                    maxLength={REPORT_NOTE_MAX_LENGTH}
                    value={note}
                    onChange={(e) => setNote(e.target.value)}
                  />
                </Form.Group>
                {report.isError ? (
                  <Alert variant="danger" className="mt-3 mb-0">
                    {errorMessage(report.error, REPORT_FAILED)}
                  </Alert>
                ) : null}
              </>
            )}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={close}>
              Close
            </Button>
            {report.isSuccess ? null : (
              <Button type="submit" disabled={report.isPending}>
                {report.isPending ? 'Sending…' : 'Send report'}
              </Button>
            )}
          </Modal.Footer>
        </Form>
      </Modal>
    </>
  );
}
