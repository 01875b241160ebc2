import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { messages } from '../../../shared/messages';
import { useMe } from '../../api/get-me';
import { useSetUpdateEmails } from '../../api/update-emails';

/** The label of the weekly summary's switch: the email names it too. */
export const UPDATE_EMAILS_LABEL = 'Weekly update emails';

/**
 * The account's switch for the weekly summary of updates to bought contacts (issue 20): at most one
 * email a week, only when something the founder bought changed.
 */
export function UpdateEmailsSetting() {
  const me = useMe();
  const setUpdateEmails = useSetUpdateEmails();
  if (!me.data) return null;
  const enabled = setUpdateEmails.isPending ? setUpdateEmails.variables : me.data.updateEmails;
  return (
    <Card className="shadow-sm mb-4">
      <Card.Body>
        <Form.Check
          type="switch"
          id="update-emails"
          role="switch"
          label={UPDATE_EMAILS_LABEL}
          checked={enabled}
          disabled={setUpdateEmails.isPending}
          onChange={(event) => setUpdateEmails.mutate(event.currentTarget.checked)}
          aria-describedby="update-emails-help"
        />
        <Form.Text id="update-emails-help" className="d-block">
          At most one email a week when contacts you bought change (free for 12 months after each purchase).
        </Form.Text>
        {setUpdateEmails.isError ? (
          <Alert variant="danger" className="mt-2 mb-0 py-2 small">
            {messages.anErrorOccurred}
          </Alert>
        ) : null}
      </Card.Body>
    </Card>
  );
}
