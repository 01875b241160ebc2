// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurationJob } from '../../../shared/api/admin';
import {
  NO_FINAL_VALUE_MESSAGE,
  NO_VALUES_MESSAGE,
  SPLIT_NEEDS_ONE_VALUE_MESSAGE,
} from '../../../shared/curation/field-merger';
import type { CurationRule } from '../../../shared/curation/rules';
import { derivedContactSheet } from '../../../shared/investors/provenance';
import { errorRunningFunction, messages } from '../../../shared/messages';
import { AdminPage } from '../../../web/pages/admin/admin-page';
import { CONTACTS_CORRECTED } from '../../../web/pages/admin/contact-sheet-panel';
import { curationProgress, FieldMerger, RULE_UNDONE } from '../../../web/pages/admin/field-merger';
import { FunctionRunner, functionStarted } from '../../../web/pages/admin/function-runner';
import { MappingDebugger } from '../../../web/pages/admin/mapping-debugger';
import { ADMIN_CLAIMS, mappedInvestor } from './support/admin';
import { setSignedInUser } from './support/amplify-auth-mock';
import { answerFetch, renderPage } from './support/render';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

const SECTORS = [
  'ai',
  'biotech',
  'climate',
  'fintech',
  'gaming',
  'saas',
  'web3',
  'fintech (payments, lending)',
];

const metadata = {
  id: 'meta_1',
  stageFocus: ['seed', 'series a'],
  sectorFocus: SECTORS,
  stageFocusWeighted: [],
  sectorFocusWeighted: [],
  totalInvestors: 10,
  totalInvestorsWithEmail: 5,
  totalInvestorsWithPhone: 1,
  totalInvestorsWithLinkedIn: 4,
  totalInvestorsWithTwitter: 2,
  totalInvestorsWithCrunchbase: 1,
  countsByRole: { vc: 10 },
  createdAt: '2024-03-07T10:00:00.000Z',
};

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** The curation rules the stubbed API lists (the field merger shows them). */
let rulesOnServer: CurationRule[] = [];

/** A fetch answering the metadata and rules reads and, for every other call, `respond`. */
function stubApi(respond: (call: Call) => { status?: number; body: unknown }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    answerFetch((url, init) => {
      if (url === '/api/directory/metadata') return { body: { data: metadata } };
      if (url === '/api/admin/curation-rules' && (init?.method ?? 'GET') === 'GET')
        return { body: { data: { rules: rulesOnServer } } };
      const call = {
        method: init?.method ?? 'GET',
        url,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      return respond(call);
    }),
  );
  return calls;
}

beforeEach(() => {
  setSignedInUser(ADMIN_CLAIMS);
  rulesOnServer = [];
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the admin page', () => {
  it('sends a non-admin to / with the loading message', async () => {
    setSignedInUser({});
    renderPage(<AdminPage />, { path: '/admin' });
    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/');
  });

  it('shows the four sections and the link to the recent carts', async () => {
    stubApi(() => ({ body: { data: null } }));
    renderPage(<AdminPage />, { path: '/admin' });
    for (const name of ['Mapping Debugger', 'Field Merger', 'Function Runner', 'CSV Importer']) {
      expect(await screen.findByRole('heading', { name })).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'View recent carts' }).getAttribute('href')).toBe('/admin/carts');
  });
});

