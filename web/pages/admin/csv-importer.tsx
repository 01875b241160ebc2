import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import CloseButton from 'react-bootstrap/CloseButton';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import type { CreateImportBody } from '../../../shared/api/imports';
import {
  buildImportedInvestorWithNotices,
  type ValueNotice,
} from '../../../shared/import/build-imported-investor';
import {
  columnsFromHeaders,
  hasUsableNameColumn,
  type ImportColumn,
} from '../../../shared/import/header-matching';
import {
  IMPORT_FILE_LIMIT_NOTE,
  IMPORT_FILE_TOO_LARGE,
  MAX_IMPORT_FILE_BYTES,
} from '../../../shared/import/limits';
import type { ImportedInvestorDraft } from '../../../shared/investors/types';
import { messages } from '../../../shared/messages';
import { cancelImport, useCancelImport } from '../../api/cancel-import';
import { errorMessage } from '../../api/client';
import { createImport } from '../../api/create-import';
import { isImportFinished, useImportJob } from '../../api/get-import-job';
import { startImport } from '../../api/start-import';
import { uploadImportFile } from '../../api/upload-import-file';
import { useAuth } from '../../auth/auth-provider';
import { useToast } from '../../components/toast/toast-provider';
import { CsvColumnEditor } from './csv-column-editor';
import { CsvDropZone } from './csv-drop-zone';
import { type CsvPreview, looksLikeCsvFile, NOT_A_CSV_FILE, readCsvPreview } from './csv-file';
import { ImportProgress, WaitingImports } from './import-progress';
import { importedInvestorFields, RecordTable, ValueNoticesTable } from './record-tables';

/** Not in the spec: the included columns cannot name an investor (the server refuses such a file too). */
export const NO_NAME_COLUMN =
  'The file has no usable name column: include a column for the full name, or for first and last name.';
/** Not in the spec: a header row without a data row. */
export const NO_ROWS = 'The file has no rows to import.';

/** What 'Preview & Import' shows: the first row mapped by the shared import code, or why it cannot be. */
export type FirstRecordPreview =
  | { ok: true; record: ImportedInvestorDraft; notices: ValueNotice[] }
  | { ok: false; error: string };

/**
 * The first data row as the import will store it, with the edited headers and included columns. Refuses
 * a missing source ('Source information is required.'), a file without rows and one without a usable
 * name column.
 */
export function previewFirstRecord(
  columns: readonly ImportColumn[],
  rows: readonly (readonly string[])[],
  source: { sourceName: string; sourceUrl: string },
  importedByUserId: string,
  now: Date,
): FirstRecordPreview {
  if (source.sourceName.trim() === '' || source.sourceUrl.trim() === '') {
    return { ok: false, error: messages.sourceInformationRequired };
  }
  const first = rows[0];
  if (!first) return { ok: false, error: NO_ROWS };
  if (!hasUsableNameColumn(columns)) return { ok: false, error: NO_NAME_COLUMN };
  try {
    const { record, notices } = buildImportedInvestorWithNotices(columns, first, {
      sourceName: source.sourceName,
      sourceUrl: source.sourceUrl.trim(),
      importedByUserId,
      now,
    });
    return { ok: true, record, notices };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : messages.somethingWentWrong };
  }
}

interface LoadedFile {
  file: File;
  preview: CsvPreview;
}

/**
 * The CSV importer (spec section 2): choose a file, edit its columns, check the first mapped record,
 * then import every row on the server with live progress. Closing while an import runs asks first,
 * cancels the import and reloads the page.
 */
