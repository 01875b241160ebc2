// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PodcastView } from '../../../shared/api/podcasts';
import { messages } from '../../../shared/messages';
import { EDIT_PODCAST_TITLE } from '../../../web/pages/podcasts/list-podcast-modal';
import {
  deletePodcastConfirm,
  PODCAST_DELETED,
  PODCAST_HIDDEN,
  PODCAST_SAVED,
  PODCAST_SHOWN,
  PodcastsPage,
  PodcastThumb,
} from '../../../web/pages/podcasts/podcasts-page';
import { ADMIN_CLAIMS } from './support/admin';
import { setSignedInUser } from './support/amplify-auth-mock';
import { answerFetch, renderPage } from './support/render';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

const podcast = (id: string, voteCount: number, createdAt: string): PodcastView => ({
  id,
  title: `Podcast ${id}`,
  description: null,
  imageUrl: null,
  url: `https://example.com/${id}`,
  participants: [],
  createdAt,
  voteCount,
});

const BOARD = [
  podcast('new', 0, '2026-11-03T00:00:00.000Z'),
  podcast('popular', 9, '2026-11-01T00:00:00.000Z'),
  podcast('tied-newer', 3, '2026-11-02T12:00:00.000Z'),
  podcast('tied-older', 3, '2026-11-02T00:00:00.000Z'),
];
/** The API's two orders of the board (it sorts; the page shows what it gets). */
const BY_VOTES = [BOARD[1], BOARD[2], BOARD[3], BOARD[0]] as PodcastView[];
const NEWEST = [BOARD[0], BOARD[2], BOARD[3], BOARD[1]] as PodcastView[];
const boardAnswer = (url: string) => ({
  body: { data: { podcasts: url.includes('sort=newest') ? NEWEST : BY_VOTES, cursor: null } },
});