describe('the mapping debugger', () => {
  it('says nothing is loaded until an email is given', () => {
    renderPage(<MappingDebugger />, { path: '/admin' });
    expect(screen.getByText(messages.mappingDebuggerEmpty)).toBeTruthy();
  });

  it("loads the record behind a search result's Debug Mapping link", async () => {
    const calls = stubApi(() => ({ body: { data: mappedInvestor() } }));
    renderPage(<MappingDebugger />, { path: '/admin', route: '/admin?searchableInvestorId=inv_1' });
    const searchable = await screen.findByRole('table', { name: 'Searchable investor' });
    expect(calls[0]?.url).toBe('/api/admin/searchable-investors/inv_1');
    // Tables of fields in words, not JSON.
    expect(document.querySelector('pre')).toBeNull();
    const imported = screen.getByRole('table', { name: 'Imported investor' });
    const field = (table: HTMLElement, label: string) =>
      within(table).getByRole('rowheader', { name: label }).closest('tr')?.querySelector('td')?.textContent;
    expect(field(imported, 'Imported investor id')).toBe('imp-1');
    expect(field(imported, 'Name')).toBe('Ada Abernook');
    expect(field(imported, 'Email')).toBe('ada@example.com');
    expect(field(imported, 'Stage focus')).toBe('seed');
    expect(field(imported, 'Empty')).toContain('Phone');
    expect(field(searchable, 'Searchable investor id')).toBe('inv_1');
    expect(field(searchable, 'Imported investor id')).toBe('imp-1');
    expect(field(searchable, 'Contact details held')).toBe('Email');
  });

  it("shows each contact value's source and dates, and sends only the fields the admin changed", async () => {
    const mapped = mappedInvestor();
    const contacts = derivedContactSheet('inv_1', mapped.importedInvestor);
    const corrected = {
      ...contacts,
      updatedAt: '2024-04-01T09:00:00.000Z',
      fields: {
        ...contacts.fields,
        phone: {
          value: '+1 555 0199',
          source: { kind: 'admin', name: 'admin correction', url: null, ref: 'admin-1' },
          changedAt: '2024-04-01T09:00:00.000Z',
          confirmedAt: '2024-04-01T09:00:00.000Z',
        },
      },
    };
    let sheet: unknown = contacts;
    const calls = stubApi((call) => {
      if (call.method === 'PUT') {
        sheet = corrected;
        return { body: { data: { contacts: corrected, searchableInvestor: mapped.searchableInvestor } } };
      }
      return { body: { data: { ...mapped, contacts: sheet } } };
    });
    const user = userEvent.setup();
    renderPage(<MappingDebugger />, { path: '/admin', route: '/admin?searchableInvestorId=inv_1' });

    const table = await screen.findByRole('table', { name: 'Contact details and where they came from' });
    const email = within(table).getByRole('row', { name: /^Email/ });
    expect(within(email).getByRole('link', { name: 'Fixture' }).getAttribute('href')).toBe(
      'https://example.com/fixture',
    );
    expect(email.textContent).toContain('Mar 7, 2024');

    await user.type(screen.getByLabelText('Phone'), '+1 555 0199');
    await user.click(screen.getByRole('button', { name: 'Save corrections' }));

    expect(await screen.findByText(CONTACTS_CORRECTED)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/admin/investors/inv_1/contacts',
      body: { phone: '+1 555 0199' },
    });
    const phone = within(
      await screen.findByRole('table', { name: 'Contact details and where they came from' }),
    ).getByRole('row', { name: /^Phone/ });
    await waitFor(() => expect(phone.textContent).toContain('admin correction'));
  });

  it('loads by email, and shows the API message when there is no such record', async () => {
    const calls = stubApi(() => ({
      status: 404,
      body: { error: { code: 'not-found', message: 'No imported investor found' } },
    }));
    const user = userEvent.setup();
    renderPage(<MappingDebugger />, { path: '/admin', route: '/admin?importedInvestorId=imp-9' });
    expect(await screen.findByText('No imported investor found')).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/admin/imported-investors/imp-9');

    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Load' }));
    await waitFor(() => expect(calls[1]?.url).toBe('/api/admin/imported-investors?email=ada%40example.com'));
  });
});

