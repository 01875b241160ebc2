import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Table from 'react-bootstrap/Table';
import { Link, useParams } from 'react-router-dom';
import type { ImportLine, ImportRow, RowMatch } from '../../../shared/api/pipeline';
import { previewCell, previewRows } from '../../../shared/import/preview';
import { messages } from '../../../shared/messages';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_LIMIT_NOTE,
  IMPORT_PAGE_ROWS,
  matchImportHeaders,
  PIPELINE_IMPORT_FIELDS,
  type PipelineImportField,
  rowFields,
} from '../../../shared/pipeline/import-rows';
import { errorMessage } from '../../api/client';
import { importPipelineRows, matchImportRows, usePipeline } from '../../api/pipeline';
import { RequireUser } from '../../auth/guards';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';
import { CsvDropZone } from '../admin/csv-drop-zone';
import { readSpreadsheet, type SpreadsheetFile } from './import-file';

/** `/projects/{projectId}/pipeline/import`: the founder's spreadsheet into the pipeline. */
export function PipelineImportPage() {
  return (
    <RequireUser>
      <Container className="pipeline-import">
        <PipelineImport />
      </Container>
    </RequireUser>
  );
}

type Decision = 'accept' | 'reject';

const OUTCOME_LABELS: Record<ImportLine['outcome'], string> = {
  added: 'Added from the directory',
  addedPrivate: 'Added as your contact',
  skipped: 'Skipped',
  failed: 'Not imported',
};

