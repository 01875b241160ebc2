import Card from 'react-bootstrap/Card';
import { useMe } from '../../api/get-me';
import { useSetUpdateEmails } from '../../api/update-emails';
import { EmailSwitch } from '../../components/email-switch';

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
  return (
    <Card className="shadow-sm mb-4">
      <Card.Body>
        <EmailSwitch
          id="update-emails"
          label={UPDATE_EMAILS_LABEL}
          help="At most one email a week when contacts you bought change (free for 12 months after each purchase)."
          on={me.data.updateEmails}
          save={setUpdateEmails}
        />
      </Card.Body>
    </Card>
  );
}
