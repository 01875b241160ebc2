import Card from 'react-bootstrap/Card';
import {
  SHARE_RESPONSE_TIMES_HELP,
  SHARE_RESPONSE_TIMES_LABEL,
} from '../../../shared/pipeline/response-times';
import { useMe } from '../../api/get-me';
import { useSetShareResponseTimes } from '../../api/response-times';
import { EmailSwitch } from '../../components/email-switch';

/**
 * The founder's opt-in (issue 52, off by default): their directory investors' dates from Contacted to
 * a reply and to a decision counted in the response times profiles show, with a plain sentence on
 * what is shared and what never is.
 */
export function ShareResponseTimesSetting() {
  const me = useMe();
  const save = useSetShareResponseTimes();
  if (!me.data) return null;
  return (
    <Card className="shadow-sm mb-3">
      <Card.Body>
        <EmailSwitch
          id="share-response-times"
          label={SHARE_RESPONSE_TIMES_LABEL}
          help={SHARE_RESPONSE_TIMES_HELP}
          on={me.data.shareResponseTimes}
          save={save}
        />
      </Card.Body>
    </Card>
  );
}