/** "1 row", "3 rows", "2,000 rows". */
const rowCount = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'}`;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function PipelineImport() {
  const { projectId = '' } = useParams();
  const pipeline = usePipeline(projectId);
  useDocumentTitle('Import a spreadsheet');
  const [file, setFile] = useState<{ name: string; sheet: SpreadsheetFile } | null>(null);
  const [fields, setFields] = useState<(PipelineImportField | null)[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [matches, setMatches] = useState<RowMatch[] | null>(null);
  const [decisions, setDecisions] = useState<Record<number, Decision>>({});
  const [progress, setProgress] = useState<{
    done: number;
    total: number;
    step: 'matching' | 'importing';
  } | null>(null);
  const [report, setReport] = useState<ImportLine[] | null>(null);

  const rows: ImportRow[] = useMemo(() => {
    if (!file) return [];
    return file.sheet.rows.map((cells, index) => {
      const fieldsOfRow = rowFields(cells, fields);
      // Numbered as the admin import numbers rows: the first row after the header is row 1.
      return { row: index + 1, ...fieldsOfRow } as ImportRow;
    });
  }, [file, fields]);

  const choose = async (chosen: File) => {
    setProblem(null);
    setMatches(null);
    setReport(null);
    setDecisions({});
    try {
      const sheet = await readSpreadsheet(chosen);
      setFile({ name: chosen.name, sheet });
      setFields(matchImportHeaders(sheet.headers));
    } catch (error) {
      setFile(null);
      setProblem(error instanceof Error ? error.message : messages.somethingWentWrong);
    }
  };

  const findMatches = async () => {
    setProblem(null);
    const found: RowMatch[] = [];
    try {
      const pages = chunks(rows, IMPORT_PAGE_ROWS);
      setProgress({ done: 0, total: rows.length, step: 'matching' });
      for (const page of pages) {
        found.push(...(await matchImportRows(projectId, page)).rows);
        setProgress({ done: found.length, total: rows.length, step: 'matching' });
      }
      setMatches(found);
      // Email matches start accepted; name-and-firm matches wait for the founder's word.
      setDecisions(
        Object.fromEntries(
          found.filter((m) => m.match?.by === 'email').map((m) => [m.row, 'accept' as Decision]),
        ),
      );
    } catch (error) {
      setProblem(errorMessage(error, messages.somethingWentWrong));
    } finally {
      setProgress(null);
    }
  };

  const runImport = async () => {
    if (!matches) return;
    setProblem(null);
    const lines: ImportLine[] = [];
    const accepted = new Map(
      matches
        .filter((m) => m.match && decisions[m.row] === 'accept')
        .map((m) => [m.row, m.match?.investor.id ?? '']),
    );
    try {
      setProgress({ done: 0, total: rows.length, step: 'importing' });
      for (const page of chunks(rows, IMPORT_PAGE_ROWS)) {
        const pageAccepted = page
          .filter((row) => accepted.has(row.row))
          .map((row) => ({ row: row.row, investorId: accepted.get(row.row) ?? '' }));
        lines.push(...(await importPipelineRows(projectId, page, pageAccepted)).lines);
        setProgress({ done: lines.length, total: rows.length, step: 'importing' });
      }
      setReport(lines);
      await pipeline.refetch();
    } catch (error) {
      setReport(lines.length > 0 ? lines : null);
      setProblem(
        `${errorMessage(error, messages.somethingWentWrong)} The rows imported so far are in your pipeline; import the file again to add the rest (rows already there are skipped).`,
      );
    } finally {
      setProgress(null);
    }
  };

  const withMatch = matches?.filter((m) => m.match !== null) ?? [];
  const undecided = withMatch.filter((m) => decisions[m.row] === undefined).length;
  const noName = !fields.includes('name') && !(fields.includes('firstName') || fields.includes('lastName'));
  const project = pipeline.data?.project;

  return (
    <>
      <p className="small mb-1">
        {project ? (
          <Link to={paths.pipeline.href(project.id)}>Back to the pipeline of {project.name}</Link>
        ) : null}
      </p>
      <h1 className="h2">Import a spreadsheet</h1>
      <p className="text-body-secondary">
        {IMPORT_LIMIT_NOTE} Rows we find in the directory are shown for you to confirm; the others become your
        own contacts, which only you see. Nothing you import is shared, sold or added to the directory.
      </p>

      {report === null ? (
        <CsvDropZone onFile={(chosen) => void choose(chosen)} disabled={progress !== null} />
      ) : null}
      {problem ? (
        <Alert variant="danger" className="mt-3">
          {problem}
        </Alert>
      ) : null}

      {file && report === null ? (
        <section className="mt-4" aria-labelledby="import-preview-title">
          <h2 className="h5" id="import-preview-title">
            {file.name}: {rowCount(file.sheet.rows.length)}
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
                          const value = event.currentTarget.value as PipelineImportField | '';
                          setMatches(null);
                          setFields((current) => current.map((f, i) => (i === index ? value || null : f)));
                        }}
                      >
                        <option value="">Leave out</option>
                        {PIPELINE_IMPORT_FIELDS.map((field) => (
                          <option key={field} value={field}>
                            {IMPORT_FIELD_LABELS[field]}
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
          {matches === null ? (
            <Button onClick={() => void findMatches()} disabled={progress !== null || noName}>
              Find these investors in the directory
            </Button>
          ) : null}
        </section>
      ) : null}

      {progress ? (
        <div className="mt-3" role="status">
          <p className="mb-1">
            {progress.step === 'matching' ? 'Matching' : 'Importing'} row{' '}
            {progress.done.toLocaleString('en-US')} of {progress.total.toLocaleString('en-US')}...
          </p>
          <ProgressBar now={progress.total ? (100 * progress.done) / progress.total : 0} aria-hidden="true" />
        </div>
      ) : null}

      {matches && report === null ? (
        <section className="mt-4" aria-labelledby="import-matches-title">
          <h2 className="h5" id="import-matches-title">
            {withMatch.length === 0
              ? 'None of these rows is in the directory'
              : withMatch.length === 1
                ? '1 row may be an investor of the directory'
                : `${rowCount(withMatch.length)} may be investors of the directory`}
          </h2>
          {withMatch.length > 0 ? (
            <>
              <p className="small">
                Accept a match to track the directory's investor (their public profile; contact details only
                if you bought them). Reject it to keep the row as your own contact.
              </p>
              <div className="d-flex gap-2 mb-2">
                <Button
                  size="sm"
                  variant="outline-primary"
                  onClick={() =>
                    setDecisions(Object.fromEntries(withMatch.map((m) => [m.row, 'accept' as Decision])))
                  }
                >
                  Accept all
                </Button>
              </div>
              <ul className="list-unstyled import-matches">
                {withMatch.map((m) => {
                  const row = rows.find((r) => r.row === m.row);
                  const card = m.match?.investor;
                  return (
                    <li key={m.row} className="border rounded p-2 mb-2">
                      <fieldset>
                        <legend className="fs-6 mb-1">
                          Row {m.row}: {row?.name ?? row?.email ?? ''}
                          {row?.firm ? `, ${row.firm}` : ''}
                        </legend>
                        <p className="small mb-1">
                          Directory: <strong>{card?.name}</strong>
                          {card?.firmName ? `, ${card.firmName}` : ''}
                          {card?.title ? ` (${card.title})` : ''} · matched by{' '}
                          {m.match?.by === 'email' ? 'email' : 'name and firm'}
                          {m.inPipeline ? ' · already in your pipeline' : ''}
                        </p>
                        <Form.Check
                          inline
                          type="radio"
                          id={`match-${m.row}-accept`}
                          name={`match-${m.row}`}
                          label="Accept"
                          checked={decisions[m.row] === 'accept'}
                          onChange={() => setDecisions((d) => ({ ...d, [m.row]: 'accept' }))}
                        />
                        <Form.Check
                          inline
                          type="radio"
                          id={`match-${m.row}-reject`}
                          name={`match-${m.row}`}
                          label="Reject"
                          checked={decisions[m.row] === 'reject'}
                          onChange={() => setDecisions((d) => ({ ...d, [m.row]: 'reject' }))}
                        />
                      </fieldset>
                    </li>
                  );
                })}
              </ul>
            </>
          ) : null}
          {undecided > 0 ? (
            <p className="small text-body-secondary">Accept or reject each match ({undecided} left).</p>
          ) : null}
          <Button onClick={() => void runImport()} disabled={progress !== null || undecided > 0}>
            Import {rowCount(rows.length)}
          </Button>
        </section>
      ) : null}

      {report ? (
        <section className="mt-4" aria-labelledby="import-report-title">
          <h2 className="h5" id="import-report-title">
            Import finished
          </h2>
          <p>
            {(['added', 'addedPrivate', 'skipped', 'failed'] as const)
              .map(
                (outcome) =>
                  `${OUTCOME_LABELS[outcome]}: ${report.filter((l) => l.outcome === outcome).length}`,
              )
              .join(' · ')}
          </p>
          {project ? (
            <Link to={paths.pipeline.href(project.id)} className="btn btn-primary mb-3">
              Open the pipeline
            </Link>
          ) : null}
          <div className="table-responsive">
            <Table size="sm" className="small import-report">
              <caption className="visually-hidden">What happened to each row</caption>
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Outcome</th>
                  <th scope="col">Details</th>
                </tr>
              </thead>
              <tbody>
                {report.map((line) => (
                  <tr key={line.row}>
                    <td>{line.row}</td>
                    <td className="text-nowrap">{OUTCOME_LABELS[line.outcome]}</td>
                    <td>{line.message}</td>
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
