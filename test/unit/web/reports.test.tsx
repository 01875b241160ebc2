// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AdminReportRow, REPORT_ALREADY_OPEN, REPORTS_PAGE_SIZE } from '../../../shared/api/reports';
import { REPORT_SENT, ReportWrongData } from '../../../web/components/report-wrong-data';
import {
  AdminReportsPage,
  LOAD_MORE_REPORTS,
  NO_OPEN_REPORTS,
} from '../../../web/pages/admin/admin-reports-page';
import { ADMIN_CLAIMS } from './support/admin';
import { setSignedInUser } from './support/amplify-auth-mock';
import { answerFetch, renderPage } from './support/render';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const report = (overrides: Partial<AdminReportRow> = {}): AdminReportRow => ({
  id: 'r-1',
  investorId: 'inv-1',
  investorName: 'Ada Abernook',
  reason: 'email_bounced',
  field: 'email',
  note: 'It bounced twice',
  status: 'open',
  createdAt: '2026-03-01T10:00:00.000Z',
  reporterUserId: 'user-1',
  reporterEmail: 'founder@example.com',
  purchasedAt: null,
  purchasedFields: [],
  resolution: null,
  claim: null,
  reportedValue: null,
  currentValue: null,
  investorListed: true,
  ...overrides,
});

