import { parse } from 'csv-parse/browser/esm/sync';
import { BINARY_SNIFF_BYTES, fileStartProblem, IMPORT_FILE_EMPTY } from '../../../shared/import/limits';
import { headerRowOf, MAX_CONNECTIONS, MAX_CONNECTIONS_BYTES } from '../../../shared/network/connections';

/** A founder's connections file, read whole in the browser (it goes to the server in pages). */
export interface ConnectionsFile {
  headers: string[];
  rows: string[][];
}

export const CONNECTIONS_FILE_TOO_LARGE = `This file is larger than ${MAX_CONNECTIONS_BYTES / 1024 / 1024} MB. Keep only the name, company and position columns, or split it.`;
export const tooManyConnections = (count: number) =>
  `This file has ${count.toLocaleString('en-US')} rows: you can keep at most ${MAX_CONNECTIONS.toLocaleString('en-US')} connections.`;
export const CONNECTIONS_UNREADABLE =
  'The file could not be read as CSV. Upload LinkedIn\'s "Connections.csv" as it comes, or save your list as "CSV (comma-separated)".';

/**
 * Reads a CSV of connections with the importer's parser options (`web/pages/pipeline/import-file.ts`);
 * LinkedIn's "Notes:" lines before the header are passed over (`headerRowOf`).
 */
export async function readConnectionsFile(file: Blob): Promise<ConnectionsFile> {
  if (file.size === 0) throw new Error(IMPORT_FILE_EMPTY);
  if (file.size > MAX_CONNECTIONS_BYTES) throw new Error(CONNECTIONS_FILE_TOO_LARGE);
  const problem = fileStartProblem(new Uint8Array(await file.slice(0, BINARY_SNIFF_BYTES).arrayBuffer()));
  if (problem) throw new Error(problem);
  let records: string[][];
  try {
    records = parse(await file.text(), {
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    }) as string[][];
  } catch (error) {
    throw new Error(CONNECTIONS_UNREADABLE, { cause: error });
  }
  const at = headerRowOf(records);
  const headers = records[at];
  const rows = records.slice(at + 1);
  if (!headers || rows.length === 0) throw new Error(IMPORT_FILE_EMPTY);
  if (rows.length > MAX_CONNECTIONS) throw new Error(tooManyConnections(rows.length));
  return { headers, rows };
}
