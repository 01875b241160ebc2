// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AdminReport, REPORT_ALREADY_OPEN } from '../../../shared/api/reports';
import { REPORT_SENT, ReportWrongData } from '../../../web/components/report-wrong-data';
import { AdminReportsPage, NO_OPEN_REPORTS } from '../../../web/pages/admin/admin-reports-page';
import { ADMIN_CLAIMS } from './support/admin';
import { setSignedInUser } from './support/amplify-auth-mock';
import { answerFetch, renderPage } from './support/render';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const report = (overrides: Partial<AdminReport> = {}): AdminReport => ({
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
        return { body: { data: { reports: open } } };
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
