// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MrrReport } from '../../../shared/api/projects';
import { messages } from '../../../shared/messages';
import { CALL_TIMEOUT_MS } from '../../../web/api/client';
import { BusinessInsightsPage } from '../../../web/pages/business-insights/business-insights-page';
import { formatMoney } from '../../../web/pages/business-insights/format-money';
import { axisLabels, MrrChart, niceCeiling } from '../../../web/pages/business-insights/mrr-chart';
import { SYNC_TIMED_OUT } from '../../../web/pages/business-insights/sync-payments';
import { setSignedInUser } from './support/amplify-auth-mock';
import { answerFetch, renderPage } from './support/render';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

const MONTHS = [
  '2024-04',
  '2024-05',
  '2024-06',
  '2024-07',
  '2024-08',
  '2024-09',
  '2024-10',
  '2024-11',
  '2024-12',
  '2025-01',
  '2025-02',
  '2025-03',
];
const series = MONTHS.map((month, i) => ({ month, mrrX100: (i + 1) * 10_000 }));

const report: MrrReport = {
  connected: true,
  currency: 'usd',
  currentMrrX100: 120_000,
  series,
  subscriptions: 7,
  opportunities: {
    currency: 'usd',
    sinceMonth: '2025-02',
    churnRisk: [
      { customerId: 'cus_gone', kind: 'stopped', beforeX100: 50_000, nowX100: 0, changeX100: -50_000 },
      { customerId: 'cus_less', kind: 'fell', beforeX100: 30_000, nowX100: 20_000, changeX100: -10_000 },
    ],
    expansion: [
      { customerId: 'cus_more', kind: 'grew', beforeX100: 10_000, nowX100: 40_000, changeX100: 30_000 },
    ],
    lostX100: 60_000,
    gainedX100: 30_000,
  },
  computedAt: '2025-03-15T10:00:00.000Z',
};

