import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  countVotes,
  deletePodcastOfLister,
  listPodcastIdsListedBy,
} from '../../lambdas/lib/table/repositories/podcasts';
import { apiErrorEnvelopeSchema, apiSuccessEnvelope } from '../../shared/api/errors';
import { INVALID_CURSOR } from '../../shared/api/paging';
import {
  hiddenPodcastsResponse,
  listPodcastsResponse,
  MAX_PODCASTS_PER_FOUNDER,
  myVotesResponse,
  PODCAST_LIMIT_REACHED,
  PODCAST_TITLE_TOO_LONG,
  PODCAST_TOO_MANY_PARTICIPANTS,
  type PodcastView,
  podcastViewSchema,
  voteResponse,
} from '../../shared/api/podcasts';
import { PODCAST_URL_INVALID } from '../../shared/podcasts/podcast';
import { call, createUser, type TestUser } from './support/home';
import { nextMillisecond } from './support/seed';

const podcastResponse = apiSuccessEnvelope(podcastViewSchema);
const boardResponse = apiSuccessEnvelope(listPodcastsResponse);
const votesResponse = apiSuccessEnvelope(myVotesResponse);
const toggledResponse = apiSuccessEnvelope(voteResponse);
const errorOf = (body: unknown) => apiErrorEnvelopeSchema.parse(body).error;

