import type { UseMutationResult } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { messages } from '../../shared/messages';

/**
 * One switch of an email the product sends on a schedule (the weekly summary of updates, the
 * pipeline's reminders, the saved searches' alert): its label (which the email names too), what it
 * sends and how often, the value being saved while it is saved, and a plain error when it was not.
 */
export function EmailSwitch({
  id,
  label,
  help,
  on,
  save,
}: {
  id: string;
  label: string;
  help: string;
  /** What the server says now. */
  on: boolean;
  save: UseMutationResult<unknown, Error, boolean>;
}) {
  return (
    <>
      <Form.Check
        type="switch"
        id={id}
        role="switch"
        label={label}
        checked={save.isPending ? save.variables : on}
        disabled={save.isPending}
        onChange={(event) => save.mutate(event.currentTarget.checked)}
        aria-describedby={`${id}-help`}
      />
      <Form.Text id={`${id}-help`} className="d-block">
        {help}
      </Form.Text>
      {save.isError ? (
        <Alert variant="danger" className="mt-2 mb-0 py-2 small">
          {messages.anErrorOccurred}
        </Alert>
      ) : null}
    </>
  );
}
