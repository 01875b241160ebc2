import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { Link } from 'react-router-dom';
import type { DataRequestCreated } from '../../../shared/api/investor-requests';
import {
  CODE_DIGITS,
  CODE_VALID_MINUTES,
  type DataRequestAction,
  dataRequestMessages,
} from '../../../shared/privacy/data-requests';
import { errorMessage } from '../../api/client';
import { useConfirmDataRequest, useCreateDataRequest } from '../../api/investor-requests';
import { queryKeys } from '../../api/query-keys';
import { DataRequestChoice } from '../../components/data-request-choice';
import { paths } from '../../config/paths';
import { getRuntimeConfig } from '../../config/runtime-config';

/** Not in the spec. */
export const THIS_IS_ME = dataRequestMessages.button;
/** Not in the spec. */
export const SEND_CODE = 'Send the code';
/** Not in the spec. */
export const CONFIRM_CODE = 'Confirm';

type Step =
  | { kind: 'ask' }
  | { kind: 'code'; request: DataRequestCreated }
  | { kind: 'done'; hidden: boolean };

/**
 * "This is me: remove or correct my data" (issue 30), on every investor's public profile: the person
 * listed asks to be hidden from founders or for a correction; a code goes to the email address the
 * directory holds for them (never to one typed here); entering it carries the request out, as does the
 * email's link on its own (`/this-is-me`, issue 48). One email a day per investor: asking again that day
 * answers the same request, and says so.
 */
export function ThisIsMe({ investorId, investorName }: { investorId: string; investorName: string }) {
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'ask' });
  const [action, setAction] = useState<DataRequestAction>('hide');
  const [details, setDetails] = useState('');
  const [code, setCode] = useState('');
  const create = useCreateDataRequest();
  const confirm = useConfirmDataRequest();
  const queryClient = useQueryClient();
  const id = useId();

  const close = () => {
    setOpen(false);
    if (step.kind === 'done' && step.hidden)
      void queryClient.invalidateQueries({ queryKey: queryKeys.investor(investorId) });
    setStep({ kind: 'ask' });
    setCode('');
    create.reset();
    confirm.reset();
  };
  const failure = create.error ?? confirm.error;
  const noEmail = failure ? errorMessage(failure, '') === dataRequestMessages.noEmail : false;

  return (
    <section className="mt-4 pt-3 border-top small" aria-labelledby={`${id}-section`}>
      <h2 className="h6 mb-1" id={`${id}-section`}>
        Is this you?
      </h2>
      <p className="text-body-secondary mb-1">
        You can have your entry hidden from founders or corrected, at any time.{' '}
        <Link to={paths.privacy.href()}>What we keep and where it comes from</Link>.
      </p>
      <Button variant="outline-secondary" size="sm" onClick={() => setOpen(true)}>
        {THIS_IS_ME}
      </Button>
      <Modal show={open} onHide={close} aria-labelledby={`${id}-title`}>
        <Modal.Header closeButton>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            {investorName}: remove or correct
          </Modal.Title>
        </Modal.Header>
        {step.kind === 'ask' ? (
          <Form
            onSubmit={(event) => {
              event.preventDefault();
              create.mutate(
                { investorId, body: action === 'correct' ? { action, details } : { action } },
                { onSuccess: (request) => setStep({ kind: 'code', request }) },
              );
            }}
          >
            <Modal.Body>
              <p>
                To check that this entry is about you, we send a code to the email address the directory holds
                for this investor. We never send it to an address typed here.
              </p>
              <DataRequestChoice
                idPrefix={id}
                action={action}
                onAction={setAction}
                details={details}
                onDetails={setDetails}
                legendClassName="fs-6 fw-semibold"
              />
              {create.error ? (
                <Alert variant={noEmail ? 'warning' : 'danger'} className="mb-0">
                  {errorMessage(create.error, 'The code could not be sent. Please try again.')}
                  {noEmail ? <ContactUs /> : null}
                </Alert>
              ) : null}
            </Modal.Body>
            <Modal.Footer>
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
              <Button
                type="submit"
                disabled={create.isPending || (action === 'correct' && details.trim() === '')}
              >
                {create.isPending ? 'Sending...' : SEND_CODE}
              </Button>
            </Modal.Footer>
          </Form>
        ) : step.kind === 'code' ? (
          <Form
            onSubmit={(event) => {
              event.preventDefault();
              // The asker's own choice goes with the code: the day's email may carry a request someone
              // else made for this investor (issue 48).
              confirm.mutate(
                {
                  requestId: step.request.requestId,
                  body: action === 'correct' ? { code, action, details } : { code, action },
                },
                {
                  onSuccess: (result) => setStep({ kind: 'done', hidden: result.action === 'hide' }),
                },
              );
            }}
          >
            <Modal.Body>
              <p role="status">
                {step.request.alreadySent ? (
                  dataRequestMessages.alreadySent
                ) : (
                  <>
                    We sent a {CODE_DIGITS}-digit code to the email address we hold for {investorName}. It is
                    valid for {CODE_VALID_MINUTES} minutes. The email also holds a link that works on its own.
                  </>
                )}
              </p>
              <Form.Group controlId={`${id}-code`}>
                <Form.Label>Code from the email</Form.Label>
                <Form.Control
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                />
              </Form.Group>
              {confirm.error ? (
                <Alert variant="danger" className="mt-3 mb-0">
                  {errorMessage(confirm.error, 'The code could not be checked. Please try again.')}
                </Alert>
              ) : null}
            </Modal.Body>
            <Modal.Footer>
              <Button
                variant="link"
                onClick={() => {
                  setStep({ kind: 'ask' });
                  setCode('');
                  confirm.reset();
                  create.reset();
                }}
              >
                Ask for a new code
              </Button>
              <Button type="submit" disabled={confirm.isPending || code.trim() === ''}>
                {confirm.isPending ? 'Checking...' : CONFIRM_CODE}
              </Button>
            </Modal.Footer>
          </Form>
        ) : (
          <>
            <Modal.Body>
              <Alert variant="success" className="mb-0" role="status">
                {step.hidden
                  ? `Done: ${investorName} is hidden from founders. It no longer appears in search, on its profile or in new exports, and no later import brings it back.`
                  : 'Thank you: our admins will read your correction and fix the entry.'}
              </Alert>
            </Modal.Body>
            <Modal.Footer>
              <Button onClick={close}>Close</Button>
            </Modal.Footer>
          </>
        )}
      </Modal>
    </section>
  );
}

/** How to reach us when no code can be sent. */
function ContactUs() {
  const email = getRuntimeConfig().feedbackEmail;
  return (
    <>
      {' '}
      Write to <a href={`mailto:${email}`}>{email}</a> with the address of this page.
    </>
  );
}