beforeEach(() => {
  setSignedInUser(null);
  vi.stubGlobal('fetch', answerFetch(boardAnswer));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const titles = () =>
  within(screen.getAllByRole('list')[0] as HTMLElement)
    .getAllByRole('heading')
    .map((h) => h.textContent);

describe('the podcast board', () => {
  it("says 'No podcasts found.' with the next step: sign in to list one, or list the first", async () => {
    vi.stubGlobal(
      'fetch',
      answerFetch(() => ({ body: { data: { podcasts: [], cursor: null, podcastIds: [] } } })),
    );
    const { unmount } = renderPage(<PodcastsPage />);
    const empty = (await screen.findByText(messages.noPodcastsFound)).closest('.empty-state') as HTMLElement;
    expect(within(empty).getByRole('link', { name: messages.signInToListPodcast }).getAttribute('href')).toBe(
      '/login',
    );
    unmount();

    setSignedInUser({});
    renderPage(<PodcastsPage />);
    const signedIn = (await screen.findByText(messages.noPodcastsFound)).closest(
      '.empty-state',
    ) as HTMLElement;
    await userEvent.setup().click(within(signedIn).getByRole('button', { name: 'List the first podcast' }));
    expect(await screen.findByRole('dialog', { name: 'List a New Podcast' })).toBeTruthy();
  });

  it('asks the API for a page in the chosen order, and for the next page on "Load more podcasts"', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      answerFetch((url) => {
        asked.push(url);
        const second = url.includes('cursor=page2');
        return {
          body: {
            data: {
              podcasts: second ? [podcast('later', 1, '2026-10-01T00:00:00.000Z')] : BY_VOTES,
              cursor: second ? null : 'page2',
            },
          },
        };
      }),
    );
    const user = userEvent.setup();
    renderPage(<PodcastsPage />, { path: '/podcasts' });
    await screen.findByText('Podcast popular');
    expect(asked[0]).toBe('/api/podcasts?sort=votes&limit=12');

    await user.click(screen.getByRole('button', { name: 'Load more podcasts' }));

    expect(await screen.findByText('Podcast later')).toBeTruthy();
    expect(asked.at(-1)).toBe('/api/podcasts?sort=votes&cursor=page2&limit=12');
    expect(titles()).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Load more podcasts' })).toBeNull();
  });

  it('shows the most upvoted first, and newest first when asked', async () => {
    renderPage(<PodcastsPage />, { path: '/podcasts' });
    await screen.findByText('Podcast popular');
    expect(titles()[0]).toMatch(/^Podcast popular/);
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'newest');
    expect(titles()[0]).toMatch(/^Podcast new/);
  });

  it('replaces an image that fails to load with a plain tile', () => {
    const { container } = render(<PodcastThumb src="https://example.com/missing.png" />);
    const image = container.querySelector('img') as HTMLImageElement;
    fireEvent.error(image);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('podcast-thumb-fallback')).toBeTruthy();
  });

  it('offers its lister Edit and Delete on their own podcast only, and sends them', async () => {
    setSignedInUser({});
    const requests: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      answerFetch((url, init) => {
        const method = init?.method ?? 'GET';
        if (method !== 'GET')
          requests.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : null });
        if (url.endsWith('/podcasts/mine')) return { body: { data: { podcastIds: ['new'] } } };
        if (url.endsWith('/podcasts/my-votes')) return { body: { data: { podcastIds: [] } } };
        if (method === 'DELETE') return { body: { data: { deleted: true } } };
        if (method === 'PATCH') return { body: { data: { ...BOARD[0], title: 'Renamed' } } };
        return { body: { data: { podcasts: BOARD, cursor: null } } };
      }),
    );
    const user = userEvent.setup();
    renderPage(<PodcastsPage />, { path: '/podcasts' });
    const [edit, ...others] = await screen.findAllByRole('button', { name: /^Edit/ });
    expect(others).toHaveLength(0);
    expect(edit?.textContent).toBe('Edit Podcast new');

    await user.click(edit as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: EDIT_PODCAST_TITLE });
    const title = within(dialog).getByLabelText('Title') as HTMLInputElement;
    expect(title.value).toBe('Podcast new');
    await user.clear(title);
    await user.type(title, 'Renamed');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(PODCAST_SAVED)).toBeTruthy();
    expect(requests[0]).toMatchObject({
      method: 'PATCH',
      url: '/api/podcasts/new',
      body: { title: 'Renamed' },
    });

    await user.click(screen.getByRole('button', { name: /^Delete/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete podcast' });
    expect(within(confirm).getByText(deletePodcastConfirm('Podcast new'))).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(PODCAST_DELETED)).toBeTruthy();
    expect(requests.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/podcasts/new' });
  });

  it("lets an admin hide or delete anyone's podcast, and show a hidden one again", async () => {
    setSignedInUser(ADMIN_CLAIMS);
    const requests: string[] = [];
    vi.stubGlobal(
      'fetch',
      answerFetch((url, init) => {
        const method = init?.method ?? 'GET';
        if (method !== 'GET') requests.push(`${method} ${url}`);
        if (url.endsWith('/podcasts/mine') || url.endsWith('/podcasts/my-votes'))
          return { body: { data: { podcastIds: [] } } };
        if (url.endsWith('/admin/podcasts/hidden'))
          return {
            body: {
              data: {
                podcasts: [
                  { ...podcast('gone', 2, '2026-10-01T00:00:00.000Z'), hiddenAt: '2026-11-04T00:00:00.000Z' },
                ],
              },
            },
          };
        if (method === 'DELETE') return { body: { data: { deleted: true } } };
        if (method === 'POST') return { body: { data: { ...BOARD[1], hiddenAt: null } } };
        return boardAnswer(url);
      }),
    );
    const user = userEvent.setup();
    renderPage(<PodcastsPage />, { path: '/podcasts' });

    await user.click(await screen.findByRole('button', { name: 'Hide Podcast popular' }));
    expect(await screen.findByText(PODCAST_HIDDEN)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete Podcast new' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete podcast' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(PODCAST_DELETED)).toBeTruthy();

    const hidden = screen.getByRole('region', { name: 'Hidden podcasts' });
    await user.click(await within(hidden).findByRole('button', { name: 'Show again Podcast gone' }));
    expect(await screen.findByText(PODCAST_SHOWN)).toBeTruthy();

    expect(requests).toEqual([
      'POST /api/admin/podcasts/popular/hide',
      'DELETE /api/admin/podcasts/new',
      'POST /api/admin/podcasts/gone/show',
    ]);
  });
});
