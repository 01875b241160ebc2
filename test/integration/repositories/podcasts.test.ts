import { describe, expect, it } from 'vitest';
import { upgradeSeededRecords } from '../../../infra/local/seed';
import type { PodcastItem } from '../../../lambdas/lib/table/models';
import {
  countVotes,
  createPodcast,
  deletePodcastAsAdmin,
  deletePodcastOfLister,
  getPodcast,
  listHiddenPodcasts,
  listPodcastIdsListedBy,
  listPodcastsPage,
  listVotedPodcastIds,
  PodcastLimitError,
  type PodcastSort,
  setPodcastHidden,
  togglePodcastVote,
  updatePodcastOfLister,
} from '../../../lambdas/lib/table/repositories/podcasts';
import { putItem } from '../../../lambdas/lib/table/table';
import { MAX_PODCASTS_PER_FOUNDER } from '../../../shared/api/podcasts';
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
  voteCount: 0,
  hiddenAt: null,
  ...overrides,
});

/** Every page of the board in one order (other tests' podcasts included). */
async function wholeBoard(sort: PodcastSort, pageSize = 7): Promise<PodcastItem[]> {
  const all: PodcastItem[] = [];
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<typeof listPodcastsPage>> = await listPodcastsPage(sort, cursor, pageSize);
    expect(page.items.length).toBeLessThanOrEqual(pageSize);
    all.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return all;
}

const voteTimes = async (podcastId: string, voters: string[]) =>
  Promise.all(voters.map((userId, i) => togglePodcastVote(podcastId, userId, at(i))));

