import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import {
  canSubmitPodcast,
  PODCAST_IMAGE_URL_INVALID,
  PODCAST_URL_INVALID,
  type PodcastRecord,
  type PodcastVote,
  podcastListingSchema,
  podcastRecordSchema,
  splitParticipants,
  toggleVote,
  toPodcastView,
  VOTE_VALUE,
  validatePodcastListing,
} from '../../../shared/podcasts/podcast';

const valid = { title: 'Founders Talk', url: 'https://pod.example.com/ep1' };

describe('validatePodcastListing', () => {
  it('refuses a logged-out user with Please login to list a podcast.', () => {
    expect(validatePodcastListing(valid, false)).toEqual({
      ok: false,
      message: 'Please login to list a podcast.',
    });
  });

  it('checks login before anything else', () => {
    expect(validatePodcastListing({}, false)).toEqual({ ok: false, message: messages.loginToListPodcast });
  });

  it('refuses a blank title with Title is required.', () => {
    expect(validatePodcastListing({ ...valid, title: '   ' }, true)).toEqual({
      ok: false,
      message: 'Title is required.',
    });
  });

  it('refuses a missing title with Title is required.', () => {
    expect(validatePodcastListing({ url: valid.url }, true)).toEqual({
      ok: false,
      message: messages.titleRequired,
    });
  });

  it('reports the title before the URL when both are missing', () => {
    expect(validatePodcastListing({ title: '', url: '' }, true)).toEqual({
      ok: false,
      message: messages.titleRequired,
    });
  });

  it('refuses a blank URL with URL is required.', () => {
    expect(validatePodcastListing({ ...valid, url: ' ' }, true)).toEqual({
      ok: false,
      message: 'URL is required.',
    });
    expect(validatePodcastListing({ title: 'T' }, true)).toEqual({
      ok: false,
      message: messages.urlRequired,
    });
  });

  it.each(['javascript:alert(1)', 'ftp://pod.example.com', 'pod.example.com', 'https://'])(
    'refuses the URL %s as not a web address',
    (url) => {
      expect(validatePodcastListing({ ...valid, url }, true)).toEqual({
        ok: false,
        message: PODCAST_URL_INVALID,
      });
    },
  );

  it('refuses an image URL that is not a web address', () => {
    expect(validatePodcastListing({ ...valid, imageUrl: 'data:image/png;base64,xx' }, true)).toEqual({
      ok: false,
      message: PODCAST_IMAGE_URL_INVALID,
    });
  });

  it('normalises a full listing: trimmed, participants split, blanks dropped', () => {
    const result = validatePodcastListing(
      {
        title: '  Founders Talk ',
        url: ' http://pod.example.com/ep1 ',
        description: '  Weekly chats ',
        imageUrl: 'https://img.example.com/cover.png',
        participants: ' Ada Lovelace, ,Grace Hopper ,, Zoë ',
      },
      true,
    );
    expect(result).toEqual({
      ok: true,
      listing: {
        title: 'Founders Talk',
        url: 'http://pod.example.com/ep1',
        description: 'Weekly chats',
        imageUrl: 'https://img.example.com/cover.png',
        participants: ['Ada Lovelace', 'Grace Hopper', 'Zoë'],
      },
    });
  });

  it('turns blank or missing description and image into null', () => {
    const result = validatePodcastListing({ ...valid, description: '  ', imageUrl: '' }, true);
    expect(result).toEqual({
      ok: true,
      listing: { ...valid, description: null, imageUrl: null, participants: [] },
    });
    expect(validatePodcastListing(valid, true)).toMatchObject({
      ok: true,
      listing: { description: null, imageUrl: null },
    });
  });

  it('refuses a body that is not an object', () => {
    expect(validatePodcastListing('nope', true)).toEqual({
      ok: false,
      message: messages.submitPodcastFailed,
    });
    expect(validatePodcastListing(null, true)).toEqual({ ok: false, message: messages.submitPodcastFailed });
  });
});

describe('podcastListingSchema', () => {
  it('accepts participants as a list, trimming names and dropping blanks', () => {
    const parsed = podcastListingSchema.parse({ ...valid, participants: [' Ada ', '', 'Grace'] });
    expect(parsed.participants).toEqual(['Ada', 'Grace']);
  });

  it('refuses participants of the wrong type', () => {
    expect(podcastListingSchema.safeParse({ ...valid, participants: 42 }).success).toBe(false);
  });
});

describe('splitParticipants', () => {
  it('splits on commas, trims and drops empty names', () => {
    expect(splitParticipants('a, b ,,c,  ')).toEqual(['a', 'b', 'c']);
  });

  it('gives no names for blank text', () => {
    expect(splitParticipants('')).toEqual([]);
    expect(splitParticipants(' , ,')).toEqual([]);
  });
});

describe('canSubmitPodcast', () => {
  it('disables submit for a blank title', () => {
    expect(canSubmitPodcast('')).toBe(false);
    expect(canSubmitPodcast('   ')).toBe(false);
  });

  it('enables submit once the title has text', () => {
    expect(canSubmitPodcast('Founders Talk')).toBe(true);
  });
});

