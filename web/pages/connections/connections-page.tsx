import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router-dom';
import { CONNECTIONS_PAGE_ROWS, type ConnectionLine } from '../../../shared/api/network';
import { previewCell, previewRows } from '../../../shared/import/preview';
import { messages } from '../../../shared/messages';
import {
  CONNECTION_FIELD_LABELS,
  CONNECTION_FIELDS,
  CONNECTIONS_LIMIT_NOTE,
  type ConnectionField,
  connectionRow,
  matchConnectionHeaders,
} from '../../../shared/network/connections';
import { errorMessage } from '../../api/client';
import { uploadConnections, useConnections, useDeleteConnections } from '../../api/connections';
import { RequireUser } from '../../auth/guards';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';
import { CsvDropZone } from '../admin/csv-drop-zone';
import { type ConnectionsFile, readConnectionsFile } from './connections-file';

/** `/account/connections`: a founder's own connections, for warm paths (issue 52). */
export function ConnectionsPage() {
  useDocumentTitle('Your connections');
  return (
    <RequireUser>
      <Container className="connections-page">
        <Connections />
      </Container>
    </RequireUser>
  );
}

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function Connections() {
  const summary = useConnections();
  const remove = useDeleteConnections();
  const [file, setFile] = useState<{ name: string; sheet: ConnectionsFile } | null>(null);
  const [fields, setFields] = useState<(ConnectionField | null)[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [report, setReport] = useState<ConnectionLine[] | null>(null);
  const [deleted, setDeleted] = useState(false);

  const rows = useMemo(
    () => (file ? file.sheet.rows.map((cells, index) => connectionRow(index + 1, cells, fields)) : []),
    [file, fields],
  );
  const noName = file !== null && !fields.some((f) => f === 'name' || f === 'firstName' || f === 'lastName');

  const choose = async (chosen: File) => {
    setProblem(null);
    setReport(null);
    setDeleted(false);
    try {
      const sheet = await readConnectionsFile(chosen);
      setFile({ name: chosen.name, sheet });
      setFields(matchConnectionHeaders(sheet.headers));
    } catch (error) {
      setFile(null);
      setProblem(error instanceof Error ? error.message : messages.somethingWentWrong);
    }
  };

  const upload = async () => {
    if (!file) return;
    setProblem(null);
    const lines: ConnectionLine[] = [];
    try {
      setProgress({ done: 0, total: rows.length });
      let first = true;
      for (const page of chunks(rows, CONNECTIONS_PAGE_ROWS)) {
        const answer = await uploadConnections({
          replace: first,
          fileName: file.name.slice(0, 200),
          rows: page,
        });
        first = false;
        lines.push(...answer.lines);
        setProgress({ done: lines.length, total: rows.length });
      }
      setReport(lines);
      setFile(null);
    } catch (error) {
      setReport(lines.length > 0 ? lines : null);
      setProblem(
        `${errorMessage(error, messages.somethingWentWrong)} The rows uploaded so far are kept; upload the file again to replace them with all of it.`,
      );
    } finally {
      setProgress(null);
      await summary.refetch();
    }
  };

  const kept = summary.data?.count ?? 0;
  const skipped = report?.filter((line) => line.outcome === 'skipped') ?? [];

  return (
    <>
      <p className="small mb-1">
        <Link to={paths.account.href()}>Back to your account</Link>
      </p>
      <h1 className="h2">Your connections</h1>
      <p>
        Upload your LinkedIn connections (or any list of contacts) to see who can introduce you: the
        shortlist, the search and investor profiles then show "You know 2 people there" where someone you know
        is the investor, works at their firm, or founded or works at a company in their portfolio.
      </p>
      <p className="text-body-secondary small">
        Your connections are yours alone: only you see them, we never share or sell them, and we never email
        them. An intro request is an email you send yourself. {CONNECTIONS_LIMIT_NOTE} On LinkedIn: Settings,
        Data privacy, "Get a copy of your data", Connections.
      </p>

      <section className="mb-4" aria-labelledby="connections-kept-title">
        <h2 className="h5" id="connections-kept-title">
          What you keep
        </h2>
        {summary.isPending ? (
          <p role="status">Loading your connections...</p>
        ) : summary.isError ? (
          <Alert variant="danger">{errorMessage(summary.error, messages.somethingWentWrong)}</Alert>
        ) : (
          <div className="d-flex flex-wrap align-items-center gap-3">
            <p className="mb-0" data-testid="connections-count">
              {kept === 0
                ? 'No connections uploaded.'
                : `${count(kept, 'connection', 'connections')}${summary.data.fileName ? ` from ${summary.data.fileName}` : ''}.`}
            </p>
            {kept > 0 ? (
              <Button
                variant="outline-danger"
                size="sm"
                disabled={remove.isPending || progress !== null}
                onClick={() =>
                  remove.mutate(undefined, {
                    onSuccess: () => {
                      setDeleted(true);
                      setReport(null);
                    },
                  })
                }
              >
                Delete my connections
              </Button>
            ) : null}
          </div>
        )}
        {deleted ? (
          <Alert variant="success" className="mt-2">
            Your connections are deleted.
          </Alert>
        ) : null}
        {remove.isError ? (
          <Alert variant="danger" className="mt-2">
            {errorMessage(remove.error, messages.somethingWentWrong)}
          </Alert>
        ) : null}
      </section>

      <section aria-labelledby="connections-upload-title">
        <h2 className="h5" id="connections-upload-title">
          {kept > 0 ? 'Replace them with a new file' : 'Upload your connections'}
        </h2>
        <CsvDropZone onFile={(chosen) => void choose(chosen)} disabled={progress !== null} />
      </section>
      {problem ? (
        <Alert variant="danger" className="mt-3">
          {problem}
        </Alert>
      ) : null}

      {file ? (
        <section className="mt-4" aria-labelledby="connections-preview-title">
          <h2 className="h5" id="connections-preview-title">
            {file.name}: {count(file.sheet.rows.length, 'row', 'rows')}
          </h2>
          <p className="small">Check which column feeds which field. The first 20 rows are shown.</p>
          {noName ? (
            <Alert variant="warning">
              No column gives a name: choose the Name column (or First name and Last name).
            </Alert>
          ) : null}
          <div className="table-responsive">
            <Table size="sm" bordered className="small import-preview">
              <thead>
                <tr>
                  {file.sheet.headers.map((header, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                    <th key={index} scope="col">
                      <div className="text-nowrap">{previewCell(header)}</div>
                      <Form.Select
                        size="sm"
                        aria-label={`Field of column ${header}`}
                        value={fields[index] ?? ''}
                        onChange={(event) => {
                          const value = event.currentTarget.value as ConnectionField | '';
                          setFields((current) => current.map((f, i) => (i === index ? value || null : f)));
                        }}
                      >
                        <option value="">Leave out</option>
                        {CONNECTION_FIELDS.map((field) => (
                          <option key={field} value={field}>
                            {CONNECTION_FIELD_LABELS[field]}
                          </option>
                        ))}
                      </Form.Select>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {previewRows(file.sheet.rows).map((cells, r) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: preview rows are positional
                  <tr key={r}>
                    {file.sheet.headers.map((_, c) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                      <td key={c}>{cells[c] ?? ''}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
          <Button onClick={() => void upload()} disabled={progress !== null || noName}>
            {kept > 0 ? 'Replace my connections with ' : 'Upload '}
            {count(rows.length, 'row', 'rows')}
          </Button>
        </section>
      ) : null}

      {progress ? (
        <div className="mt-3" role="status">
          <p className="mb-1">
            Uploading row {progress.done.toLocaleString('en-US')} of {progress.total.toLocaleString('en-US')}
            ...
          </p>
          <ProgressBar now={progress.total ? (100 * progress.done) / progress.total : 0} aria-hidden="true" />
        </div>
      ) : null}

      {report ? (
        <section className="mt-4" aria-labelledby="connections-report-title">
          <h2 className="h5" id="connections-report-title">
            Upload finished
          </h2>
          <p>
            Kept: {(report.length - skipped.length).toLocaleString('en-US')} · Skipped:{' '}
            {skipped.length.toLocaleString('en-US')}
          </p>
          {skipped.length > 0 ? (
            <div className="table-responsive">
              <Table size="sm" className="small import-report">
                <caption className="visually-hidden">The rows that were skipped, and why</caption>
                <thead>
                  <tr>
                    <th scope="col">Row</th>
                    <th scope="col">Why it was skipped</th>
                  </tr>
                </thead>
                <tbody>
                  {skipped.slice(0, 200).map((line) => (
                    <tr key={line.row}>
                      <td>{line.row}</td>
                      <td>{line.message}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