describe('podcasts repository (DynamoDB Local)', () => {
  it('creates a podcast with no votes and reads it back by id', async () => {
    const created = await createPodcast(podcast());

    expect(await getPodcast(created.id)).toEqual({ ...created, voteCount: 0, hiddenAt: null });
  });

  it('returns null for a podcast that does not exist', async () => {
    expect(await getPodcast(unique('pod_'))).toBeNull();
  });

  it('refuses to create a second podcast under an existing id', async () => {
    const created = await createPodcast(podcast());

    await expect(createPodcast(podcast({ id: created.id, title: 'Other' }))).rejects.toMatchObject({
      name: 'TransactionCanceledException',
    });
  });

  it('pages the board newest first and by votes (ties newest first), each podcast once', async () => {
    const base = Date.now() + 1;
    const older = await createPodcast(podcast({ createdAt: at(0, base) }));
    const newer = await createPodcast(podcast({ createdAt: at(2, base) }));
    const middle = await createPodcast(podcast({ createdAt: at(1, base) }));
    await voteTimes(older.id, [unique('u_'), unique('u_')]);
    await voteTimes(middle.id, [unique('u_')]);

    const newest = await wholeBoard('newest');
    const byVotes = await wholeBoard('votes');

    const ours = [older.id, newer.id, middle.id];
    expect(newest.filter((p) => ours.includes(p.id)).map((p) => p.id)).toEqual([
      newer.id,
      middle.id,
      older.id,
    ]);
    expect(byVotes.filter((p) => ours.includes(p.id)).map((p) => p.id)).toEqual([
      older.id,
      middle.id,
      newer.id,
    ]);
    for (const board of [newest, byVotes]) expect(new Set(board.map((p) => p.id)).size).toBe(board.length);
    expect(byVotes.length).toBe(newest.length);
    const counts = byVotes.map((p) => p.voteCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it("toggles the user's vote and keeps the stored count equal to the voters", async () => {
    const created = await createPodcast(podcast());
    const userId = unique('user_');

    expect(await togglePodcastVote(created.id, userId, at(0))).toEqual({ voted: true, voteCount: 1 });
    expect(await listVotedPodcastIds(userId)).toEqual([created.id]);
    expect(await togglePodcastVote(created.id, userId, at(1))).toEqual({ voted: false, voteCount: 0 });
    expect(await listVotedPodcastIds(userId)).toEqual([]);
    expect(await togglePodcastVote(created.id, userId, at(2))).toEqual({ voted: true, voteCount: 1 });
    expect(await countVotes(created.id)).toBe(1);
  });

  it('keeps the stored count exact when 50 users vote at once, then 25 withdraw while 25 others vote', async () => {
    const created = await createPodcast(podcast());
    const first = Array.from({ length: 50 }, () => unique('user_'));
    const newcomers = Array.from({ length: 25 }, () => unique('user_'));

    const results = await voteTimes(created.id, first);
    expect(results.every((r) => r?.voted)).toBe(true);
    expect((await getPodcast(created.id))?.voteCount).toBe(50);

    await voteTimes(created.id, [...first.slice(0, 25), ...newcomers]);

    expect(await countVotes(created.id)).toBe(50);
    const stored = await getPodcast(created.id);
    expect(stored?.voteCount).toBe(50);
    // The by-votes order follows the final count: the podcast sits among the 50s.
    const byVotes = await wholeBoard('votes', 50);
    const index = byVotes.findIndex((p) => p.id === created.id);
    expect(byVotes.slice(0, index).every((p) => p.voteCount >= 50)).toBe(true);
    expect(byVotes.slice(index + 1).every((p) => p.voteCount <= 50)).toBe(true);
    expect(await listVotedPodcastIds(first[0] ?? '')).toEqual([]);
    expect(await listVotedPodcastIds(first[49] ?? '')).toEqual([created.id]);
  });

  it(`limits a founder to ${MAX_PODCASTS_PER_FOUNDER} podcasts, also when listings race; deleting one frees a place`, async () => {
    const lister = unique('user_');
    for (let i = 0; i < MAX_PODCASTS_PER_FOUNDER - 1; i++) await createPodcast(podcast({ listedBy: lister }));

    const racing = await Promise.allSettled(
      Array.from({ length: 4 }, () => createPodcast(podcast({ listedBy: lister }))),
    );

    expect(racing.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const refused of racing.filter((r) => r.status === 'rejected'))
      expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(PodcastLimitError);
    const listed = await listPodcastIdsListedBy(lister);
    expect(listed).toHaveLength(MAX_PODCASTS_PER_FOUNDER);
    await expect(createPodcast(podcast({ listedBy: lister }))).rejects.toBeInstanceOf(PodcastLimitError);

    expect(await deletePodcastOfLister(listed[0] ?? '', lister)).toBe(true);
    await createPodcast(podcast({ listedBy: lister }));
    expect(await listPodcastIdsListedBy(lister)).toHaveLength(MAX_PODCASTS_PER_FOUNDER);
  });

  it('edits a listing without touching its votes, only for its lister', async () => {
    const created = await createPodcast(podcast());
    await voteTimes(created.id, [unique('u_'), unique('u_')]);
    const listing = {
      title: 'Renamed',
      url: created.url,
      description: null,
      imageUrl: null,
      participants: [],
    };

    expect(await updatePodcastOfLister(created.id, unique('user_'), listing)).toBeNull();
    const edited = await updatePodcastOfLister(created.id, created.listedBy, listing);

    expect(edited).toMatchObject({ title: 'Renamed', voteCount: 2 });
  });

  it('hides a podcast from both orders of the board (votes refused), shows it again with its votes, and an admin deletes it', async () => {
    const created = await createPodcast(podcast());
    await voteTimes(created.id, [unique('u_')]);

    const hidden = await setPodcastHidden(created.id, true, at(5));

    expect(hidden).toMatchObject({ hiddenAt: at(5), voteCount: 1 });
    for (const sort of ['votes', 'newest'] as const)
      expect((await wholeBoard(sort, 50)).some((p) => p.id === created.id)).toBe(false);
    expect((await listHiddenPodcasts()).map((p) => p.id)).toContain(created.id);
    expect(await togglePodcastVote(created.id, unique('u_'), at(6))).toBeNull();
    expect(await countVotes(created.id)).toBe(1);

    await setPodcastHidden(created.id, false, at(7));
    for (const sort of ['votes', 'newest'] as const)
      expect((await wholeBoard(sort, 50)).find((p) => p.id === created.id)?.voteCount).toBe(1);

    expect(await deletePodcastAsAdmin(created.id)).toBe(true);
    expect(await getPodcast(created.id)).toBeNull();
    expect(await countVotes(created.id)).toBe(0);
    expect(await listPodcastIdsListedBy(created.listedBy)).toEqual([]);
    expect(await deletePodcastAsAdmin(created.id)).toBe(false);
  });
});

describe('an older local home brought up to date (infra/local/seed.ts)', () => {
  it('gives a podcast written before stored counts its count, the board indexes, its voters and its lister', async () => {
    const id = unique('pod_');
    const lister = unique('user_');
    const voters = [unique('user_'), unique('user_')];
    // As the previous model wrote them: no voteCount, no hiddenAt, no by-votes or voter index.
    await putItem({
      pk: `PODCAST#${id}`,
      sk: 'PODCAST',
      gsi1pk: 'PODCASTS',
      gsi1sk: `${at(0)}#${id}`,
      entity: 'podcast',
      id,
      title: 'Old Cast',
      description: null,
      imageUrl: null,
      url: 'https://podcasts.example.com/old',
      participants: [],
      createdAt: at(0),
      listedBy: lister,
    });
    for (const userId of voters)
      await putItem({
        pk: `PODCAST#${id}`,
        sk: `VOTE#${userId}`,
        entity: 'podcastVote',
        podcastId: id,
        userId,
        vote: 1,
        timestamp: at(1),
      });

    await upgradeSeededRecords();

    expect(await getPodcast(id)).toMatchObject({ voteCount: 2, hiddenAt: null });
    expect((await wholeBoard('votes', 50)).find((p) => p.id === id)?.voteCount).toBe(2);
    expect(await listVotedPodcastIds(voters[0] ?? '')).toEqual([id]);
    expect(await listPodcastIdsListedBy(lister)).toEqual([id]);
    // A vote after the upgrade moves the stored count from the right number.
    expect(await togglePodcastVote(id, unique('user_'), at(2))).toMatchObject({ voted: true, voteCount: 3 });
  });
});
