import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { Link, useLocation } from 'react-router-dom';
import { LINK_TOKEN_PATTERN } from '../../../shared/api/investor-requests';
import {
  DATA_REQUEST_ACTIONS,
  type DataRequestAction,
  dataRequestMessages,
} from '../../../shared/privacy/data-requests';
import { errorMessage } from '../../api/client';
import { useConfirmDataRequest } from '../../api/investor-requests';
import { DataRequestChoice } from '../../components/data-request-choice';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';

/** Not in the spec. */
export const CONFIRM_LINK = 'Confirm';

/** The emailed link's fragment: the request, its secret and the action asked (never sent to a server). */
function linkOf(hash: string): { requestId: string; token: string; action: DataRequestAction } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const requestId = params.get('request') ?? '';
  const token = params.get('token') ?? '';
  const asked = params.get('action');
  if (!/^[A-Za-z0-9-]{1,64}$/.test(requestId) || !LINK_TOKEN_PATTERN.test(token)) return null;
  const action = DATA_REQUEST_ACTIONS.find((a) => a === asked) ?? 'hide';
  return { requestId, token, action };
}

/**
 * `/this-is-me` (issue 48): the page the "This is me" email's link opens. The link alone proves the
 * email (no code, no request page needed), so it works from any browser, whoever asked first; the
 * person chooses here what they want: hidden from founders, or a correction.
 */
export function ThisIsMePage() {
  useDocumentTitle('This is me');
  const location = useLocation();
  const link = linkOf(location.hash);
  const [action, setAction] = useState<DataRequestAction | null>(null);
  const [details, setDetails] = useState('');
  const confirm = useConfirmDataRequest();
  const chosen = action ?? link?.action ?? 'hide';

  return (
    <Container className="py-lg-4" style={{ maxWidth: '40rem' }}>
      <h1 className="h3 mb-3">{dataRequestMessages.button}</h1>
      {!link ? (
        <Alert variant="warning">{dataRequestMessages.linkInvalid}</Alert>
      ) : confirm.data ? (
        <Alert variant="success" role="status">
          {confirm.data.action === 'hide'
            ? 'Done: your entry is hidden from founders. It no longer appears in search, on its profile or in new exports, and no later import brings it back.'
            : 'Thank you: our admins will read your correction and fix the entry.'}
        </Alert>
      ) : (
        <Card>
          <Form
            onSubmit={(event) => {
              event.preventDefault();
              confirm.mutate({
                requestId: link.requestId,
                body:
                  chosen === 'correct'
                    ? { token: link.token, action: chosen, details }
                    : { token: link.token, action: chosen },
              });
            }}
          >
            <Card.Body>
              <p>The link in our email shows that this address is yours. What would you like?</p>
              <DataRequestChoice
                idPrefix="this-is-me"
                action={chosen}
                onAction={setAction}
                details={details}
                onDetails={setDetails}
                legendClassName="visually-hidden"
              />
              {confirm.error ? (
                <Alert variant="danger" className="mb-0">
                  {errorMessage(confirm.error, 'The link could not be checked. Please try again.')}
                </Alert>
              ) : null}
            </Card.Body>
            <Card.Footer className="d-flex justify-content-between align-items-center">
              <Link to={paths.privacy.href()}>What we keep and where it comes from</Link>
              <Button
                type="submit"
                disabled={confirm.isPending || (chosen === 'correct' && details.trim() === '')}
              >
                {confirm.isPending ? 'Checking...' : CONFIRM_LINK}
              </Button>
            </Card.Footer>
          </Form>
        </Card>
      )}
    </Container>
  );
}
