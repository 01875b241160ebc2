import { useEffect, useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Table from 'react-bootstrap/Table';
import type { ImportJobView } from '../../../shared/api/imports';
import { importingRow, messages } from '../../../shared/messages';
import { errorMessage } from '../../api/client';
import { isImportFinished, useImportJob } from '../../api/get-import-job';
import { LoadingMessage } from '../../components/loading-message';
import { useToast } from '../../components/toast/toast-provider';

/** The progress line of a job that has not finished. Only 'Importing row X of N...' is from the spec. */
export function importProgressText(job: ImportJobView): string {
  switch (job.status) {
    case 'uploading':
      return 'Waiting for the file...';
    case 'mapping':
      return 'Mapping the imported investors to searchable entries...';
    default:
      return job.totalRows === null ? 'Reading the file...' : importingRow(job.processedRows, job.totalRows);
  }
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
    return (
      <div>
        <p className="mb-2" role="status" aria-live="polite">
          {importProgressText(job)}
        </p>
        <ProgressBar
          now={job.status === 'mapping' ? 100 : percent}
          animated
          className="mb-3"
          aria-label="Import progress"
        />
        <Button variant="outline-danger" onClick={onCancel} disabled={cancelling}>
          {cancelling ? 'Cancelling...' : 'Cancel'}
        </Button>
      </div>
    );
  }

  return (
    <div>
      {job.status === 'succeeded' ? (
        <Alert variant="success">
          <strong>{messages.importComplete}</strong> Imported {job.importedRows.toLocaleString('en-US')} of{' '}
          {(job.totalRows ?? job.processedRows).toLocaleString('en-US')} rows.
        </Alert>
      ) : null}
      {job.status === 'failed' ? (
        <Alert variant="danger">
          <strong>The import failed.</strong> {job.failureReason ?? messages.somethingWentWrong}
        </Alert>
      ) : null}
      {job.status === 'cancelled' ? (
        <Alert variant="warning">
          The import was cancelled after {job.processedRows.toLocaleString('en-US')} rows; the rows imported
          so far stay.
        </Alert>
      ) : null}
      {job.rowErrors.length > 0 ? <RowErrors errors={job.rowErrors} /> : null}
      <Button variant="primary" onClick={onReset}>
        Import another file
      </Button>
    </div>
  );
}

function RowErrors({ errors }: { errors: ImportJobView['rowErrors'] }) {
  return (
    <>
      <h3 className="h6">Rows not imported ({errors.length.toLocaleString('en-US')})</h3>
      <div className="mb-3">
        <Table size="sm" striped bordered className="small mb-0">
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
    </>
  );
}
