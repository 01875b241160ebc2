import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { Link } from 'react-router-dom';
import type { PipelineEntry } from '../../../shared/api/pipeline';
import { coverageSummary, leadSummary, roundCoverage } from '../../../shared/pipeline/coverage';
import { paths } from '../../config/paths';

/**
 * The round's coverage on the pipeline page (issue 52): committed and soft-circled (Term sheet)
 * amounts against the raise, where the lead stands (and the choice of the lead), and the investors
 * to follow up first this week. Computed in the browser from the board (shared/pipeline/coverage.ts).
 */
export function RoundCoverage({
  projectId,
  entries,
  raiseAmountUsd,
  today,
  busy,
  onOpen,
  onChooseLead,
}: {
  projectId: string;
  entries: readonly PipelineEntry[];
  raiseAmountUsd: number | null;
  today: string;
  busy: boolean;
  onOpen: (entry: PipelineEntry) => void;
  /** The entry to mark as the lead, or null for none: the page unmarks any other. */
  onChooseLead: (entry: PipelineEntry | null) => void;
}) {
  const leadSelectId = useId();
  const coverage = roundCoverage(entries, raiseAmountUsd, today, new Date());
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const candidates = entries.filter((entry) => entry.stage !== 'passed');
  const currentLead = coverage.leads[0]?.entryId ?? '';
  const committedShare =
    coverage.raise === null ? 0 : Math.min(100, (coverage.committed / coverage.raise) * 100);
  const softShare =
    coverage.raise === null
      ? 0
      : Math.min(100 - committedShare, (coverage.softCircled / coverage.raise) * 100);

  return (
    <Card className="shadow-sm mb-3" as="section" aria-labelledby={`${leadSelectId}-heading`}>
      <Card.Body>
        <h2 className="h5" id={`${leadSelectId}-heading`}>
          Round coverage
        </h2>
        <p className="fw-semibold mb-2" data-testid="coverage-summary">
          {coverageSummary(coverage)}
        </p>
        {coverage.raise !== null ? (
          <ProgressBar className="mb-2" aria-hidden="true">
            <ProgressBar now={committedShare} variant="success" key="committed" />
            <ProgressBar now={softShare} variant="info" key="soft" />
          </ProgressBar>
        ) : (
          <p className="small mb-2">
            <Link to={paths.project.href(projectId)}>Set the amount of your raise</Link> to see how much of it
            is covered.
          </p>
        )}
        <p className="small text-body-secondary mb-3">
          Soft-circled: investors at Term sheet.
          {coverage.withoutAmount > 0
            ? ` ${coverage.withoutAmount} committed or at Term sheet without an amount: add it in their panel.`
            : ''}
        </p>

        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <span className="fw-semibold" data-testid="lead-summary">
            {leadSummary(coverage)}
          </span>
          <Form.Label htmlFor={leadSelectId} className="small mb-0 ms-sm-3">
            Lead investor
          </Form.Label>
          <Form.Select
            id={leadSelectId}
            size="sm"
            className="w-auto mw-100"
            value={currentLead}
            disabled={busy || candidates.length === 0}
            onChange={(event) => onChooseLead(byId.get(event.target.value) ?? null)}
          >
            <option value="">No lead yet</option>
            {candidates.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.firm ? `${entry.name} (${entry.firm})` : entry.name}
              </option>
            ))}
          </Form.Select>
        </div>

        <h3 className="h6">Follow up this week</h3>
        {coverage.followUps.length === 0 ? (
          <p className="small mb-0">Nobody is waiting on you: no overdue next step, no unanswered email.</p>
        ) : (
          <ul className="list-unstyled mb-0" aria-label="Follow up this week">
            {coverage.followUps.map((followUp) => {
              const entry = byId.get(followUp.entryId);
              return (
                <li key={followUp.entryId} className="d-flex flex-wrap align-items-baseline gap-2 mb-1">
                  <Button
                    variant="link"
                    className="p-0 align-baseline"
                    onClick={() => entry && onOpen(entry)}
                  >
                    {followUp.name}
                  </Button>
                  <span className="small text-body-secondary">{followUp.text}</span>
                </li>
              );
            })}
          </ul>
        )}
      </Card.Body>
    </Card>
  );
}
