// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import { ListPodcastModal } from '../../../web/pages/podcasts/list-podcast-modal';
import { setSignedInUser } from './support/amplify-auth-mock';
import { answerFetch, renderPage } from './support/render';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

const onClose = vi.fn();

beforeEach(() => {
  setSignedInUser({});
  onClose.mockReset();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openModal() {
  renderPage(<ListPodcastModal show onClose={onClose} />);
  const dialog = await screen.findByRole('dialog', { name: messages.listPodcastTitle });
  return { dialog, submit: within(dialog).getByRole('button', { name: 'Submit' }) as HTMLButtonElement };
}

describe('the List a New Podcast modal', () => {
  it('keeps submit disabled while the title is blank and says the title is required', async () => {
    const user = userEvent.setup();
    const { dialog, submit } = await openModal();
    expect(submit.disabled).toBe(true);

    const title = within(dialog).getByLabelText('Title');
    await user.type(title, '   ');
    expect(submit.disabled).toBe(true);
    expect(within(dialog).getByText(messages.titleRequired)).toBeTruthy();

    await user.type(title, 'Founders at Dawn');
    expect(submit.disabled).toBe(false);
  });

  it('says the URL is required when it is left empty', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    const { dialog, submit } = await openModal();
    await user.type(within(dialog).getByLabelText('Title'), 'Founders at Dawn');
    await user.click(submit);
    expect(await within(dialog).findByText(messages.urlRequired)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();

    // Once a URL is typed the message goes.
    await user.type(within(dialog).getByLabelText('URL'), 'h');
    expect(within(dialog).queryByText(messages.urlRequired)).toBeNull();
  });

  it('sends the listing with trimmed participants and closes', async () => {
    const requests: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      answerFetch((_url, init) => {
        requests.push(JSON.parse(String(init?.body)));
        return {
          status: 201,
          body: {
            data: {
              id: 'pod_1',
              title: 'Founders at Dawn',
              description: null,
              imageUrl: null,
              url: 'https://example.com/pod',
              participants: ['Ada', 'Hugo'],
              createdAt: '2024-03-07T10:00:00.000Z',
              voteCount: 0,
            },
          },
        };
      }),
    );
    const user = userEvent.setup();
    const { dialog, submit } = await openModal();
    await user.type(within(dialog).getByLabelText('Title'), 'Founders at Dawn');
    await user.type(within(dialog).getByLabelText('URL'), 'https://example.com/pod');
    await user.type(within(dialog).getByLabelText('Participants (optional)'), ' Ada , , Hugo ');
    await user.click(submit);

    await vi.waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(requests).toEqual([
      {
        title: 'Founders at Dawn',
        url: 'https://example.com/pod',
        description: null,
        imageUrl: null,
        participants: ['Ada', 'Hugo'],
      },
    ]);
  });

  it('shows the spec message when the listing fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      answerFetch(() => ({ status: 500, body: { error: { code: 'internal', message: 'Internal error' } } })),
    );
    const user = userEvent.setup();
    const { dialog, submit } = await openModal();
    await user.type(within(dialog).getByLabelText('Title'), 'Founders at Dawn');
    await user.type(within(dialog).getByLabelText('URL'), 'https://example.com/pod');
    await user.click(submit);
    expect(await within(dialog).findByText(messages.submitPodcastFailed)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
