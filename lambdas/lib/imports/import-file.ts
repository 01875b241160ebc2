import type { Readable } from 'node:stream';
import { type Info, parse } from 'csv-parse';
import { buildImportedInvestorWithNotices } from '../../../shared/import/build-imported-investor';
import { hasUsableNameColumn } from '../../../shared/import/header-matching';
import {
  BINARY_SNIFF_BYTES,
  fileStartProblem,
  IMPORT_FILE_EMPTY,
  IMPORT_FILE_NOT_CSV,
  IMPORT_FILE_TOO_LARGE,
  MAX_IMPORT_FILE_BYTES,
} from '../../../shared/import/limits';
import { questionRow } from '../../../shared/import/row-questions';
import type { ImportedInvestor } from '../../../shared/investors/types';
import { importObjectKey, readUploadHead, streamUpload, uploadedObjectSize } from '../storage';
import type { ImportJob } from '../table/models';
import { releaseFunctionLock } from '../table/repositories/function-runs';
import {
  getImportJob,
  summariseImportOutcomes,
  transitionImportJob,
  updateImportJob,
} from '../table/repositories/imports';
import {
  countStagedImportedInvestors,
  deleteImportedInvestors,
  listStagedImportedInvestors,
  putImportedInvestors,
} from '../table/repositories/investors';

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
/** At most this many values kept aside are listed on the job (their count is always exact). */
export const MAX_STORED_VALUE_NOTICES = 200;
/** At most this many rows are written between progress updates... */
export const ROWS_PER_PROGRESS_UPDATE = 500;
/** ...and progress is written at least this often while rows are read (the admin sees it move). */
export const PROGRESS_INTERVAL_MS = 1_000;

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
  const problem = fileStartProblem(await readUploadHead(key, BINARY_SNIFF_BYTES));
  if (problem) throw new ImportFileError(problem);
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
  // No status here: the job is running (set before the workflow started) or was cancelled meanwhile.
  const now = new Date().toISOString();
  await updateImportJob(jobId, { totalRows, byteOffset: headerEnd, rowsStartedAt: now, progressAt: now });
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
 * Records how many rows a cancelled import left staged, once it has stopped writing: the job's count
 * of rows written, or the staged index's if a crashed batch wrote more (a no-op once recorded).
 */
export async function recordCancelledRows(job: ImportJob): Promise<number> {
  const current = (await getImportJob(job.id)) ?? job;
  if (current.writtenRows !== null) return current.writtenRows;
  const written = Math.max(current.importedRows, await countStagedImportedInvestors(job.id));
  await transitionImportJob(job.id, ['cancelled'], 'cancelled', { writtenRows: written });
  return written;
}

/**
 * One chunk of the import: streams the file from the job's byte offset, builds imported investors
 * with the shared mapping and writes them staged (25 per request, unprocessed items retried), with
 * progress, the next byte offset and per-row errors on the job every 500 rows or every second. Ids
 * are derived from the job and row number, so a retried chunk rewrites the same records. Stops at
 * the end of the file (the job moves to mapping), when the time budget is spent, or when the job was
 * cancelled (its written rows are then counted on the job).
 */
