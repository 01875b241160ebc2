import { useEffect, useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Table from 'react-bootstrap/Table';
import type { ImportJobView } from '../../../shared/api/imports';
import { importingRow, messages } from '../../../shared/messages';
import { useSettleCancelledImport } from '../../api/cancel-import';
import { errorMessage } from '../../api/client';
import { IMPORT_POLL_MS, isImportFinished, useImportJob, useRecentImports } from '../../api/get-import-job';
import { LoadingMessage } from '../../components/loading-message';
import { useToast } from '../../components/toast/toast-provider';

const count = (n: number) => n.toLocaleString('en-US');
const rows = (n: number) => `${count(n)} row${n === 1 ? '' : 's'}`;

/** The progress line of a job that has not finished. Only 'Importing row X of N...' is from the spec. */
export function importProgressText(job: ImportJobView): string {
  switch (job.status) {
    case 'uploading':
      return 'Waiting for the file...';
    case 'mapping':
      return 'Mapping the imported investors to searchable entries...';
    case 'cancelled':
      return 'Stopping the import...';
    case 'publishing':
      return `Publishing the ${rows(job.writtenRows ?? job.importedRows)} of the cancelled import...`;
    case 'discarding':
      return `Discarding the ${rows(job.writtenRows ?? job.importedRows)} of the cancelled import...`;
    default:
      return job.totalRows === null ? 'Reading the file...' : importingRow(job.processedRows, job.totalRows);
  }
}

/** "about 3 minutes", "about 40 seconds", "less than 5 seconds". */
function duration(seconds: number): string {
  if (seconds < 5) return 'less than 5 seconds';
  if (seconds < 90) return `about ${Math.round(seconds / 5) * 5} seconds`;
  if (seconds < 90 * 60) return `about ${Math.round(seconds / 60)} minutes`;
  return `about ${Math.round(seconds / 360) / 10} hours`;
}

/**
 * The pace of rows being read: rows a second and the time left, from the job's own clock (when rows
 * started, when progress was last written). Null until there is a pace to speak of.
 */
export function importPace(job: ImportJobView): string | null {
  if (job.status !== 'running' || job.totalRows === null || !job.rowsStartedAt || !job.progressAt)
    return null;
  const seconds = (Date.parse(job.progressAt) - Date.parse(job.rowsStartedAt)) / 1000;
  if (!(seconds > 0) || job.processedRows === 0) return null;
  const perSecond = job.processedRows / seconds;
  const left = Math.max(0, job.totalRows - job.processedRows) / perSecond;
  return `${count(Math.round(perSecond))} rows a second · ${duration(left)} left`;
}

/**
 * An import job as it runs: read every second, 'Importing row X of N...' with a progress bar and a
 * Cancel button; once finished, 'Import complete!' (as a toast) with the row errors, or the failure.
 */
export function ImportProgress({
  jobId,
  onCancel,
  cancelling,
  onReset,
}: {
  jobId: string;
  onCancel: () => void;
  cancelling: boolean;
  onReset: () => void;
}) {
  const query = useImportJob(jobId);
  const { showToast } = useToast();
  const toasted = useRef<string | null>(null);
  const job = query.data?.job;

  useEffect(() => {
    if (job?.status === 'succeeded' && toasted.current !== job.id) {
      toasted.current = job.id;
      showToast(messages.importComplete, 'success');
    }
  }, [job?.status, job?.id, showToast]);

  if (!job) {
    if (query.isError) {
      return <Alert variant="danger">{errorMessage(query.error, messages.somethingWentWrong)}</Alert>;
    }
    return <LoadingMessage message="Starting the import..." />;
  }

  if (!isImportFinished(job)) {
    const total = job.totalRows ?? 0;
    const percent = total > 0 ? Math.round((job.processedRows / total) * 100) : 0;
    const pace = importPace(job);
    return (
      <div>
        <p className="mb-2" role="status" aria-live="polite">
          {importProgressText(job)}
        </p>
        <ProgressBar
          now={job.status === 'running' || job.status === 'uploading' ? percent : 100}
          animated
          className="mb-2"
          aria-label="Import progress"
        />
        <p className="small text-body-secondary mb-3">{pace ?? '\u00a0'}</p>
        {job.status === 'running' || job.status === 'uploading' ? (
          <Button variant="outline-danger" onClick={onCancel} disabled={cancelling}>
            {cancelling ? 'Cancelling...' : 'Cancel'}
          </Button>
        ) : null}
      </div>
    );
  }

  return (
    <div>
      {job.status === 'succeeded' ? (
        <Alert variant="success">
          <strong>{messages.importComplete}</strong> {importSummary(job)}
        </Alert>
      ) : null}
      {job.status === 'failed' ? (
        <Alert variant="danger">
          <strong>The import failed.</strong> {job.failureReason ?? messages.somethingWentWrong}
        </Alert>
      ) : null}
      {job.status === 'cancelled' ? <CancelledImport job={job} /> : null}
      {job.status === 'discarded' ? (
        <Alert variant="secondary">
          The import was cancelled and its {rows(job.writtenRows ?? 0)} discarded; nothing of it was
          published.
        </Alert>
      ) : null}
      {job.status === 'succeeded' ? <ImportOutcomeTables job={job} /> : null}
      {job.rowErrors.length > 0 ? <RowErrors job={job} /> : null}
      <Button variant="primary" onClick={onReset}>
        Import another file
      </Button>
    </div>
  );
}

/**
 * A cancelled import's written rows wait, unpublished, for the admin: "Discard the N imported rows"
 * or "Publish them". Nothing to choose when none was written.
 */
export function CancelledImport({ job }: { job: ImportJobView }) {
  const settle = useSettleCancelledImport();
  const { showToast } = useToast();
  const written = job.writtenRows ?? 0;
  const choose = (choice: 'publish' | 'discard') =>
    settle.mutate(
      { jobId: job.id, choice },
      { onError: (error) => showToast(errorMessage(error, messages.somethingWentWrong), 'danger') },
    );
  if (written === 0)
    return (
      <Alert variant="warning">
        The import was cancelled before any row was written; nothing was published.
      </Alert>
    );
  return (
    <Alert variant="warning">
      <p>
        The import of <strong>{job.fileName}</strong> was cancelled after {rows(job.processedRows)} of{' '}
        {count(job.totalRows ?? job.processedRows)}. {rows(written)} {written === 1 ? 'was' : 'were'} written
        and {written === 1 ? 'is' : 'are'} not published: nobody sees {written === 1 ? 'it' : 'them'} until
        you choose.
      </p>
      <div className="d-flex flex-wrap gap-2">
        <Button variant="outline-danger" onClick={() => choose('discard')} disabled={settle.isPending}>
          Discard the {count(written)} imported {written === 1 ? 'row' : 'rows'}
        </Button>
        <Button variant="primary" onClick={() => choose('publish')} disabled={settle.isPending}>
          {written === 1 ? 'Publish it' : 'Publish them'}
        </Button>
      </div>
    </Alert>
  );
}

const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/** Rows the import did not write: exact, whatever the number of errors kept on the job. */
const skippedRows = (job: ImportJobView) => Math.max(0, job.processedRows - job.importedRows);

/**
 * What the import did with every row, in words: "Of 10 rows: 8 new investors added, 1 merged into
 * an investor already in the directory, 1 skipped. 1 value was not used (see below)."
 */
export function importSummary(job: ImportJobView): string {
  const total = job.totalRows ?? job.processedRows;
  const outcomes = job.outcomes;
  if (!outcomes) return `Imported ${count(job.importedRows)} of ${rows(total)}.`;
  const parts = [plural(outcomes.added, 'new investor added', 'new investors added')];
  if (outcomes.merged > 0)
    parts.push(
      `${count(outcomes.merged)} merged into ${outcomes.merged === 1 ? 'an investor' : 'investors'} already in the directory`,
    );
  if (outcomes.withdrawn > 0)
    parts.push(`${count(outcomes.withdrawn)} left out (the investor withdrew their listing)`);
  const skipped = skippedRows(job);
  if (skipped > 0) parts.push(`${count(skipped)} skipped`);
  const values =
    job.droppedValues > 0
      ? ` ${plural(job.droppedValues, 'value was', 'values were')} not used (see below).`
      : '';
  return `Of ${rows(total)}: ${parts.join(', ')}.${values}`;
}

/** "Showing the first 200 of 1,204." when a list on the job is cut. */
function shownOf(shown: number, total: number) {
  return shown < total ? (
    <p className="small text-body-secondary mb-1">
      Showing the first {count(shown)} of {count(total)}.
    </p>
  ) : null;
}

/** The rows merged into an existing investor, and the values not used, each as a table. */
function ImportOutcomeTables({ job }: { job: ImportJobView }) {
  const merged = job.outcomes?.mergedRows ?? [];
  return (
    <>
      {merged.length > 0 ? (
        <section aria-labelledby={`${job.id}-merged`}>
          <h3 className="h6" id={`${job.id}-merged`}>
            Merged into an investor already in the directory ({count(job.outcomes?.merged ?? 0)})
          </h3>
          {shownOf(merged.length, job.outcomes?.merged ?? 0)}
          <div className="table-responsive mb-3">
            <Table size="sm" striped bordered className="small mb-0" aria-labelledby={`${job.id}-merged`}>
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Name</th>
                  <th scope="col">Merged into</th>
                </tr>
              </thead>
              <tbody>
                {merged.map((row) => (
                  <tr key={row.row}>
                    <td>{row.row}</td>
                    <td>{row.name}</td>
                    <td>
                      {row.into}
                      {row.intoRow !== null ? ` (row ${row.intoRow} of this file)` : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        </section>
      ) : null}
      {job.valueNotices.length > 0 ? (
        <section aria-labelledby={`${job.id}-values`}>
          <h3 className="h6" id={`${job.id}-values`}>
            Values not used ({count(job.droppedValues)})
          </h3>
          <p className="small text-body-secondary mb-1">
            Each is kept with the investor&apos;s other details, where the Mapping Debugger shows it.
          </p>
          {shownOf(job.valueNotices.length, job.droppedValues)}
          <div className="table-responsive mb-3">
            <Table size="sm" striped bordered className="small mb-0" aria-labelledby={`${job.id}-values`}>
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Column</th>
                  <th scope="col">Value</th>
                  <th scope="col">Why</th>
                </tr>
              </thead>
              <tbody>
                {job.valueNotices.map((notice) => (
                  <tr key={`${notice.row}-${notice.column}-${notice.value}`}>
                    <td>{notice.row}</td>
                    <td>{notice.column}</td>
                    <td className="text-break">{notice.value}</td>
                    <td>{notice.reason}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        </section>
      ) : null}
    </>
  );
}

function RowErrors({ job }: { job: ImportJobView }) {
  const errors = job.rowErrors;
  const skipped = Math.max(skippedRows(job), errors.length);
  return (
    <section aria-labelledby={`${job.id}-skipped`}>
      <h3 className="h6" id={`${job.id}-skipped`}>
        Rows skipped ({count(skipped)})
      </h3>
      {shownOf(errors.length, skipped)}
      <div className="table-responsive mb-3">
        <Table size="sm" striped bordered className="small mb-0" aria-labelledby={`${job.id}-skipped`}>
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {errors.map((error) => (
              <tr key={`${error.row}-${error.reason}`}>
                <td>{error.row}</td>
                <td>{error.reason}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </section>
  );
}

/**
 * Cancelled imports still waiting for a choice (closing the importer cancels and reloads, so the
 * choice must outlive the page), and choices being carried out.
 */
export function WaitingImports() {
  const recent = useRecentImports();
  const waiting = (recent.data?.jobs ?? []).filter(
    (job) =>
      (job.status === 'cancelled' && job.writtenRows !== 0) ||
      job.status === 'publishing' ||
      job.status === 'discarding',
  );
  const working = waiting.some((job) => !isImportFinished(job));
  const { refetch } = recent;
  useEffect(() => {
    if (!working) return;
    const timer = setInterval(() => void refetch(), IMPORT_POLL_MS * 2);
    return () => clearInterval(timer);
  }, [working, refetch]);
  if (waiting.length === 0) return null;
  return (
    <section aria-label="Cancelled imports" className="mt-3">
      <h3 className="h6">Cancelled imports</h3>
      {waiting.map((job) =>
        isImportFinished(job) ? (
          <CancelledImport key={job.id} job={job} />
        ) : (
          <p key={job.id} className="small" role="status">
            {importProgressText(job)}
          </p>
        ),
      )}
    </section>
  );
}