beforeEach(() => setSignedInUser({}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the MRR chart', () => {
  it('draws a bar per month and lists the 12 values in a hidden table', () => {
    render(<MrrChart series={series} currency="usd" />);
    const chart = screen.getByRole('img');
    expect(chart.querySelectorAll('rect')).toHaveLength(12);
    const table = screen.getByRole('table', { name: 'Monthly recurring revenue by month' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(12);
    expect(rows[5]?.textContent).toBe(`September 2024${formatMoney(60_000, 'usd')}`);
    expect(rows[0]?.textContent).toBe('April 2024$100.00');
    expect(rows[11]?.textContent).toBe('March 2025$1,200.00');
  });

  it('summarises the range and the peak for screen readers', () => {
    render(<MrrChart series={series} currency="usd" />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'Monthly recurring revenue over 12 months, from $100.00 in April 2024 to $1,200.00 in March 2025; highest $1,200.00 in March 2025.',
    );
  });

  it('labels every month, with the year under the first one and under January', () => {
    const labels = axisLabels(series, 1);
    expect(labels.map((label) => label?.month)).toEqual([
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
      'Jan',
      'Feb',
      'Mar',
    ]);
    expect(labels.filter((label) => label?.year).map((label) => `${label?.month} ${label?.year}`)).toEqual([
      'Apr 2024',
      'Jan 2025',
    ]);
  });

  it('labels every other month on a narrow chart, always the current one', () => {
    const labels = axisLabels(series, 2);
    expect(labels.map((label) => label?.month ?? null)).toEqual([
      null,
      'May',
      null,
      'Jul',
      null,
      'Sep',
      null,
      'Nov',
      null,
      'Jan',
      null,
      'Mar',
    ]);
  });

  it('tops the axis at a round value', () => {
    expect(niceCeiling(120_000)).toBe(200_000);
    expect(niceCeiling(90_000)).toBe(100_000);
    expect(niceCeiling(0)).toBe(1000);
  });
});

describe('the business insights page', () => {
  it('shows the current MRR and syncs payments from Stripe, showing the answer', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      answerFetch((url, init) => {
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        if (url.endsWith('/sync')) {
          return {
            body: {
              data: {
                message: 'Imported 12 charges, 1 refund, 12 invoices and 3 subscriptions.',
                imported: { charges: 12, refunds: 1, invoices: 12, subscriptions: 3 },
              },
            },
          };
        }
        return { body: { data: report } };
      }),
    );
    const user = userEvent.setup();
    renderPage(<BusinessInsightsPage />, {
      path: '/projects/:projectId/jorts',
      route: '/projects/proj_1/jorts',
    });
    expect(await screen.findByText('$1,200.00', { selector: '.mrr-figure-value' })).toBeTruthy();
    expect(screen.getAllByRole('link').some((link) => link.getAttribute('href') === '/project/proj_1')).toBe(
      true,
    );

    await user.click(screen.getByRole('button', { name: 'Sync payments from Stripe' }));
    expect(
      await screen.findByText('Imported 12 charges, 1 refund, 12 invoices and 3 subscriptions.'),
    ).toBeTruthy();
    expect(calls).toContain('POST /api/projects/proj_1/stripe/transactions/sync');
    expect(calls.filter((call) => call === 'GET /api/projects/proj_1/insights/mrr')).toHaveLength(2);
  });

  it("says plainly when the gateway cut a sync off at its 30 seconds, long before the spec's 70", async () => {
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith('/sync')
        ? new Response(JSON.stringify({ message: 'Service Unavailable' }), { status: 503 })
        : answerFetch(() => ({ body: { data: report } }))(input, init),
    );
    const user = userEvent.setup();
    renderPage(<BusinessInsightsPage />, {
      path: '/projects/:projectId/jorts',
      route: '/projects/proj_1/jorts',
    });
    await user.click(await screen.findByRole('button', { name: 'Sync payments from Stripe' }));
    expect(await screen.findByText(SYNC_TIMED_OUT)).toBeTruthy();
  });

  it("gives up on a sync that never answers after the spec's 70 seconds, and says so", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let syncCalled = false;
      vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
        if (!String(input).endsWith('/sync'))
          return answerFetch(() => ({ body: { data: report } }))(input, init);
        syncCalled = true;
        // Held by the network: only the app's hang guard ends it.
        return new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderPage(<BusinessInsightsPage />, {
        path: '/projects/:projectId/jorts',
        route: '/projects/proj_1/jorts',
      });
      await user.click(await screen.findByRole('button', { name: 'Sync payments from Stripe' }));
      await vi.waitFor(() => expect(syncCalled).toBe(true));
      expect(screen.getByRole('button', { name: 'Syncing...' })).toBeTruthy();
      // Still waiting well before 70 s (the margin covers the real time that also moves this clock).
      await vi.advanceTimersByTimeAsync(CALL_TIMEOUT_MS - 30_000);
      expect(screen.queryByText(SYNC_TIMED_OUT)).toBeNull();
      expect(screen.getByRole('button', { name: 'Syncing...' })).toBeTruthy();
      await vi.advanceTimersByTimeAsync(30_000);
      expect(await screen.findByText(SYNC_TIMED_OUT)).toBeTruthy();
      expect(CALL_TIMEOUT_MS).toBe(70_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends an unconnected project to its page to connect Stripe', async () => {
    const message = 'This project is not connected to Stripe. Connect it first.';
    vi.stubGlobal(
      'fetch',
      answerFetch(() => ({ body: { data: { connected: false, message } } })),
    );
    renderPage(<BusinessInsightsPage />, {
      path: '/projects/:projectId/jorts',
      route: '/projects/proj_1/jorts',
    });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Connect Stripe on the project page' }).getAttribute('href'),
    ).toBe('/project/proj_1');
  });

  it('shows sales opportunities from the ingested payments (no placeholder), and the sync in the ingest report', async () => {
    vi.stubGlobal(
      'fetch',
      answerFetch(() => ({ body: { data: report } })),
    );
    const user = userEvent.setup();
    renderPage(<BusinessInsightsPage />, {
      path: '/projects/:projectId/jorts',
      route: '/projects/proj_1/jorts',
    });
    await user.click(await screen.findByRole('button', { name: 'Surface org-wide sales opportunities' }));
    expect(screen.queryByText(new RegExp(`${messages.comingSoon}`))).toBeNull();
    expect((await screen.findByTestId('spend-lost')).textContent).toBe('$600.00');
    expect(screen.getByTestId('spend-gained').textContent).toBe('$300.00');
    const risk = screen.getByRole('table', { name: 'Churn risk: talk to these customers first' });
    expect(
      within(risk)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'CustomerWhat changedEnd of Feb 2025NowChange a month',
      'cus_goneStopped paying$500.00$0.00−$500.00',
      'cus_lessSpending less$300.00$200.00−$100.00',
    ]);
    const growth = screen.getByRole('table', { name: 'Expansion: customers spending more' });
    expect(within(growth).getAllByRole('row')[1]?.textContent).toBe(
      'cus_moreSpending more$100.00$400.00+$300.00',
    );
    // The ingest report holds the sync itself, not a pointer to a button elsewhere.
    await user.click(screen.getByRole('button', { name: 'Ingest payment transactions' }));
    expect(screen.getByRole('button', { name: 'Sync payments from Stripe' })).toBeTruthy();
  });
});
