// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conflictMessage } from '../../../shared/pipeline/stages';
import { PipelinePage } from '../../../web/pages/pipeline/pipeline-page';
import { setSignedInUser } from './support/amplify-auth-mock';
import { pipelineEntry } from './support/pipeline-entry';
import { answerFetch, renderPage } from './support/render';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ada = pipelineEntry();

describe('the pipeline page', () => {
  it('explains a move another window made first, and reloads the board when asked', async () => {
    setSignedInUser({});
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
    }));
    /** The other window's move: this tab's board shows it once this tab's own move was refused. */
    let patched = false;
    const calls: { method: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      answerFetch((url, init) => {
        const method = init?.method ?? 'GET';
        calls.push({ method, body: init?.body ? JSON.parse(String(init.body)) : null });
        if (method === 'PATCH') {
          patched = true;
          return {
            status: 409,
            body: { error: { code: 'aborted', message: conflictMessage('meeting', true) } },
          };
        }
        if (url.endsWith('/pipeline')) {
          const entry = patched ? { ...ada, stage: 'meeting' as const, version: 2 } : ada;
          return {
            body: { data: { project: { id: 'proj_1', name: 'Raise' }, entries: [entry], max: 1000 } },
          };
        }
        return { status: 404, body: { error: { code: 'not-found', message: 'Not found' } } };
      }),
    );
    const user = userEvent.setup();
    renderPage(<PipelinePage />, {
      path: '/projects/:projectId/pipeline',
      route: '/projects/proj_1/pipeline',
    });

    await screen.findByRole('article', { name: 'Ada Lovelace, Contacted' });
    await user.click(await screen.findByRole('button', { name: 'Move Ada Lovelace to another stage' }));
    await user.click(await screen.findByRole('button', { name: 'Replied' }));

    const alert = await screen.findByText(
      'This investor was moved to Meeting in another window. Reload to see it.',
    );
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ stage: 'replied', version: 1 });
    await user.click(within(alert.closest('.alert') as HTMLElement).getByRole('button', { name: 'Reload' }));
    expect(await screen.findByRole('article', { name: 'Ada Lovelace, Meeting' })).toBeTruthy();
    expect(screen.queryByText(/in another window/)).toBeNull();
  });
});
