import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { countVotes } from '../../lambdas/lib/table/repositories/podcasts';
import { apiErrorEnvelopeSchema, apiSuccessEnvelope } from '../../shared/api/errors';
import {
  listPodcastsResponse,
  myVotesResponse,
  PODCAST_TITLE_TOO_LONG,
  PODCAST_TOO_MANY_PARTICIPANTS,
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

describe('podcasts over HTTP', () => {
  let host: TestUser;
  let listener: TestUser;

  beforeAll(async () => {
    [host, listener] = await Promise.all([createUser(), createUser()]);
  });

  async function listPodcast(title = `Founders at Dawn ${randomUUID().slice(0, 8)}`) {
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

    const board = await call('GET', '/podcasts');

    expect(board.status).toBe(200);
    expect(boardResponse.parse(board.body).data.podcasts).toContainEqual(podcast);
    expect(board.text).not.toContain('listedBy');
    expect(board.text).not.toContain(host.sub);
  });

  it('shows the newest podcast first', async () => {
    const older = await listPodcast();
    await nextMillisecond();
    const newer = await listPodcast();

    const ids = boardResponse.parse((await call('GET', '/podcasts')).body).data.podcasts.map((p) => p.id);

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
    const board = boardResponse.parse((await call('GET', '/podcasts')).body).data.podcasts;
    expect(board.find((p) => p.id === podcast.id)?.voteCount).toBe(50);
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
    const board = boardResponse.parse((await call('GET', '/podcasts')).body).data;
    expect(board.podcasts.map((p) => p.id)).not.toContain(podcast.id);
    expect((await call('DELETE', `/podcasts/${podcast.id}`, { token: host.token })).status).toBe(404);
  });
});
