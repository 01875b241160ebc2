import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { messages } from '../../../shared/messages';
import { useMe } from '../../api/get-me';
import { useSetPipelineReminders } from '../../api/pipeline';

/** The label of the daily reminders' switch: the email names it too. */
export const PIPELINE_REMINDERS_LABEL = 'Next-step reminder emails';

/**
 * The account's switch for the pipeline's reminders (issue 36): at most one email a day, only when a
 * next step is due (today or overdue).
 */
export function PipelineRemindersSetting() {
  const me = useMe();
  const setReminders = useSetPipelineReminders();
  if (!me.data) return null;
  const enabled = setReminders.isPending ? setReminders.variables : me.data.pipelineReminders;
  return (
    <Card className="shadow-sm mb-4">
      <Card.Body>
        <Form.Check
          type="switch"
          id="pipeline-reminders"
          role="switch"
          label={PIPELINE_REMINDERS_LABEL}
          checked={enabled}
          disabled={setReminders.isPending}
          onChange={(event) => setReminders.mutate(event.currentTarget.checked)}
          aria-describedby="pipeline-reminders-help"
        />
        <Form.Text id="pipeline-reminders-help" className="d-block">
          At most one email a day, when a next step in your fundraising pipeline is due.
        </Form.Text>
        {setReminders.isError ? (
          <Alert variant="danger" className="mt-2 mb-0 py-2 small">
            {messages.anErrorOccurred}
          </Alert>
        ) : null}
      </Card.Body>
    </Card>
  );
}