describe('toggleVote', () => {
  const other: PodcastVote = { userId: 'u2', vote: 1, timestamp: '2024-03-01T00:00:00.000Z' };
  const now = new Date('2024-03-07T14:05:00.000Z');

  it('adds a vote of 1 for a user not yet present, with the toast Upvoted!', () => {
    const votes = [other];
    const result = toggleVote(votes, 'u1', now);
    expect(result).toEqual({
      ok: true,
      votes: [other, { userId: 'u1', vote: 1, timestamp: '2024-03-07T14:05:00.000Z' }],
      added: true,
      toast: 'Upvoted!',
    });
    expect(votes).toEqual([other]);
    expect(VOTE_VALUE).toBe(1);
  });

  it('refuses to stamp a vote with an invalid date', () => {
    expect(() => toggleVote([], 'u1', new Date(Number.NaN))).toThrow(RangeError);
  });

  it('removes the vote on a second click, without a toast', () => {
    const first = toggleVote([other], 'u1', now);
    if (!first.ok) throw new Error(first.message);
    expect(toggleVote(first.votes, 'u1', now)).toEqual({
      ok: true,
      votes: [other],
      added: false,
      toast: null,
    });
  });

  it('removes every vote of the user when the list holds duplicates', () => {
    const dup: PodcastVote = { userId: 'u1', vote: 1, timestamp: '2024-03-02T00:00:00.000Z' };
    expect(toggleVote([dup, other, dup], 'u1', now)).toMatchObject({
      ok: true,
      votes: [other],
      added: false,
    });
  });

  it('refuses a logged-out user with You must be logged in to upvote a podcast.', () => {
    expect(toggleVote([other], null, now)).toEqual({
      ok: false,
      message: 'You must be logged in to upvote a podcast.',
    });
    expect(toggleVote([other], '', now)).toEqual({ ok: false, message: messages.loginToUpvote });
  });
});

describe('toPodcastView', () => {
  const record: PodcastRecord = {
    id: 'p1',
    title: 'Founders Talk',
    description: null,
    imageUrl: null,
    url: 'https://pod.example.com',
    participants: ['Ada'],
    createdAt: '2024-03-07T14:05:00.000Z',
    listedBy: 'u9',
    userVotes: [
      { userId: 'u1', vote: 1, timestamp: '2024-03-07T15:00:00.000Z' },
      { userId: 'u2', vote: 1, timestamp: '2024-03-07T16:00:00.000Z' },
    ],
  };

  it('counts votes and tells whether the viewer voted', () => {
    expect(toPodcastView(record, 'u1')).toMatchObject({ voteCount: 2, votedByMe: true });
    expect(toPodcastView(record, 'u3')).toMatchObject({ voteCount: 2, votedByMe: false });
  });

  it('shows a logged-out viewer as not having voted', () => {
    expect(toPodcastView(record, null).votedByMe).toBe(false);
  });

  it('counts a user once even with duplicate votes', () => {
    const dup = {
      ...record,
      userVotes: [
        ...record.userVotes,
        { userId: 'u1', vote: 1 as const, timestamp: '2024-03-08T00:00:00.000Z' },
      ],
    };
    expect(toPodcastView(dup, null).voteCount).toBe(2);
  });

  it('does not expose the votes themselves', () => {
    expect(toPodcastView(record, 'u1')).not.toHaveProperty('userVotes');
  });
});

describe('podcastRecordSchema', () => {
  it('refuses a createdAt that is not an ISO timestamp', () => {
    const record = {
      id: 'p1',
      title: 'T',
      description: null,
      imageUrl: null,
      url: 'https://pod.example.com',
      participants: [],
      createdAt: 'yesterday',
      listedBy: 'u1',
    };
    expect(podcastRecordSchema.safeParse(record).success).toBe(false);
    expect(podcastRecordSchema.safeParse({ ...record, createdAt: '2024-03-07T14:05:00+01:00' }).success).toBe(
      true,
    );
  });

  it('defaults missing votes to none', () => {
    const { userVotes: _v, ...rest } = {
      id: 'p1',
      title: 'T',
      description: null,
      imageUrl: null,
      url: 'https://pod.example.com',
      participants: [],
      createdAt: '2024-03-07T14:05:00.000Z',
      listedBy: 'u1',
      userVotes: [],
    };
    expect(podcastRecordSchema.parse(rest).userVotes).toEqual([]);
  });

  it('refuses a vote whose value is not 1', () => {
    const record = {
      id: 'p1',
      title: 'T',
      description: null,
      imageUrl: null,
      url: 'https://pod.example.com',
      participants: [],
      createdAt: '2024-03-07T14:05:00.000Z',
      listedBy: 'u1',
      userVotes: [{ userId: 'u1', vote: 2, timestamp: '2024-03-07T14:05:00.000Z' }],
    };
    expect(podcastRecordSchema.safeParse(record).success).toBe(false);
  });
});
