// @vitest-environment jsdom

import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { valueNoticeReasons } from '../../../shared/import/build-imported-investor';
import {
  IMPORT_FILE_LIMIT_NOTE,
  IMPORT_FILE_TOO_LARGE,
  MAX_IMPORT_FILE_BYTES,
} from '../../../shared/import/limits';
import { PREVIEW_CELL_LENGTH, PREVIEW_ROWS } from '../../../shared/import/preview';
import { messages } from '../../../shared/messages';
import { BINARY_CSV_FILE, readCsvPreview } from '../../../web/pages/admin/csv-file';
import { CsvImporter, NO_NAME_COLUMN } from '../../../web/pages/admin/csv-importer';
import { importPace } from '../../../web/pages/admin/import-progress';
import { ADMIN_CLAIMS, csvText, importJob } from './support/admin';
import { setSignedInUser } from './support/amplify-auth-mock';
import { answerFetch, renderPage } from './support/render';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

const HEADERS = ['Investor Name', 'Inbox', 'Stage Focus', 'Long Notes'];
const LONG = 'An investor note that is much longer than thirty-two characters';
const text = csvText(
  HEADERS,
  30,
  (row, column) => [`Investor ${row}`, `investor${row}@example.com`, 'Seed; Series A', LONG][column] ?? '',
);
const csvFile = () => new File([text], 'investors.csv', { type: 'text/csv' });

beforeEach(() => setSignedInUser(ADMIN_CLAIMS));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function chooseFile() {
  const user = userEvent.setup();
  renderPage(<CsvImporter />, { path: '/admin' });
  await user.upload(screen.getByLabelText('CSV file'), csvFile());
  const table = await screen.findByRole('table');
  return { user, table };
}

