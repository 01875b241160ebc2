import { describe, expect, it } from 'vitest';
import type { PodcastItem } from '../../../lambdas/lib/table/models';
import {
  countVotes,
  createPodcast,
  getPodcast,
  listPodcasts,
  toggleVote,
  votedPodcastIds,
} from '../../../lambdas/lib/table/repositories/podcasts';
import { at, unique } from './fixtures';

const podcast = (overrides: Partial<PodcastItem> = {}): PodcastItem => ({
  id: unique('pod_'),
  title: 'Founders at Dawn',
  description: 'Early mornings with early-stage founders.',
  imageUrl: null,
  url: 'https://podcasts.example.com/founders-at-dawn',
  participants: ['Ada Marlowe'],
  createdAt: new Date().toISOString(),
  listedBy: unique('user_'),
  ...overrides,
});

describe('podcasts repository (DynamoDB Local)', () => {
  it('creates a podcast and reads it back by id', async () => {
    const created = await createPodcast(podcast());

    expect(await getPodcast(created.id)).toEqual(created);
  });

  it('returns null for a podcast that does not exist', async () => {
    expect(await getPodcast(unique('pod_'))).toBeNull();
  });

  it('refuses to create a second podcast under an existing id', async () => {
    const created = await createPodcast(podcast());

    await expect(createPodcast(podcast({ id: created.id, title: 'Other' }))).rejects.toMatchObject({
      name: 'ConditionalCheckFailedException',
    });
  });

  it('lists every podcast newest first', async () => {
    const base = Date.now() + 1;
    const older = await createPodcast(podcast({ createdAt: at(0, base) }));
    const newer = await createPodcast(podcast({ createdAt: at(2, base) }));
    const middle = await createPodcast(podcast({ createdAt: at(1, base) }));

    const listed = await listPodcasts();

    const mine = listed.filter((p) => [older.id, newer.id, middle.id].includes(p.id));
    expect(mine.map((p) => p.id)).toEqual([newer.id, middle.id, older.id]);
    const dates = listed.map((p) => p.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('does not list votes as podcasts', async () => {
    const created = await createPodcast(podcast());
    await toggleVote(created.id, unique('user_'), at(0));

    const listed = await listPodcasts();

    expect(listed.filter((p) => p.id === created.id)).toHaveLength(1);
  });

  it('counts zero votes for a podcast nobody voted for', async () => {
    const created = await createPodcast(podcast());

    expect(await countVotes(created.id)).toBe(0);
  });

  it("adds the user's vote on the first toggle and removes it on the second", async () => {
    const created = await createPodcast(podcast());
    const userId = unique('user_');

    expect(await toggleVote(created.id, userId, at(0))).toEqual({ voted: true });
    expect(await countVotes(created.id)).toBe(1);
    expect(await votedPodcastIds(userId, [created.id])).toEqual(new Set([created.id]));

    expect(await toggleVote(created.id, userId, at(1))).toEqual({ voted: false });
    expect(await countVotes(created.id)).toBe(0);
    expect(await votedPodcastIds(userId, [created.id])).toEqual(new Set());

    expect(await toggleVote(created.id, userId, at(2))).toEqual({ voted: true });
    expect(await countVotes(created.id)).toBe(1);
  });

  it('counts one vote per voter', async () => {
    const created = await createPodcast(podcast());

    for (let i = 0; i < 5; i++) await toggleVote(created.id, unique('user_'), at(i));

    expect(await countVotes(created.id)).toBe(5);
  });

  it('tells which of the given podcasts the user voted for, and only for that user', async () => {
    const voter = unique('user_');
    const other = unique('user_');
    const [a, b, c] = await Promise.all([
      createPodcast(podcast()),
      createPodcast(podcast()),
      createPodcast(podcast()),
    ]);
    if (!a || !b || !c) throw new Error('podcasts not created');
    await toggleVote(a.id, voter, at(0));
    await toggleVote(c.id, voter, at(0));
    await toggleVote(b.id, other, at(0));

    expect(await votedPodcastIds(voter, [a.id, b.id, c.id, unique('pod_')])).toEqual(new Set([a.id, c.id]));
    expect(await votedPodcastIds(other, [a.id, b.id, c.id])).toEqual(new Set([b.id]));
    expect(await votedPodcastIds(voter, [])).toEqual(new Set());
  });

  it('never loses a vote when many users toggle at the same time', async () => {
    const created = await createPodcast(podcast());
    const voters = Array.from({ length: 40 }, () => unique('user_'));

    const results = await Promise.all(voters.map((userId, i) => toggleVote(created.id, userId, at(i))));

    expect(results.every((r) => r.voted)).toBe(true);
    expect(await countVotes(created.id)).toBe(40);
    for (const userId of voters)
      expect(await votedPodcastIds(userId, [created.id])).toEqual(new Set([created.id]));
  });

  it('keeps other votes when some users withdraw theirs while others vote', async () => {
    const created = await createPodcast(podcast());
    const stayers = Array.from({ length: 10 }, () => unique('user_'));
    const leavers = Array.from({ length: 10 }, () => unique('user_'));
    const newcomers = Array.from({ length: 10 }, () => unique('user_'));
    await Promise.all([...stayers, ...leavers].map((userId) => toggleVote(created.id, userId, at(0))));

    await Promise.all([...leavers, ...newcomers].map((userId) => toggleVote(created.id, userId, at(1))));

    expect(await countVotes(created.id)).toBe(20);
    const votedBy = async (users: string[]) =>
      (await Promise.all(users.map((u) => votedPodcastIds(u, [created.id])))).filter((s) => s.size === 1)
        .length;
    expect(await votedBy(stayers)).toBe(10);
    expect(await votedBy(leavers)).toBe(0);
    expect(await votedBy(newcomers)).toBe(10);
  });
});