export async function importChunk(
  jobId: string,
  options: { budgetMs?: number; now?: Date; clock?: () => number } = {},
): Promise<ChunkResult> {
  const clock = options.clock ?? Date.now;
  const deadline = clock() + (options.budgetMs ?? 2 * 60_000);
  const job = await requireJob(jobId);
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
  const stopped = async (): Promise<ChunkResult> => {
    await recordCancelledRows(job);
    return result(true, true);
  };
  if (job.status === 'cancelled') return stopped();
  const rowErrors = [...job.rowErrors];
  const valueNotices = [...job.valueNotices];
  let { droppedValues } = job;
  let batch: ImportedInvestor[] = [];
  let offset = start;
  let lastFlush = clock();

  /** Writes the batch and the progress; true when the job has been cancelled meanwhile. */
  const flush = async () => {
    await putImportedInvestors(batch);
    importedRows += batch.length;
    batch = [];
    lastFlush = clock();
    const progressAt = new Date().toISOString();
    await updateImportJob(jobId, {
      processedRows,
      importedRows,
      byteOffset: offset,
      rowErrors,
      droppedValues,
      valueNotices,
      progressAt,
    });
    return (await requireJob(jobId)).status === 'cancelled';
  };

  // A chunk that stopped exactly at the end of the file leaves nothing to read (no range past the end).
  const size = job.fileSize ?? (await uploadedObjectSize(importObjectKey(jobId))) ?? 0;
  let endOfFile = true;
  if (start < size) {
    const stream = await streamUpload(importObjectKey(jobId), start);
    for await (const { record, info } of parser(stream)) {
      processedRows++;
      offset = start + info.bytes_records;
      try {
        // Not imported: its values would land in the wrong columns.
        if (filledLength(record) > job.headers.length)
          throw new ImportFileError(
            importFileMessages.tooManyCells(filledLength(record), job.headers.length),
          );
        const { record: draft, notices } = buildImportedInvestorWithNotices(job.headers, record, context);
        if (!draft.fullName) throw new ImportFileError(importFileMessages.rowWithoutName);
        // Values that contradict each other: the row is held for the admin, never published.
        const question = questionRow(draft);
        if (question) throw new ImportFileError(question);
        droppedValues += notices.length;
        for (const notice of notices)
          if (valueNotices.length < MAX_STORED_VALUE_NOTICES)
            valueNotices.push({ row: processedRows, ...notice });
        batch.push({ id: `${jobId}-${processedRows}`, ...draft, status: 'staged', importJobId: jobId });
      } catch (error) {
        if (rowErrors.length < MAX_STORED_ROW_ERRORS)
          rowErrors.push({ row: processedRows, reason: (error as Error).message });
      }
      if (batch.length >= ROWS_PER_PROGRESS_UPDATE || clock() - lastFlush >= PROGRESS_INTERVAL_MS) {
        if (await flush()) {
          stream.destroy();
          return stopped();
        }
        if (clock() >= deadline) {
          endOfFile = false;
          stream.destroy();
          break;
        }
      }
    }
  }
  if (await flush()) return stopped();
  if (!endOfFile) return result(false, false);
  // Conditional: a cancel that landed after the last check wins, and its rows stay staged.
  if (!(await transitionImportJob(jobId, ['running'], 'mapping'))) {
    if ((await requireJob(jobId)).status === 'cancelled') return stopped();
  }
  return result(true, false);
}

/**
 * Marks the job finished, with what publishing did with its rows (added, merged, left out): an
 * import or a publish that has mapped its rows and aggregated.
 */
export async function completeImport(jobId: string): Promise<void> {
  await transitionImportJob(jobId, ['mapping', 'publishing'], 'succeeded', {
    outcomes: await summariseImportOutcomes(jobId),
    finishedAt: new Date().toISOString(),
  });
}

/**
 * One step of discarding a cancelled import's staged rows: deletes pages of them until the time
 * budget is spent; done when none is left. Deleting what is already gone does nothing, so a retry
 * is harmless.
 */
export async function discardBatch(
  jobId: string,
  options: { budgetMs?: number; pageSize?: number } = {},
): Promise<{ discarded: number; done: boolean }> {
  const deadline = Date.now() + (options.budgetMs ?? 60_000);
  let discarded = 0;
  do {
    const staged = await listStagedImportedInvestors(jobId, options.pageSize ?? 500);
    if (staged.length === 0) return { discarded, done: true };
    await deleteImportedInvestors(staged.map((investor) => investor.id));
    discarded += staged.length;
  } while (Date.now() < deadline);
  return { discarded, done: false };
}

/** Marks a discard finished: the cancelled import's staged rows are gone. */
export async function completeDiscard(jobId: string): Promise<void> {
  await transitionImportJob(jobId, ['discarding'], 'discarded', { finishedAt: new Date().toISOString() });
}

/**
 * Marks the job failed with a message for the admin. A cancelled job stays cancelled (its written
 * rows are counted if the import stopped before it could count them).
 */
export async function failImport(jobId: string, reason: string): Promise<void> {
  // A publish that failed lets go of the mapping lock it took (only if it holds it).
  await releaseFunctionLock('mapping', jobId);
  const job = await requireJob(jobId);
  if (job.status === 'cancelled') {
    await recordCancelledRows(job);
    return;
  }
  await transitionImportJob(jobId, ['running', 'mapping', 'publishing', 'discarding'], 'failed', {
    failureReason: reason,
    finishedAt: new Date().toISOString(),
  });
}
