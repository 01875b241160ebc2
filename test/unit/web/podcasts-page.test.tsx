// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PodcastView } from '../../../shared/api/podcasts';
import { PodcastsPage, PodcastThumb, sortPodcasts } from '../../../web/pages/podcasts/podcasts-page';
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

beforeEach(() => {
  setSignedInUser(null);
  vi.stubGlobal(
    'fetch',
    answerFetch(() => ({ body: { data: { podcasts: BOARD } } })),
  );
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
  it('orders by votes (ties newest first), or by newest', () => {
    expect(sortPodcasts(BOARD, 'votes').map((p) => p.id)).toEqual([
      'popular',
      'tied-newer',
      'tied-older',
      'new',
    ]);
    expect(sortPodcasts(BOARD, 'newest').map((p) => p.id)).toEqual([
      'new',
      'tied-newer',
      'tied-older',
      'popular',
    ]);
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
});