/** Every page of the public board in one order, with the raw texts (other tests' podcasts included). */
async function wholeBoard(sort: 'votes' | 'newest' = 'newest', limit = 50) {
  const podcasts: PodcastView[] = [];
  const texts: string[] = [];
  let cursor: string | null = null;
  do {
    const response = await call(
      'GET',
      `/podcasts?sort=${sort}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(response.status).toBe(200);
    const page: { podcasts: PodcastView[]; cursor: string | null } = boardResponse.parse(response.body).data;
    expect(page.podcasts.length).toBeLessThanOrEqual(limit);
    podcasts.push(...page.podcasts);
    texts.push(response.text);
    cursor = page.cursor;
  } while (cursor);
  return { podcasts, text: texts.join('\n') };
}

describe('podcasts over HTTP', () => {
  let host: TestUser;
  let listener: TestUser;

  beforeAll(async () => {
    [host, listener] = await Promise.all([createUser(), createUser()]);
  });

  async function listPodcast(title = `Founders at Dawn ${randomUUID().slice(0, 8)}`) {
    // The host lists a podcast in most tests: earlier ones go (through the repository) before the limit.
    const listed = await listPodcastIdsListedBy(host.sub);
    if (listed.length >= MAX_PODCASTS_PER_FOUNDER - 2)
      for (const id of listed) await deletePodcastOfLister(id, host.sub);
    const response = await call('POST', '/podcasts', {
      token: host.token,
      body: { title, url: 'https://podcasts.example.com/dawn' },
    });
    expect(response.status).toBe(201);
    return podcastResponse.parse(response.body).data;
  }

  async function vote(user: TestUser, podcastId: string) {
    const response = await call('POST', `/podcasts/${podcastId}/vote`, { token: user.token });
    expect(response.status).toBe(200);
    return toggledResponse.parse(response.body).data;
  }

  it('lists a podcast and shows it on the public board without who listed it', async () => {
    const title = `The Term Sheet ${randomUUID().slice(0, 8)}`;

    const response = await call('POST', '/podcasts', {
      token: host.token,
      body: {
        title: `  ${title}  `,
        url: 'https://podcasts.example.com/term-sheet',
        description: '   ',
        imageUrl: '',
        participants: 'Iris Galloway, , Hugo Thorne ,',
      },
    });

    expect(response.status).toBe(201);
    const podcast = podcastResponse.parse(response.body).data;
    expect(podcast).toMatchObject({
      title,
      url: 'https://podcasts.example.com/term-sheet',
      description: null,
      imageUrl: null,
      participants: ['Iris Galloway', 'Hugo Thorne'],
      voteCount: 0,
    });
    expect(podcast.id).toMatch(/^pod_[0-9a-f]{32}$/);
    expect(response.text).not.toContain(host.sub);

    const board = await wholeBoard();

    expect(board.podcasts).toContainEqual(podcast);
    expect(board.text).not.toContain('listedBy');
    expect(board.text).not.toContain('hiddenAt');
    expect(board.text).not.toContain(host.sub);
  });

  it('shows the newest podcast first', async () => {
    const older = await listPodcast();
    await nextMillisecond();
    const newer = await listPodcast();

    const ids = (await wholeBoard('newest', 5)).podcasts.map((p) => p.id);

    expect(ids.indexOf(newer.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
  });

  it.each([
    ['a missing title', { url: 'https://podcasts.example.com/x' }, 'Title is required.'],
    ['a blank title', { title: '   ', url: 'https://podcasts.example.com/x' }, 'Title is required.'],
    ['a missing URL', { title: 'Show' }, 'URL is required.'],
    ['a blank URL with a blank title', { title: '', url: '' }, 'Title is required.'],
    [
      'a URL that is not a web address',
      { title: 'Show', url: 'ftp://files.example.com' },
      PODCAST_URL_INVALID,
    ],
  ])('refuses a listing with %s with the form message', async (_case, body, message) => {
    const response = await call('POST', '/podcasts', { token: host.token, body });

    expect(response.status).toBe(400);
    expect(errorOf(response.body)).toEqual({ code: 'invalid-argument', message });
  });

  it('refuses a title over 200 characters and more than 50 participants, naming the problem', async () => {
    const longTitle = await call('POST', '/podcasts', {
      token: host.token,
      body: { title: 'x'.repeat(201), url: 'https://podcasts.example.com/x' },
    });
    const crowd = await call('POST', '/podcasts', {
      token: host.token,
      body: {
        title: 'Crowd',
        url: 'https://podcasts.example.com/x',
        participants: Array.from({ length: 51 }, (_, i) => `Guest ${i}`).join(', '),
      },
    });

    expect(longTitle.status).toBe(400);
    expect(errorOf(longTitle.body).message).toBe(PODCAST_TITLE_TOO_LONG);
    expect(crowd.status).toBe(400);
    expect(errorOf(crowd.body).message).toBe(PODCAST_TOO_MANY_PARTICIPANTS);
  });

  it('asks for a login before listing, voting or reading your votes', async () => {
    const podcast = await listPodcast();

    expect(
      (await call('POST', '/podcasts', { body: { title: 'a', url: 'https://example.com' } })).status,
    ).toBe(401);
    expect((await call('POST', `/podcasts/${podcast.id}/vote`)).status).toBe(401);
    expect((await call('GET', '/podcasts/my-votes')).status).toBe(401);
  });

  it('toggles a vote: a second vote by the same user removes theirs', async () => {
    const podcast = await listPodcast();

    const first = await vote(listener, podcast.id);
    const afterFirst = votesResponse.parse(
      (await call('GET', '/podcasts/my-votes', { token: listener.token })).body,
    ).data.podcastIds;
    const second = await vote(listener, podcast.id);
    const afterSecond = votesResponse.parse(
      (await call('GET', '/podcasts/my-votes', { token: listener.token })).body,
    ).data.podcastIds;

    expect(first).toEqual({ voted: true, voteCount: 1 });
    expect(afterFirst).toContain(podcast.id);
    expect(second).toEqual({ voted: false, voteCount: 0 });
    expect(afterSecond).not.toContain(podcast.id);
  });

  it('counts 50 concurrent votes by 50 different users as exactly 50', { timeout: 120_000 }, async () => {
    const podcast = await listPodcast();
    const voters: TestUser[] = [];
    for (let i = 0; i < 50; i += 10)
      voters.push(...(await Promise.all(Array.from({ length: 10 }, () => createUser()))));

    const results = await Promise.all(voters.map((voter) => vote(voter, podcast.id)));

    expect(results.every((result) => result.voted)).toBe(true);
    expect(await countVotes(podcast.id)).toBe(50);
    // The stored count, on both orders of the board; most voted first puts it before every podcast with fewer.
    for (const sort of ['votes', 'newest'] as const)
      expect((await wholeBoard(sort)).podcasts.find((p) => p.id === podcast.id)?.voteCount).toBe(50);
    const byVotes = (await wholeBoard('votes', 7)).podcasts;
    const at = byVotes.findIndex((p) => p.id === podcast.id);
    expect(byVotes.slice(at + 1).every((p) => p.voteCount <= 50)).toBe(true);
  });

  it('answers 404 to a vote on a podcast that does not exist, and 400 to a malformed id', async () => {
    const missing = await call('POST', '/podcasts/pod_doesnotexist/vote', { token: listener.token });
    const malformed = await call('POST', `/podcasts/${encodeURIComponent('no such!')}/vote`, {
      token: listener.token,
    });

    expect(missing.status).toBe(404);
    expect(errorOf(missing.body)).toEqual({ code: 'not-found', message: 'Podcast not found' });
    expect(malformed.status).toBe(400);
    expect(errorOf(malformed.body).message).toContain("'podcastId'");
    expect(await countVotes('pod_doesnotexist')).toBe(0);
  });

  it('lets its lister edit a podcast (votes kept) and nobody else; the lister sees it among theirs', async () => {
    const podcast = await listPodcast();
    await vote(listener, podcast.id);

    const mine = votesResponse.parse((await call('GET', '/podcasts/mine', { token: host.token })).body).data;
    expect(mine.podcastIds).toContain(podcast.id);
    const theirs = votesResponse.parse(
      (await call('GET', '/podcasts/mine', { token: listener.token })).body,
    ).data;
    expect(theirs.podcastIds).not.toContain(podcast.id);

    const edit = {
      title: 'Founders at Dusk',
      url: 'https://podcasts.example.com/dusk',
      participants: 'Ada, Bo',
    };
    const refused = await call('PATCH', `/podcasts/${podcast.id}`, { token: listener.token, body: edit });
    expect(refused.status).toBe(404);

    const edited = await call('PATCH', `/podcasts/${podcast.id}`, { token: host.token, body: edit });
    expect(edited.status).toBe(200);
    expect(podcastResponse.parse(edited.body).data).toMatchObject({
      id: podcast.id,
      title: 'Founders at Dusk',
      url: 'https://podcasts.example.com/dusk',
      participants: ['Ada', 'Bo'],
      createdAt: podcast.createdAt,
      voteCount: 1,
    });
    // The listing rules hold for an edit too.
    const blank = await call('PATCH', `/podcasts/${podcast.id}`, {
      token: host.token,
      body: { title: ' ', url: 'x' },
    });
    expect(blank.status).toBe(400);
  });

  it('lets its lister delete a podcast with its votes, and nobody else', async () => {
    const podcast = await listPodcast();
    await vote(listener, podcast.id);
    expect((await call('DELETE', `/podcasts/${podcast.id}`, { token: listener.token })).status).toBe(404);

    const deleted = await call('DELETE', `/podcasts/${podcast.id}`, { token: host.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ data: { deleted: true } });
    expect(await countVotes(podcast.id)).toBe(0);
    const board = await wholeBoard();
    expect(board.podcasts.map((p) => p.id)).not.toContain(podcast.id);
    expect((await call('DELETE', `/podcasts/${podcast.id}`, { token: host.token })).status).toBe(404);
  });

  it('pages the board in either order, each podcast once, and refuses a cursor of the other order', async () => {
    await listPodcast();
    const small = await wholeBoard('votes', 2);
    const whole = await wholeBoard('votes', 50);
    expect(small.podcasts.map((p) => p.id)).toEqual(whole.podcasts.map((p) => p.id));
    expect(new Set(whole.podcasts.map((p) => p.id)).size).toBe(whole.podcasts.length);

    const first = boardResponse.parse((await call('GET', '/podcasts?sort=newest&limit=1')).body).data;
    expect(first.cursor).not.toBeNull();
    const crossed = await call(
      'GET',
      `/podcasts?sort=votes&cursor=${encodeURIComponent(first.cursor ?? '')}`,
    );
    expect(crossed.status).toBe(400);
    expect(errorOf(crossed.body).message).toBe(INVALID_CURSOR);
    expect((await call('GET', '/podcasts?limit=51')).status).toBe(400);
  });

  it(`refuses a founder's listing past ${MAX_PODCASTS_PER_FOUNDER} podcasts, saying why`, async () => {
    const founder = await createUser();
    for (let i = 0; i < MAX_PODCASTS_PER_FOUNDER; i++) {
      const listed = await call('POST', '/podcasts', {
        token: founder.token,
        body: { title: `Cast ${i}`, url: 'https://podcasts.example.com/c' },
      });
      expect(listed.status).toBe(201);
    }

    const refused = await call('POST', '/podcasts', {
      token: founder.token,
      body: { title: 'One too many', url: 'https://podcasts.example.com/c' },
    });

    expect(refused.status).toBe(409);
    expect(errorOf(refused.body).message).toBe(PODCAST_LIMIT_REACHED);
    const mine = votesResponse.parse(
      (await call('GET', '/podcasts/mine', { token: founder.token })).body,
    ).data;
    expect(mine.podcastIds).toHaveLength(MAX_PODCASTS_PER_FOUNDER);
  });

  it('lets an admin hide a podcast (off the board, votes refused), show it again with its votes, and delete it', async () => {
    const admin = await createUser({ admin: true });
    const podcast = await listPodcast();
    await vote(listener, podcast.id);

    const hidden = await call('POST', `/admin/podcasts/${podcast.id}/hide`, { token: admin.token });
    expect(hidden.status).toBe(200);
    expect((await wholeBoard()).podcasts.map((p) => p.id)).not.toContain(podcast.id);
    const list = apiSuccessEnvelope(hiddenPodcastsResponse).parse(
      (await call('GET', '/admin/podcasts/hidden', { token: admin.token })).body,
    ).data;
    expect(list.podcasts.map((p) => p.id)).toContain(podcast.id);
    expect((await call('POST', `/podcasts/${podcast.id}/vote`, { token: host.token })).status).toBe(404);

    expect((await call('POST', `/admin/podcasts/${podcast.id}/show`, { token: admin.token })).status).toBe(
      200,
    );
    expect((await wholeBoard()).podcasts.find((p) => p.id === podcast.id)?.voteCount).toBe(1);

    expect((await call('DELETE', `/admin/podcasts/${podcast.id}`, { token: admin.token })).status).toBe(200);
    expect((await wholeBoard()).podcasts.map((p) => p.id)).not.toContain(podcast.id);
    expect(await countVotes(podcast.id)).toBe(0);
    expect((await call('DELETE', `/admin/podcasts/${podcast.id}`, { token: admin.token })).status).toBe(404);
  });
});
