import type { Readable } from 'node:stream';
import { type Info, parse } from 'csv-parse';
import { buildImportedInvestor } from '../../../shared/import/build-imported-investor';
import { hasUsableNameColumn } from '../../../shared/import/header-matching';
import {
  BINARY_SNIFF_BYTES,
  IMPORT_FILE_EMPTY,
  IMPORT_FILE_NOT_CSV,
  IMPORT_FILE_TOO_LARGE,
  looksBinary,
  MAX_IMPORT_FILE_BYTES,
} from '../../../shared/import/limits';
import type { ImportedInvestor } from '../../../shared/investors/types';
import { importObjectKey, readUploadHead, streamUpload, uploadedObjectSize } from '../storage';
import type { ImportJob } from '../table/models';
import { getImportJob, updateImportJob } from '../table/repositories/imports';
import { putImportedInvestors } from '../table/repositories/investors';

/** A file the import cannot use. The message is shown to the admin on the job. */
export class ImportFileError extends Error {
  override readonly name = 'ImportFileError';
}

export const importFileMessages = {
  notUploaded: 'The file was not uploaded. Please choose it again.',
  empty: IMPORT_FILE_EMPTY,
  notCsv: IMPORT_FILE_NOT_CSV,
  noNameColumn:
    'The file has no usable name column: include a column for the full name, or for first and last name.',
  noRows: 'The file has no rows to import.',
  sizeDiffers: 'The uploaded file is not the size that was declared. Please choose it again.',
  rowWithoutName: 'The row has no name.',
  /** More filled cells than the header has columns: usually a value with an unquoted comma, which shifts every cell after it. */
  tooManyCells: (cells: number, columns: number) =>
    `The row has ${cells} cells but the header has ${columns}: a value with a comma must be in quotes.`,
} as const;

/** The number of cells up to the last one that holds something (trailing empty cells do not count). */
const filledLength = (record: readonly string[]): number => {
  let length = record.length;
  while (length > 0 && (record[length - 1] ?? '').trim() === '') length--;
  return length;
};

/** At most this many row errors are kept on the job (the count of failed rows is always exact). */
export const MAX_STORED_ROW_ERRORS = 200;
/** Rows written per batch between progress updates. */
export const ROWS_PER_PROGRESS_UPDATE = 500;

const csvOptions = { bom: true, info: true, relax_column_count: true, skip_empty_lines: true } as const;

type ParsedRecord = { record: string[]; info: Info };

function parser(stream: Readable) {
  return stream.pipe(parse(csvOptions)) as AsyncIterable<ParsedRecord> & NodeJS.ReadableStream;
}

async function requireJob(jobId: string): Promise<ImportJob> {
  const job = await getImportJob(jobId);
  if (!job) throw new Error(`Import job ${jobId} does not exist`);
  return job;
}

/**
 * First step of the import workflow: checks the uploaded file (present, not empty, text, valid CSV,
 * a usable name column among the included ones) and counts its rows, without writing any investor.
 * Sets the job running with its total and the byte offset of the first data row.
 */