describe('the Report wrong data form', () => {
  it('is not offered to a signed-out visitor', async () => {
    setSignedInUser(null);
    renderPage(<ReportWrongData investorId="inv-1" investorName="Ada Abernook" />);
    await new Promise((done) => setTimeout(done, 50));
    expect(screen.queryByRole('button', { name: /Report wrong data/ })).toBeNull();
  });

  it('sends the reason and the note, then says thank you', async () => {
    setSignedInUser({});
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      answerFetch((url, init) => {
        calls.push({ url, body: JSON.parse(String(init?.body ?? 'null')) });
        return {
          status: 201,
          body: { data: { ...report(), reason: 'left_firm', field: null, note: 'Moved on' } },
        };
      }),
    );
    const user = userEvent.setup();
    renderPage(<ReportWrongData investorId="inv-1" investorName="Ada Abernook" />);
    await user.click(await screen.findByRole('button', { name: 'Report wrong data: Ada Abernook' }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'left_firm');
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Moved on');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText(REPORT_SENT)).toBeTruthy();
    expect(calls).toEqual([
      {
        url: expect.stringContaining('/investors/inv-1/reports'),
        body: { reason: 'left_firm', note: 'Moved on' },
      },
    ]);
  });

  it("shows the API's message when the report is refused", async () => {
    setSignedInUser({});
    vi.stubGlobal(
      'fetch',
      answerFetch(() => ({
        status: 409,
        body: { error: { code: 'aborted', message: REPORT_ALREADY_OPEN } },
      })),
    );
    const user = userEvent.setup();
    renderPage(<ReportWrongData investorId="inv-1" investorName="Ada Abernook" />);
    await user.click(await screen.findByRole('button', { name: 'Report wrong data: Ada Abernook' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText(REPORT_ALREADY_OPEN)).toBeTruthy();
  });
});

describe('the reports queue page', () => {
  it('lists open reports and resolves one with the chosen action', async () => {
    setSignedInUser(ADMIN_CLAIMS);
    const resolved: unknown[] = [];
    let open = [
      report(),
      report({ id: 'r-2', investorName: 'Bo Brink', reason: 'wrong_focus', field: null }),
    ];
    vi.stubGlobal(
      'fetch',
      answerFetch((url, init) => {
        if (url.includes('/resolve')) {
          resolved.push({ url, body: JSON.parse(String(init?.body)) });
          open = open.filter((r) => !url.includes(`/admin/reports/${r.id}/`));
          return { body: { data: { ...report(), status: 'resolved' } } };
        }
        return { body: { data: { reports: open, cursor: null } } };
      }),
    );
    const user = userEvent.setup();
    renderPage(<AdminReportsPage />, { path: '/admin/reports' });
    const first = await screen.findByRole('article', { name: 'Report r-1' });
    expect(within(first).getByText('It bounced twice')).toBeTruthy();
    expect(within(first).getByText(/founder@example.com/)).toBeTruthy();
    const correct = within(first).getByRole('button', { name: 'Correct the value' }) as HTMLButtonElement;
    expect(correct.disabled).toBe(true);
    await user.type(within(first).getByLabelText('New value'), 'ada@new.example.com');
    await user.click(correct);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Report r-1' })).toBeNull());
    expect(resolved).toEqual([
      {
        url: expect.stringContaining('/admin/reports/r-1/resolve'),
        body: { action: 'correct', field: 'email', value: 'ada@new.example.com' },
      },
    ]);

    const second = screen.getByRole('article', { name: 'Report r-2' });
    await user.click(within(second).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText(NO_OPEN_REPORTS)).toBeTruthy();
    expect(resolved[1]).toEqual({
      url: expect.stringContaining('/admin/reports/r-2/resolve'),
      body: { action: 'dismiss' },
    });
  });
});

describe('the reports queue, a page at a time', () => {
  it('loads the next page from the cursor the last one answered, until there is none', async () => {
    setSignedInUser(ADMIN_CLAIMS);
    // A short first page stands for a full one: the page follows the cursor, not the count.
    const all = [1, 2, 3].map((i) => report({ id: `r-${i}`, investorName: `Investor ${i}` }));
    const asked: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      answerFetch((url) => {
        const query = new URL(url, 'http://localhost').searchParams;
        asked.push(query.get('cursor'));
        expect(query.get('limit')).toBe(String(REPORTS_PAGE_SIZE));
        const first = query.get('cursor') === null;
        return {
          body: {
            data: first
              ? { reports: all.slice(0, 2), cursor: 'page-2' }
              : { reports: all.slice(2), cursor: null },
          },
        };
      }),
    );
    const user = userEvent.setup();
    renderPage(<AdminReportsPage />, { path: '/admin/reports' });

    expect(await screen.findByRole('article', { name: 'Report r-2' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Report r-3' })).toBeNull();
    await user.click(screen.getByRole('button', { name: LOAD_MORE_REPORTS }));

    expect(await screen.findByRole('article', { name: 'Report r-3' })).toBeTruthy();
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Report r-1',
      'Report r-2',
      'Report r-3',
    ]);
    expect(screen.queryByRole('button', { name: LOAD_MORE_REPORTS })).toBeNull();
    expect(asked).toEqual([null, 'page-2']);
  });
});

describe('the value reported and the value now', () => {
  const show = async (row: AdminReportRow) => {
    setSignedInUser(ADMIN_CLAIMS);
    vi.stubGlobal(
      'fetch',
      answerFetch(() => ({ body: { data: { reports: [row], cursor: null } } })),
    );
    renderPage(<AdminReportsPage />, { path: '/admin/reports' });
    const card = await screen.findByRole('article', { name: `Report ${row.id}` });
    return within(card);
  };

  it('shows the email bought and the email the directory holds now', async () => {
    const card = await show(
      report({
        reportedValue: { value: 'ada@old.example.com', bought: true },
        currentValue: 'ada@new.example.com',
      }),
    );
    const values = card.getByLabelText('Email: reported and now');
    expect(values.textContent).toContain('Email reported');
    expect(within(values).getByText('ada@old.example.com')).toBeTruthy();
    expect(within(values).getByText('(the value bought)')).toBeTruthy();
    expect(within(values).getByText('ada@new.example.com')).toBeTruthy();
    expect(within(values).getByText('(changed since)')).toBeTruthy();
  });

  it('says when the value is unchanged, was listed rather than bought, or the investor is gone', async () => {
    const unchanged = await show(
      report({
        id: 'r-same',
        field: 'phone',
        reportedValue: { value: '+1 415 555 0100', bought: false },
        currentValue: '+1 415 555 0100',
      }),
    );
    expect(unchanged.getByText('(listed when reported)')).toBeTruthy();
    expect(unchanged.getByText('(unchanged)')).toBeTruthy();
    cleanup();

    const gone = await show(
      report({
        id: 'r-gone',
        reportedValue: { value: 'x@y.example.com', bought: true },
        investorListed: false,
      }),
    );
    expect(gone.getByText('The investor is no longer in the directory')).toBeTruthy();
    cleanup();

    const noField = await show(report({ id: 'r-none', field: null, reason: 'wrong_person' }));
    expect(noField.queryByText(/reported$/)).toBeNull();
  });
});
