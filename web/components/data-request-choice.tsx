import Form from 'react-bootstrap/Form';
import { CORRECTION_DETAILS_MAX_LENGTH, type DataRequestAction } from '../../shared/privacy/data-requests';

/**
 * What a listed person asks for in "This is me" (issues 30 and 48): hidden from founders, or a
 * correction with what is wrong. One form for the profile's dialog and the emailed link's page.
 */
export function DataRequestChoice({
  idPrefix,
  action,
  onAction,
  details,
  onDetails,
  legendClassName,
}: {
  /** Prefix of the inputs' ids (unique on the page). */
  idPrefix: string;
  action: DataRequestAction;
  onAction: (action: DataRequestAction) => void;
  details: string;
  onDetails: (details: string) => void;
  legendClassName: string;
}) {
  return (
    <>
      <fieldset className="mb-3">
        <legend className={legendClassName}>What would you like?</legend>
        <Form.Check
          type="radio"
          id={`${idPrefix}-hide`}
          name={`${idPrefix}-action`}
          label="Hide me from founders (at once: search, my profile and future exports)"
          checked={action === 'hide'}
          onChange={() => onAction('hide')}
        />
        <Form.Check
          type="radio"
          id={`${idPrefix}-correct`}
          name={`${idPrefix}-action`}
          label="Correct my data (our admins fix it)"
          checked={action === 'correct'}
          onChange={() => onAction('correct')}
        />
      </fieldset>
      {action === 'correct' ? (
        <Form.Group controlId={`${idPrefix}-details`} className="mb-3">
          <Form.Label>What is wrong, and what should it say?</Form.Label>
          <Form.Control
            as="textarea"
            rows={4}
            maxLength={CORRECTION_DETAILS_MAX_LENGTH}
            value={details}
            onChange={(e) => onDetails(e.target.value)}
          />
        </Form.Group>
      ) : null}
    </>
  );
}