export async function prepareImport(jobId: string): Promise<{ totalRows: number }> {
  const job = await requireJob(jobId);
  const key = importObjectKey(jobId);
  const size = await uploadedObjectSize(key);
  if (size === null) throw new ImportFileError(importFileMessages.notUploaded);
  if (size === 0) throw new ImportFileError(importFileMessages.empty);
  if (size > MAX_IMPORT_FILE_BYTES) throw new ImportFileError(IMPORT_FILE_TOO_LARGE);
  if (job.fileSize !== undefined && size !== job.fileSize)
    throw new ImportFileError(importFileMessages.sizeDiffers);
  if (!hasUsableNameColumn(job.headers)) throw new ImportFileError(importFileMessages.noNameColumn);

  let totalRows = 0;
  let headerEnd: number | null = null;
  if (looksBinary(await readUploadHead(key, BINARY_SNIFF_BYTES)))
    throw new ImportFileError(importFileMessages.notCsv);
  const stream = await streamUpload(key);
  try {
    for await (const { info } of parser(stream)) {
      if (headerEnd === null) headerEnd = info.bytes_records;
      else totalRows++;
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError(`${importFileMessages.notCsv} ${(error as Error).message}`, { cause: error });
  }
  if (headerEnd === null) throw new ImportFileError(importFileMessages.empty);
  if (totalRows === 0) throw new ImportFileError(importFileMessages.noRows);
  await updateImportJob(jobId, { status: 'running', totalRows, byteOffset: headerEnd });
  return { totalRows };
}

/** What one chunk did: whether the file is done, the job's row count, and this chunk's imported and rejected rows. */
export interface ChunkResult {
  done: boolean;
  cancelled: boolean;
  processedRows: number;
  imported: number;
  rejected: number;
}

/**
 * One chunk of the import: streams the file from the job's byte offset, builds imported investors
 * with the shared mapping, writes them in batches (25 per request, unprocessed items retried), and
 * records progress, the next byte offset and per-row errors on the job after every batch. Ids are
 * derived from the job and row number, so a retried chunk rewrites the same records. Stops at the
 * end of the file, when the time budget is spent, or when the job was cancelled.
 */
export async function importChunk(
  jobId: string,
  options: { budgetMs?: number; now?: Date } = {},
): Promise<ChunkResult> {
  const deadline = Date.now() + (options.budgetMs ?? 2 * 60_000);
  const job = await requireJob(jobId);
  if (job.status === 'cancelled')
    return { done: true, cancelled: true, processedRows: job.processedRows, imported: 0, rejected: 0 };
  const now = options.now ?? new Date();
  const context = {
    sourceName: job.sourceName,
    sourceUrl: job.sourceUrl,
    importedByUserId: job.startedByUserId,
    now,
  };
  const start = job.byteOffset;
  let { processedRows, importedRows } = job;
  const importedBefore = importedRows;
  const processedBefore = processedRows;
  const result = (done: boolean, cancelled: boolean): ChunkResult => {
    const imported = importedRows - importedBefore;
    return { done, cancelled, processedRows, imported, rejected: processedRows - processedBefore - imported };
  };
  const rowErrors = [...job.rowErrors];
  let batch: ImportedInvestor[] = [];
  let offset = start;

  const flush = async () => {
    await putImportedInvestors(batch);
    importedRows += batch.length;
    batch = [];
    await updateImportJob(jobId, { processedRows, importedRows, byteOffset: offset, rowErrors });
    const current = await requireJob(jobId);
    return current.status === 'cancelled';
  };

  const stream = await streamUpload(importObjectKey(jobId), start);
  const records = parser(stream);
  let endOfFile = true;
  for await (const { record, info } of records) {
    processedRows++;
    offset = start + info.bytes_records;
    try {
      // Not imported: its values would land in the wrong columns.
      if (filledLength(record) > job.headers.length)
        throw new ImportFileError(importFileMessages.tooManyCells(filledLength(record), job.headers.length));
      const draft = buildImportedInvestor(job.headers, record, context);
      if (!draft.fullName) throw new ImportFileError(importFileMessages.rowWithoutName);
      batch.push({ id: `${jobId}-${processedRows}`, ...draft });
    } catch (error) {
      if (rowErrors.length < MAX_STORED_ROW_ERRORS)
        rowErrors.push({ row: processedRows, reason: (error as Error).message });
    }
    if (processedRows % ROWS_PER_PROGRESS_UPDATE === 0) {
      if (await flush()) {
        stream.destroy();
        return result(true, true);
      }
      if (Date.now() >= deadline) {
        endOfFile = false;
        stream.destroy();
        break;
      }
    }
  }
  if (await flush()) return result(true, true);
  if (endOfFile) await updateImportJob(jobId, { status: 'mapping' });
  return result(endOfFile, false);
}

/** Marks the job finished (after mapping and aggregation). */
export async function completeImport(jobId: string): Promise<void> {
  const job = await requireJob(jobId);
  if (job.status === 'cancelled') return;
  await updateImportJob(jobId, { status: 'succeeded', finishedAt: new Date().toISOString() });
}

/** Marks the job failed with a message for the admin. */
export async function failImport(jobId: string, reason: string): Promise<void> {
  const job = await requireJob(jobId);
  if (job.status === 'cancelled') return;
  await updateImportJob(jobId, {
    status: 'failed',
    failureReason: reason,
    finishedAt: new Date().toISOString(),
  });
}