export function CsvImporter() {
  const id = useId();
  const { user } = useAuth();
  const { showToast } = useToast();
  const [loaded, setLoaded] = useState<LoadedFile | null>(null);
  const [columns, setColumns] = useState<ImportColumn[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [sourceName, setSourceName] = useState('');
  const [sourceUrl, setSourceUrl] = useState('');
  const [sourceError, setSourceError] = useState<string | null>(null);
  const [firstRecord, setFirstRecord] = useState<FirstRecordPreview | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  /** The job being created and uploaded, before it is started: closing must cancel it too. */
  const creatingJob = useRef<string | null>(null);
  const cancel = useCancelImport();
  const job = useImportJob(jobId).data?.job;

  const startImportJob = useMutation({
    mutationFn: async ({ file, body }: { file: File; body: CreateImportBody }) => {
      const created = await createImport(body);
      creatingJob.current = created.job.id;
      try {
        await uploadImportFile(created.uploadUrl, file);
        await startImport(created.job.id);
      } catch (error) {
        await cancelImport(created.job.id).catch(() => undefined);
        throw error;
      } finally {
        creatingJob.current = null;
      }
      return created.job.id;
    },
    onSuccess: (startedJobId) => setJobId(startedJobId),
  });

  const importing = startImportJob.isPending || (jobId !== null && (!job || !isImportFinished(job)));

  // Leaving the page while an import runs asks first (the import itself would carry on).
  useEffect(() => {
    if (!importing) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [importing]);

  const reset = () => {
    setLoaded(null);
    setColumns([]);
    setFileError(null);
    setSourceError(null);
    setFirstRecord(null);
    setJobId(null);
    startImportJob.reset();
  };

  const chooseFile = async (file: File) => {
    reset();
    if (!looksLikeCsvFile(file)) {
      setFileError(NOT_A_CSV_FILE);
      return;
    }
    if (file.size > MAX_IMPORT_FILE_BYTES) {
      setFileError(IMPORT_FILE_TOO_LARGE);
      return;
    }
    setReading(true);
    try {
      const preview = await readCsvPreview(file);
      setLoaded({ file, preview });
      setColumns(columnsFromHeaders(preview.headers));
    } catch (error) {
      setFileError(error instanceof Error ? error.message : messages.somethingWentWrong);
    } finally {
      setReading(false);
    }
  };

  const close = async () => {
    if (!importing) {
      reset();
      return;
    }
    if (!window.confirm(messages.importerCloseConfirm)) return;
    const running = jobId ?? creatingJob.current;
    if (running) await cancelImport(running).catch((error) => console.error('Cancelling failed', error));
    window.location.reload();
  };

  const preview = () => {
    if (!loaded) return;
    const result = previewFirstRecord(
      columns,
      loaded.preview.rows,
      { sourceName, sourceUrl },
      user?.userId ?? '',
      new Date(),
    );
    if (!result.ok && result.error === messages.sourceInformationRequired) {
      setSourceError(result.error);
      setFirstRecord(null);
      return;
    }
    setSourceError(null);
    setFirstRecord(result);
  };

  const runImport = () => {
    if (!loaded) return;
    startImportJob.mutate({
      file: loaded.file,
      body: {
        fileName: loaded.file.name,
        fileSize: loaded.file.size,
        sourceName: sourceName.trim(),
        sourceUrl: sourceUrl.trim(),
        headers: columns,
      },
    });
  };

  const cancelRunning = () => {
    if (!jobId) return;
    cancel.mutate(jobId, {
      onError: (error) => showToast(errorMessage(error, messages.somethingWentWrong), 'danger'),
    });
  };

  const editing = loaded !== null && jobId === null && startImportJob.isIdle;

  return (
    <Card as="section" className="shadow-sm" aria-labelledby={`${id}-title`}>
      <Card.Body>
        <div className="d-flex justify-content-between align-items-start gap-2">
          <h2 className="h4" id={`${id}-title`}>
            CSV Importer
          </h2>
          {loaded ? <CloseButton aria-label="Close the importer" onClick={() => void close()} /> : null}
        </div>
        <p className="small text-body-secondary">
          Imports investors from a CSV file, one imported investor per row, pending mapping.
        </p>

        {loaded === null ? (
          <>
            <CsvDropZone onFile={(file) => void chooseFile(file)} disabled={reading} />
            <p className="small text-body-secondary mt-2 mb-0">{IMPORT_FILE_LIMIT_NOTE}</p>
            <WaitingImports />
            {reading ? <p className="small text-body-secondary mt-2 mb-0">Reading the file...</p> : null}
            {fileError ? (
              <Alert variant="danger" className="mt-3 mb-0">
                {fileError}
              </Alert>
            ) : null}
          </>
        ) : (
          <>
            <p className="mb-3">
              File: <strong className="text-break">{loaded.file.name}</strong>
            </p>

            {editing && firstRecord?.ok !== true ? (
              <>
                <CsvColumnEditor columns={columns} rows={loaded.preview.rows} onChange={setColumns} />
                <Row className="g-3 mt-2">
                  <Col md={6}>
                    <Form.Group controlId={`${id}-source-name`}>
                      <Form.Label>Source name</Form.Label>
                      <Form.Control
                        value={sourceName}
                        required
                        isInvalid={sourceError !== null && sourceName.trim() === ''}
                        onChange={(e) => setSourceName(e.target.value)}
                        placeholder="e.g. Seed investors list 2024"
                      />
                    </Form.Group>
                  </Col>
                  <Col md={6}>
                    <Form.Group controlId={`${id}-source-url`}>
                      <Form.Label>Source URL</Form.Label>
                      <Form.Control
                        type="url"
                        value={sourceUrl}
                        required
                        isInvalid={sourceError !== null && sourceUrl.trim() === ''}
                        onChange={(e) => setSourceUrl(e.target.value)}
                        placeholder="https://"
                      />
                    </Form.Group>
                  </Col>
                </Row>
                {sourceError ? (
                  <Alert variant="danger" className="mt-3 mb-0" role="alert">
                    {sourceError}
                  </Alert>
                ) : null}
                {firstRecord && !firstRecord.ok ? (
                  <Alert variant="danger" className="mt-3 mb-0" role="alert">
                    {firstRecord.error}
                  </Alert>
                ) : null}
                <div className="mt-3">
                  <Button onClick={preview}>Preview &amp; Import</Button>
                </div>
              </>
            ) : null}

            {editing && firstRecord?.ok === true ? (
              <>
                <h3 className="h6">First record, as it will be imported</h3>
                <RecordTable caption="Row 1" fields={importedInvestorFields(firstRecord.record)} />
                <ValueNoticesTable notices={firstRecord.notices} />
                <div className="d-flex flex-wrap gap-2 mt-3">
                  <Button variant="success" onClick={runImport}>
                    Looks good; import!
                  </Button>
                  <Button variant="outline-secondary" onClick={() => setFirstRecord(null)}>
                    Back
                  </Button>
                </div>
              </>
            ) : null}

            {startImportJob.isPending ? <p role="status">Uploading the file...</p> : null}
            {startImportJob.isError ? (
              <>
                <Alert variant="danger">
                  {errorMessage(startImportJob.error, messages.somethingWentWrong)}
                </Alert>
                <Button variant="outline-secondary" onClick={() => startImportJob.reset()}>
                  Back
                </Button>
              </>
            ) : null}
            {jobId ? (
              <ImportProgress
                jobId={jobId}
                onCancel={cancelRunning}
                cancelling={cancel.isPending}
                onReset={reset}
              />
            ) : null}
          </>
        )}
      </Card.Body>
    </Card>
  );
}
