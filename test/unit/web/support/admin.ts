import type { ImportJobView } from '../../../../shared/api/imports';
import { buildImportedInvestor } from '../../../../shared/import/build-imported-investor';
import { columnsFromHeaders } from '../../../../shared/import/header-matching';
import { type ImportedInvestor, toSearchableInvestor } from '../../../../shared/investors/types';

/** Claims of a verified admin (see `setSignedInUser`). */
export const ADMIN_CLAIMS = { sub: 'admin-1', email: 'admin@example.com', 'cognito:groups': ['admin'] };

/** An imported investor built by the shared import code, and the searchable entry it maps to. */
export function mappedInvestor(name = 'Ada Abernook', email = 'ada@example.com') {
  const imported: ImportedInvestor = {
    id: 'imp-1',
    ...buildImportedInvestor(columnsFromHeaders(['Name', 'Email', 'Stage Focus']), [name, email, 'Seed'], {
      sourceName: 'Fixture',
      sourceUrl: 'https://example.com/fixture',
      importedByUserId: 'admin-1',
      now: new Date('2024-03-07T10:00:00.000Z'),
    }),
    searchableInvestorEntryId: 'inv_1',
    status: 'mapped',
  };
  return { importedInvestor: imported, searchableInvestor: toSearchableInvestor(imported, 'inv_1') };
}

export function importJob(overrides: Partial<ImportJobView> = {}): ImportJobView {
  return {
    id: 'imp_job1',
    status: 'uploading',
    fileName: 'investors.csv',
    sourceName: 'Seed list',
    sourceUrl: 'https://example.com/list',
    startedAt: '2024-03-07T10:00:00.000Z',
    totalRows: null,
    processedRows: 0,
    importedRows: 0,
    writtenRows: null,
    rowsStartedAt: null,
    progressAt: null,
    rowErrors: [],
    droppedValues: 0,
    valueNotices: [],
    outcomes: null,
    failureReason: null,
    finishedAt: null,
    ...overrides,
  };
}

/** CSV text of a header row and `rows` data rows; `cell(row, column)` gives each cell. */
export function csvText(
  headers: readonly string[],
  rows: number,
  cell: (row: number, column: number) => string,
) {
  const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const lines = [headers.map(quote).join(',')];
  for (let r = 1; r <= rows; r++) lines.push(headers.map((_, c) => quote(cell(r, c))).join(','));
  return `${lines.join('\n')}\n`;
}