describe('the field merger', () => {
  async function renderMerger() {
    const user = userEvent.setup();
    renderPage(<FieldMerger />, { path: '/admin' });
    await screen.findByRole('checkbox', { name: 'fintech' });
    return user;
  }

  it('lists the rules kept for the chosen field, and undoes one', async () => {
    rulesOnServer = [
      {
        field: 'sectorFocus',
        value: 'fin tech',
        finals: ['fintech'],
        action: 'merge',
        createdAt: '2026-11-25T10:00:00.000Z',
      },
      {
        field: 'stageFocus',
        value: 'pre seed',
        finals: [],
        action: 'remove',
        createdAt: '2026-11-25T09:00:00.000Z',
      },
    ];
    const calls = stubApi(() => ({ body: { data: { deleted: true } } }));
    const user = await renderMerger();

    expect(await screen.findByText('Rules kept for Sector Focus (1)')).toBeTruthy();
    expect(screen.getByText('fin tech → fintech', { selector: '.text-break' })).toBeTruthy();
    expect(screen.queryByText('pre seed → (removed)')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Undo fin tech → fintech' }));

    expect(await screen.findByText(RULE_UNDONE)).toBeTruthy();
    expect(calls).toEqual([
      {
        method: 'DELETE',
        url: '/api/admin/curation-rules?field=sectorFocus&value=fin+tech',
        body: undefined,
      },
    ]);
  });

  it('asks to fill in all fields before calling the API', async () => {
    const calls = stubApi(() => ({ body: { data: { matched: 1, updated: 1 } } }));
    const user = await renderMerger();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(NO_VALUES_MESSAGE)).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'fintech' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(NO_FINAL_VALUE_MESSAGE)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('enables Split Value with exactly one selected value', async () => {
    stubApi(() => ({ body: { data: null } }));
    const user = await renderMerger();
    const split = screen.getByRole('button', { name: 'Split Value' }) as HTMLButtonElement;
    expect(split.disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'fintech' }));
    expect(split.disabled).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: 'ai' }));
    expect(split.disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Remove fintech' }));
    expect(split.disabled).toBe(false);
  });

  it('allows at most 6 selected values', async () => {
    stubApi(() => ({ body: { data: null } }));
    const user = await renderMerger();
    for (const value of SECTORS.slice(0, 6)) await user.click(screen.getByRole('checkbox', { name: value }));
    expect(screen.getByText('6 of 6 selected')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'web3' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'ai' }) as HTMLInputElement).disabled).toBe(false);
  });

  it('filters the values', async () => {
    stubApi(() => ({ body: { data: null } }));
    const user = await renderMerger();
    await user.type(screen.getByLabelText('Filter values'), 'FIN');
    const picker = screen.getByRole('group', { name: 'Existing values' });
    const shown = within(picker)
      .getAllByRole('checkbox')
      .map((box) => box.closest('.form-check')?.textContent);
    expect(shown).toEqual(['fintech', 'fintech (payments, lending)']);
  });

  it("splits one value into the comma-separated final value: a run with its progress, then the spec's message", async () => {
    const run: CurationJob = {
      id: 'cur_1',
      status: 'running',
      action: 'split',
      field: 'sectorFocus',
      values: ['fintech (payments, lending)'],
      finalValue: 'fintech, payments, lending',
      total: 3000,
      processed: 0,
      updated: 0,
      startedAt: '2026-11-25T10:00:00.000Z',
      finishedAt: null,
      failureReason: null,
    };
    let reads = 0;
    const calls = stubApi((call) => {
      if (call.method === 'POST') return { status: 202, body: { data: { job: run, rules: 1 } } };
      reads++;
      const job =
        reads === 1
          ? { ...run, processed: 1200, updated: 1190 }
          : {
              ...run,
              status: 'succeeded',
              processed: 3000,
              updated: 2990,
              finishedAt: '2026-11-25T10:01:00.000Z',
            };
      return { body: { data: { job } } };
    });
    const user = await renderMerger();
    await user.click(screen.getByRole('checkbox', { name: 'fintech (payments, lending)' }));
    await user.type(screen.getByLabelText('Final value'), 'fintech, payments, lending');
    await user.click(screen.getByRole('button', { name: 'Split Value' }));
    const dialog = await screen.findByRole('dialog', { name: 'Split “fintech (payments, lending)”?' });
    expect(dialog.textContent).toContain('will hold “fintech”, “payments”, “lending” instead');
    await user.click(within(dialog).getByRole('button', { name: 'Split value' }));

    expect(
      await screen.findByText(curationProgress({ processed: 1200, updated: 1190, total: 3000 })),
    ).toBeTruthy();
    expect(curationProgress({ processed: 1200, updated: 1190, total: 3000 })).toBe(
      'Changing investors... 1,200 of 3,000 read, 1,190 changed',
    );
    expect(await screen.findByText(messages.splitValue)).toBeTruthy();
    // The list follows the change at once, though the metadata read is still the old one.
    expect(screen.queryByRole('checkbox', { name: 'fintech (payments, lending)' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'payments' })).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('GET /api/admin/field-merger/jobs/cur_1');
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/admin/field-merger',
      body: {
        action: 'split',
        field: 'sectorFocus',
        selectedValues: ['fintech (payments, lending)'],
        freeFormValue: null,
        finalValue: 'fintech, payments, lending',
      },
    });
  });

  it('asks before merging (Cancel changes nothing), then merges: the success toast, and the merged values leave the list', async () => {
    const run: CurationJob = {
      id: 'cur_2',
      status: 'succeeded',
      action: 'merge',
      field: 'sectorFocus',
      values: ['climate', 'saas'],
      finalValue: 'Climate Tech',
      total: 40,
      processed: 40,
      updated: 40,
      startedAt: '2026-11-25T10:00:00.000Z',
      finishedAt: '2026-11-25T10:00:05.000Z',
      failureReason: null,
    };
    const calls = stubApi((call) =>
      call.method === 'POST'
        ? { status: 202, body: { data: { job: { ...run, status: 'running' }, rules: 2 } } }
        : { body: { data: { job: run } } },
    );
    const user = await renderMerger();
    await user.click(screen.getByRole('checkbox', { name: 'climate' }));
    await user.click(screen.getByRole('checkbox', { name: 'saas' }));
    await user.type(screen.getByLabelText('Final value'), 'Climate Tech');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // The final value as it will be stored: a tag, in lower case.
    let dialog = await screen.findByRole('dialog', { name: 'Merge into “climate tech”?' });
    expect(dialog.textContent).toContain(
      'Every investor whose Sector Focus holds “climate”, “saas” will hold “climate tech” instead.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    dialog = await screen.findByRole('dialog', { name: 'Merge into “climate tech”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Merge values' }));
    expect(await screen.findByText(messages.mergedField, {}, { timeout: 3000 })).toBeTruthy();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      body: { action: 'merge', selectedValues: ['climate', 'saas'], finalValue: 'Climate Tech' },
    });
    // No old value listed after merging, whatever the cached metadata says.
    expect(screen.queryByRole('checkbox', { name: 'climate' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'saas' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'climate tech' })).toBeTruthy();
  });

  it('says a run that failed on the server with the failure toast and its reason', async () => {
    const run: CurationJob = {
      id: 'cur_3',
      status: 'failed',
      action: 'merge',
      field: 'sectorFocus',
      values: ['web3'],
      finalValue: 'Crypto',
      total: 5,
      processed: 2,
      updated: 2,
      startedAt: '2026-11-25T10:00:00.000Z',
      finishedAt: '2026-11-25T10:00:05.000Z',
      failureReason: 'The table refused the change.',
    };
    stubApi((call) =>
      call.method === 'POST'
        ? { status: 202, body: { data: { job: { ...run, status: 'running' }, rules: 1 } } }
        : { body: { data: { job: run } } },
    );
    const user = await renderMerger();
    await user.click(screen.getByRole('checkbox', { name: 'web3' }));
    await user.type(screen.getByLabelText('Final value'), 'Crypto');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Merge values' }));
    expect(
      await screen.findByText(`Failed to save: The table refused the change.`, {}, { timeout: 3000 }),
    ).toBeTruthy();
    // A failed run changes nothing in the list.
    expect(screen.getByRole('checkbox', { name: 'web3' })).toBeTruthy();
  });

  it('refuses a split with a free-form value too', async () => {
    const calls = stubApi(() => ({ body: { data: null } }));
    const user = await renderMerger();
    await user.click(screen.getByRole('checkbox', { name: 'fintech' }));
    await user.type(screen.getByLabelText('Other value (optional)'), 'payments');
    await user.type(screen.getByLabelText('Final value'), 'fintech, payments');
    await user.click(screen.getByRole('button', { name: 'Split Value' }));
    expect(screen.getByText(SPLIT_NEEDS_ONE_VALUE_MESSAGE)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('opens the debug-field page when no investor holds the values', async () => {
    stubApi(() => ({
      status: 404,
      body: { error: { code: 'not-found', message: messages.noInvestorsFound } },
    }));
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const user = await renderMerger();
    await user.click(screen.getByRole('checkbox', { name: 'gaming' }));
    await user.type(screen.getByLabelText('Other value (optional)'), 'e-sports');
    await user.type(screen.getByLabelText('Final value'), 'Gaming');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Merge values' }));

    expect(await screen.findByText(`Failed to save: ${messages.noInvestorsFound}`)).toBeTruthy();
    const url =
      '/admin/debug-field?targetField=sectorFocus&selectedValues=gaming&selectedValues=e-sports&finalValue=Gaming';
    expect(open).toHaveBeenCalledWith(url, '_blank', 'noopener');
    expect(
      screen.getByRole('link', { name: /See the investors matching the first value/ }).getAttribute('href'),
    ).toBe(url);
  });

  it('names the failed action and the reason', async () => {
    stubApi(() => ({ status: 500, body: { error: { code: 'internal', message: 'Boom' } } }));
    const user = await renderMerger();
    await user.click(screen.getByRole('checkbox', { name: 'ai' }));
    await user.click(screen.getByRole('button', { name: 'Remove Values' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this value?' });
    expect(dialog.textContent).toContain(
      '“ai” will be removed from the Sector Focus of every investor holding it.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove values' }));
    expect(await screen.findByText(`${messages.failedToRemoveValues}: Boom`)).toBeTruthy();
  });
});

describe('the function runner', () => {
  it('asks for a function first', async () => {
    const calls = stubApi(() => ({ body: { data: null } }));
    const user = userEvent.setup();
    renderPage(<FunctionRunner />, { path: '/admin' });
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(screen.getByText(messages.selectFunction)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('runs the chosen function and says what it started and what it does, in words, with no execution id', async () => {
    const answer = { functionName: 'aggregate', executionArn: 'arn:aws:states:us-east-1:1:execution:agg:1' };
    const calls = stubApi(() => ({ body: { data: answer } }));
    const user = userEvent.setup();
    renderPage(<FunctionRunner />, { path: '/admin' });
    await user.selectOptions(
      screen.getByLabelText('Function'),
      'Trigger aggregation of stats, stage and sector focuses',
    );
    await user.click(screen.getByRole('button', { name: 'Run' }));
    const status = await screen.findByText(functionStarted('aggregate'));
    expect(status.getAttribute('role')).toBe('status');
    expect(status.textContent).toBe(
      'Started “Trigger aggregation of stats, stage and sector focuses”. It recounts the directory: the number of investors, their types, and the stage and sector focus counts on the home page. The home page shows the new counts within a minute of the job ending.',
    );
    expect(
      await screen.findByText('Started “Trigger aggregation of stats, stage and sector focuses”.'),
    ).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/admin/functions/aggregate' });
    expect(document.body.textContent).not.toContain(messages.functionRunSuccess);
    expect(document.body.textContent).not.toContain('arn:');
  });

  it('says a running function is already running, and names any other failure', async () => {
    let status = 409;
    stubApi(() => ({
      status,
      body: {
        error: { code: status === 409 ? 'aborted' : 'internal', message: messages.functionAlreadyRunning },
      },
    }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderPage(<FunctionRunner />, { path: '/admin' });
    await user.selectOptions(screen.getByLabelText('Function'), 'Process unmapped imported investor entries');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText(messages.functionAlreadyRunning)).toBeTruthy();

    status = 500;
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(
      await screen.findByText(errorRunningFunction('processUnmappedImportedInvestorEntries')),
    ).toBeTruthy();
  });
});
