import Card from 'react-bootstrap/Card';
import { useMe } from '../../api/get-me';
import { useSetPipelineReminders } from '../../api/pipeline';
import { EmailSwitch } from '../../components/email-switch';

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
  return (
    <Card className="shadow-sm mb-4">
      <Card.Body>
        <EmailSwitch
          id="pipeline-reminders"
          label={PIPELINE_REMINDERS_LABEL}
          help="At most one email a day, when a next step in your fundraising pipeline is due."
          on={me.data.pipelineReminders}
          save={setReminders}
        />
      </Card.Body>
    </Card>
  );
}