describe('reading the CSV file in the browser', () => {
  it('states the size limit before a file is chosen, and refuses a larger file without asking the API', async () => {
    const fetchCalls: string[] = [];
    vi.stubGlobal(
      'fetch',
      answerFetch((url, init) => {
        fetchCalls.push(`${init?.method ?? 'GET'} ${url}`);
        return { body: { data: { jobs: [] } } };
      }),
    );
    const user = userEvent.setup();
    renderPage(<CsvImporter />, { path: '/admin' });
    expect(screen.getByText(IMPORT_FILE_LIMIT_NOTE)).toBeTruthy();

    const huge = new File(['Name\n'], 'huge.csv', { type: 'text/csv' });
    Object.defineProperty(huge, 'size', { value: MAX_IMPORT_FILE_BYTES + 1 });
    await user.upload(screen.getByLabelText('CSV file'), huge);

    expect(await screen.findByText(IMPORT_FILE_TOO_LARGE)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    // Only the list of imports waiting for a choice was read: nothing was created or uploaded.
    expect(fetchCalls).toEqual(['GET /api/admin/imports']);
  });

  it('keeps the header row and the first 20 data rows, uncut', async () => {
    const preview = await readCsvPreview(csvFile());
    expect(preview.headers).toEqual(HEADERS);
    expect(preview.rows).toHaveLength(PREVIEW_ROWS);
    expect(preview.rows[19]?.[0]).toBe('Investor 20');
    expect(preview.rows[0]?.[3]).toBe(LONG);
  });

  it('refuses an empty file', async () => {
    await expect(readCsvPreview(new File([''], 'empty.csv'))).rejects.toThrow('The file is empty.');
  });

  it('refuses a binary file renamed .csv with one clean sentence, not its bytes', async () => {
    // The start of a zip (an .xlsx saved as .csv): NUL bytes among the text.
    const bytes = new Uint8Array(2048).map((_, i) => (i % 7 === 0 ? 0 : 65 + (i % 26)));
    bytes.set([0x50, 0x4b, 0x03, 0x04], 0);
    const refusal = await readCsvPreview(new File([bytes], 'investors.csv')).catch((error: Error) => error);
    expect((refusal as Error).message).toBe(BINARY_CSV_FILE);
  });

  it('says why text that is not CSV cannot be read, in a short clause with its line', async () => {
    const broken = new File(['Name,Email\n"Ada "x", ada@example.com\n'], 'broken.csv');
    const refusal = (await readCsvPreview(broken).catch((error: Error) => error)) as Error;
    expect(refusal.message).toMatch(/^The file could not be read as CSV\. [A-Z][A-Za-z ]+ \(line 2\)\.$/);
    expect(refusal.message.length).toBeLessThan(120);
  });
});

describe('the CSV importer', () => {
  it('previews 20 rows with cells cut at 32 characters, and an include box and header per column', async () => {
    const { table } = await chooseFile();
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows).toHaveLength(PREVIEW_ROWS);
    const cells = within(bodyRows[0] as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '1',
      'Investor 1',
      'investor1@example.com',
      'Seed; Series A',
      LONG.slice(0, PREVIEW_CELL_LENGTH),
    ]);
    for (const [index, header] of HEADERS.entries()) {
      expect((screen.getByLabelText(`Header of column ${index + 1}`) as HTMLInputElement).value).toBe(header);
      expect(
        (screen.getByRole('checkbox', { name: `Include column ${index + 1}` }) as HTMLInputElement).checked,
      ).toBe(true);
    }
  });

  it('asks for the source name and URL before previewing', async () => {
    const { user } = await chooseFile();
    await user.type(screen.getByLabelText('Source name'), 'Seed list');
    await user.click(screen.getByRole('button', { name: 'Preview & Import' }));
    expect(await screen.findByText(messages.sourceInformationRequired)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Looks good; import!' })).toBeNull();
  });

  it('maps the first record with the edited headers and only the included columns', async () => {
    const { user } = await chooseFile();
    // 'Inbox' matches nothing; renamed 'Email' it becomes the email. The notes column is left out.
    const contact = screen.getByLabelText('Header of column 2');
    await user.clear(contact);
    await user.type(contact, 'Email');
    await user.click(screen.getByRole('checkbox', { name: 'Include column 4' }));
    await user.type(screen.getByLabelText('Source name'), 'Seed list');
    await user.type(screen.getByLabelText('Source URL'), 'https://example.com/list');
    await user.click(screen.getByRole('button', { name: 'Preview & Import' }));

    await screen.findByRole('button', { name: 'Looks good; import!' });
    // A table of the record's fields in words, not JSON.
    expect(document.querySelector('pre')).toBeNull();
    const table = screen.getByRole('table', { name: 'Row 1' });
    const field = (label: string) =>
      within(table).getByRole('rowheader', { name: label }).closest('tr')?.querySelector('td')?.textContent;
    expect(field('Name')).toBe('Investor 1');
    expect(field('Email')).toBe('investor1@example.com');
    expect(field('Stage focus')).toBe('seed, series a');
    expect(field('Source')).toBe('Seed list');
    expect(field('Source URL')).toBe('https://example.com/list');
    expect(field('Status')).toBe('pending');
    // The excluded notes column is nowhere: Notes is among the empty fields, and no other value is kept.
    expect(field('Empty')).toContain('Notes');
    expect(within(table).queryByRole('rowheader', { name: /^Other: / })).toBeNull();
  });

  it('lists the values of the first row it will not use, and why', async () => {
    const { user } = await chooseFile();
    const contact = screen.getByLabelText('Header of column 2');
    await user.clear(contact);
    await user.type(contact, 'Cheque Min');
    await user.type(screen.getByLabelText('Source name'), 'Seed list');
    await user.type(screen.getByLabelText('Source URL'), 'https://example.com/list');
    await user.click(screen.getByRole('button', { name: 'Preview & Import' }));

    const notices = await screen.findByRole('table', { name: /^Values not used \(1\)/ });
    const [row] = within(notices).getAllByRole('row').slice(1);
    expect(
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Cheque Min', 'investor1@example.com', valueNoticeReasons.checkSize]);
  });

  it('refuses to preview when no included column names the investor', async () => {
    const { user } = await chooseFile();
    await user.click(screen.getByRole('checkbox', { name: 'Include column 1' }));
    await user.type(screen.getByLabelText('Source name'), 'Seed list');
    await user.type(screen.getByLabelText('Source URL'), 'https://example.com/list');
    await user.click(screen.getByRole('button', { name: 'Preview & Import' }));
    expect(await screen.findByText(NO_NAME_COLUMN)).toBeTruthy();
  });

  it('creates the job, uploads the file, starts it and follows it to completion', async () => {
    const calls: { method: string; url: string; headers: Record<string, string>; body: unknown }[] = [];
    let reads = 0;
    vi.stubGlobal(
      'fetch',
      answerFetch((url, init) => {
        const method = init?.method ?? 'GET';
        if (url === '/api/admin/imports' && method === 'GET') return { body: { data: { jobs: [] } } };
        calls.push({
          method,
          url,
          headers: (init?.headers ?? {}) as Record<string, string>,
          body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
        });
        if (method === 'POST' && url === '/api/admin/imports') {
          return {
            status: 201,
            body: { data: { job: importJob(), uploadUrl: 'https://uploads.example/put' } },
          };
        }
        if (method === 'PUT') return { body: {} };
        if (url === '/api/admin/imports') return { body: { data: { jobs: [] } } };
        if (url.endsWith('/start')) return { body: { data: { job: importJob({ status: 'running' }) } } };
        reads++;
        return {
          body: {
            data: {
              job:
                reads === 1
                  ? importJob({ status: 'running', totalRows: 30, processedRows: 12 })
                  : importJob({
                      status: 'succeeded',
                      totalRows: 30,
                      processedRows: 30,
                      importedRows: 29,
                      rowErrors: [{ row: 7, reason: 'The row has no name.' }],
                      droppedValues: 1,
                      valueNotices: [
                        {
                          row: 4,
                          column: 'Email',
                          value: 'investor4.example.com',
                          reason: valueNoticeReasons.invalidEmail,
                        },
                      ],
                      outcomes: {
                        added: 27,
                        merged: 2,
                        withdrawn: 0,
                        mergedRows: [
                          { row: 12, name: 'Investor 12', into: 'Ada Abernook', intoRow: null },
                          { row: 20, name: 'Investor 20', into: 'Investor 3', intoRow: 3 },
                        ],
                      },
                    }),
            },
          },
        };
      }),
    );
    const { user } = await chooseFile();
    await user.type(screen.getByLabelText('Source name'), 'Seed list');
    await user.type(screen.getByLabelText('Source URL'), 'https://example.com/list');
    await user.click(screen.getByRole('button', { name: 'Preview & Import' }));
    await user.click(await screen.findByRole('button', { name: 'Looks good; import!' }));

    expect(await screen.findByText('Importing row 12 of 30...')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(await screen.findByText(messages.importComplete)).toBeTruthy();
    // What happened to every row, in words, not "Imported 29 of 30".
    expect(
      screen.getByText(
        'Of 30 rows: 27 new investors added, 2 merged into investors already in the directory, 1 skipped. 1 value was not used (see below).',
      ),
    ).toBeTruthy();
    const cells = (name: string) =>
      within(screen.getByRole('table', { name }))
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        );
    expect(cells('Merged into an investor already in the directory (2)')).toEqual([
      ['12', 'Investor 12', 'Ada Abernook'],
      ['20', 'Investor 20', 'Investor 3 (row 3 of this file)'],
    ]);
    expect(cells('Values not used (1)')).toEqual([
      ['4', 'Email', 'investor4.example.com', valueNoticeReasons.invalidEmail],
    ]);
    expect(cells('Rows skipped (1)')).toEqual([['7', 'The row has no name.']]);

    const [create, upload, start] = calls;
    expect(create?.body).toEqual({
      fileName: 'investors.csv',
      fileSize: csvFile().size,
      sourceName: 'Seed list',
      sourceUrl: 'https://example.com/list',
      headers: HEADERS.map((header) => ({ header, include: true })),
    });
    expect(upload).toMatchObject({ method: 'PUT', url: 'https://uploads.example/put' });
    expect(upload?.headers['content-type']).toBe('text/csv');
    expect(upload?.headers.authorization).toBeUndefined();
    expect(start).toMatchObject({ method: 'POST', url: '/api/admin/imports/imp_job1/start' });
  });

  it('asks before closing a running import, then cancels it and reloads', async () => {
    const cancelled: string[] = [];
    vi.stubGlobal(
      'fetch',
      answerFetch((url, init) => {
        if (init?.method === 'POST' && url === '/api/admin/imports') {
          return {
            status: 201,
            body: { data: { job: importJob(), uploadUrl: 'https://uploads.example/put' } },
          };
        }
        if (url === '/api/admin/imports') return { body: { data: { jobs: [] } } };
        if (url.endsWith('/cancel')) cancelled.push(url);
        return { body: { data: { job: importJob({ status: 'running', totalRows: 30, processedRows: 3 }) } } };
      }),
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });

    const { user } = await chooseFile();
    await user.type(screen.getByLabelText('Source name'), 'Seed list');
    await user.type(screen.getByLabelText('Source URL'), 'https://example.com/list');
    await user.click(screen.getByRole('button', { name: 'Preview & Import' }));
    await user.click(await screen.findByRole('button', { name: 'Looks good; import!' }));
    await screen.findByText('Importing row 3 of 30...');

    await user.click(screen.getByRole('button', { name: 'Close the importer' }));
    expect(confirm).toHaveBeenCalledWith(messages.importerCloseConfirm);
    expect(cancelled).toEqual([]);
    expect(screen.getByText('Importing row 3 of 30...')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Close the importer' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(cancelled).toEqual(['/api/admin/imports/imp_job1/cancel']);
  });

  it('cancels a running import: it says it is stopping, then how many rows were written, and discards them on request', {
    timeout: 30_000,
  }, async () => {
    const posts: string[] = [];
    let state: 'running' | 'stopping' | 'cancelled' | 'discarding' | 'discarded' = 'running';
    const job = () => {
      const base = { totalRows: 3000, processedRows: 1200, importedRows: 1200 };
      switch (state) {
        case 'running':
          return importJob({ status: 'running', ...base });
        case 'stopping':
          return importJob({ status: 'cancelled', ...base, writtenRows: null });
        case 'cancelled':
          return importJob({ status: 'cancelled', ...base, importedRows: 1225, writtenRows: 1225 });
        case 'discarding':
          return importJob({ status: 'discarding', ...base, writtenRows: 1225 });
        case 'discarded':
          return importJob({ status: 'discarded', ...base, writtenRows: 1225 });
      }
    };
    vi.stubGlobal(
      'fetch',
      answerFetch((url, init) => {
        const method = init?.method ?? 'GET';
        if (method === 'POST' && url === '/api/admin/imports')
          return {
            status: 201,
            body: { data: { job: importJob(), uploadUrl: 'https://uploads.example/put' } },
          };
        if (method === 'PUT') return { body: {} };
        if (url === '/api/admin/imports') return { body: { data: { jobs: [] } } };
        if (method === 'POST') {
          posts.push(url);
          if (url.endsWith('/cancel')) state = 'stopping';
          if (url.endsWith('/discard')) state = 'discarding';
          return { body: { data: { job: job() } } };
        }
        // Each read moves a step on: the import stops and counts; the discard finishes.
        const current = job();
        if (state === 'stopping') state = 'cancelled';
        else if (state === 'discarding') state = 'discarded';
        return { body: { data: { job: current } } };
      }),
    );
    const { user } = await chooseFile();
    await user.type(screen.getByLabelText('Source name'), 'Seed list');
    await user.type(screen.getByLabelText('Source URL'), 'https://example.com/list');
    await user.click(screen.getByRole('button', { name: 'Preview & Import' }));
    await user.click(await screen.findByRole('button', { name: 'Looks good; import!' }));
    await screen.findByText('Importing row 1200 of 3000...');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Stopping the import...')).toBeTruthy();
    const discard = await screen.findByRole('button', { name: 'Discard the 1,225 imported rows' });
    expect(screen.getByRole('button', { name: 'Publish them' })).toBeTruthy();
    expect(screen.getByText(/1,225 rows were written and are not published/)).toBeTruthy();

    await user.click(discard);
    expect(
      await screen.findByText(
        'The import was cancelled and its 1,225 rows discarded; nothing of it was published.',
        {},
      ),
    ).toBeTruthy();
    expect(posts).toEqual([
      '/api/admin/imports/imp_job1/start',
      '/api/admin/imports/imp_job1/cancel',
      '/api/admin/imports/imp_job1/discard',
    ]);
  });

  it('offers the choice for a cancelled import after the page was reloaded, and publishes on request', async () => {
    const posts: string[] = [];
    const waiting = importJob({
      id: 'imp_old',
      fileName: 'big-list.csv',
      status: 'cancelled',
      totalRows: 90_000,
      processedRows: 40_000,
      importedRows: 40_000,
      writtenRows: 40_000,
    });
    vi.stubGlobal(
      'fetch',
      answerFetch((url, init) => {
        if (init?.method === 'POST') {
          posts.push(url);
          return { body: { data: { job: { ...waiting, status: 'publishing' } } } };
        }
        return { body: { data: { jobs: [posts.length ? { ...waiting, status: 'publishing' } : waiting] } } };
      }),
    );
    const user = userEvent.setup();
    renderPage(<CsvImporter />, { path: '/admin' });

    const region = await screen.findByRole('region', { name: 'Cancelled imports' });
    expect(within(region).getByText('big-list.csv')).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Discard the 40,000 imported rows' })).toBeTruthy();
    await user.click(within(region).getByRole('button', { name: 'Publish them' }));

    expect(
      await within(region).findByText('Publishing the 40,000 rows of the cancelled import...'),
    ).toBeTruthy();
    expect(posts).toEqual(['/api/admin/imports/imp_old/publish']);
  });
});

describe('the pace of an import', () => {
  it("gives rows a second and the time left from the job's own clock", () => {
    const running = importJob({
      status: 'running',
      totalRows: 20_000,
      processedRows: 5_000,
      rowsStartedAt: '2024-03-07T10:00:00.000Z',
      progressAt: '2024-03-07T10:00:10.000Z',
    });
    expect(importPace(running)).toBe('500 rows a second · about 30 seconds left');
    expect(importPace({ ...running, totalRows: 2_000_000 })).toBe(
      '500 rows a second · about 67 minutes left',
    );
    expect(importPace({ ...running, processedRows: 20_000 })).toBe(
      '2,000 rows a second · less than 5 seconds left',
    );
  });

  it('says nothing before rows have been read, or once the job is past reading', () => {
    expect(importPace(importJob({ status: 'running', totalRows: 10 }))).toBeNull();
    expect(
      importPace(
        importJob({
          status: 'mapping',
          totalRows: 10,
          processedRows: 10,
          rowsStartedAt: '2024-03-07T10:00:00.000Z',
          progressAt: '2024-03-07T10:00:01.000Z',
        }),
      ),
    ).toBeNull();
  });
});
