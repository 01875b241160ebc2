/**
 * Podcasts (spec sections 3, 4 and 5): the stored record, the view a user sees, listing validation and
 * the upvote toggle. User-facing failures are returned as `{ ok: false, message }` so the screen can show
 * them; nothing here throws on user input.
 */
import * as z from 'zod/mini';
import { messages } from '../messages';

/** The value of every stored vote. */
export const VOTE_VALUE = 1;

/** Shown when the podcast URL is not an http(s) web address. Not in the spec. */
export const PODCAST_URL_INVALID = 'URL must be a valid web address.';
/** Shown when the image URL is given but is not an http(s) web address. Not in the spec. */
export const PODCAST_IMAGE_URL_INVALID = 'Image URL must be a valid web address.';

/** Timestamps are ISO 8601 strings, as `Date.prototype.toISOString` writes them. */
const isoTimestamp = z.iso.datetime({ offset: true });

export const podcastVoteSchema = z.object({
  userId: z.string().check(z.minLength(1)),
  vote: z.literal(VOTE_VALUE),
  /** When the vote was cast (ISO 8601). */
  timestamp: isoTimestamp,
});
export type PodcastVote = z.infer<typeof podcastVoteSchema>;

/** A podcast as stored. `createdAt` is the server time of listing (ISO 8601). */
export const podcastRecordSchema = z.object({
  id: z.string().check(z.minLength(1)),
  title: z.string(),
  description: z.nullable(z.string()),
  imageUrl: z.nullable(z.string()),
  url: z.string(),
  participants: z.array(z.string()),
  createdAt: isoTimestamp,
  listedBy: z.string(),
  userVotes: z._default(z.array(podcastVoteSchema), []),
});
export type PodcastRecord = z.infer<typeof podcastRecordSchema>;

/** A podcast as a user sees it: the votes reduced to a count and whether this user voted. */
export interface Podcast {
  readonly id: string;
  readonly title: string;
  readonly description: string | null;
  readonly imageUrl: string | null;
  readonly url: string;
  readonly participants: readonly string[];
  /** ISO 8601. */
  readonly createdAt: string;
  readonly listedBy: string;
  readonly voteCount: number;
  readonly votedByMe: boolean;
}

/** The podcast as seen by `viewerUserId` (null when nobody is logged in). */
export function toPodcastView(record: PodcastRecord, viewerUserId: string | null): Podcast {
  const voters = new Set(record.userVotes.map((v) => v.userId));
  return {
    id: record.id,
    title: record.title,
    description: record.description,
    imageUrl: record.imageUrl,
    url: record.url,
    participants: record.participants,
    createdAt: record.createdAt,
    listedBy: record.listedBy,
    voteCount: voters.size,
    votedByMe: viewerUserId !== null && voters.has(viewerUserId),
  };
}

/** Splits a comma-separated participants field into trimmed names, dropping empty ones. */
export function splitParticipants(value: string): string[] {
  return value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

const blankToNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/**
 * The body of a podcast listing, from the form or over the wire. Strings are trimmed; `participants` is
 * either the form's comma-separated text or a list of names; blank description and image become null;
 * `url` and `imageUrl` must be http(s) web addresses.
 */
export const podcastListingSchema = z.object({
  title: z
    .string({ error: messages.titleRequired })
    .check(z.trim(), z.minLength(1, { error: messages.titleRequired })),
  url: z.pipe(
    z
      .string({ error: messages.urlRequired })
      .check(z.trim(), z.minLength(1, { error: messages.urlRequired })),
    z.httpUrl({ error: PODCAST_URL_INVALID }),
  ),
  description: z.pipe(z.nullish(z.string()), z.transform(blankToNull)),
  imageUrl: z.pipe(
    z.pipe(z.nullish(z.string()), z.transform(blankToNull)),
    z.nullable(z.httpUrl({ error: PODCAST_IMAGE_URL_INVALID })),
  ),
  participants: z.pipe(
    z.optional(z.union([z.string(), z.array(z.string())])),
    z.transform((value) =>
      Array.isArray(value)
        ? value.map((n) => n.trim()).filter((n) => n !== '')
        : splitParticipants(value ?? ''),
    ),
  ),
});
export type PodcastListingInput = z.input<typeof podcastListingSchema>;
export type PodcastListing = z.output<typeof podcastListingSchema>;

export type PodcastListingResult =
  | { readonly ok: true; readonly listing: PodcastListing }
  | { readonly ok: false; readonly message: string };

/**
 * Checks a listing in the order the form reports problems: login ('Please login to list a podcast.'),
 * then title ('Title is required.'), then URL ('URL is required.', {@link PODCAST_URL_INVALID}), then the
 * image URL. Returns the first problem, or the normalised listing. An input that is not an object fails
 * with 'Failed to submit podcast. Please try again.'.
 */
export function validatePodcastListing(input: unknown, loggedIn: boolean): PodcastListingResult {
  if (!loggedIn) return { ok: false, message: messages.loginToListPodcast };
  const parsed = podcastListingSchema.safeParse(input);
  if (parsed.success) return { ok: true, listing: parsed.data };
  const order = ['title', 'url', 'imageUrl', 'description', 'participants'];
  const rank = (path: readonly PropertyKey[]): number => {
    const i = order.indexOf(String(path[0]));
    return i === -1 ? order.length : i;
  };
  const [first] = [...parsed.error.issues].sort((a, b) => rank(a.path) - rank(b.path));
  // An input that is not a listing object at all has no field to blame.
  const message = first && rank(first.path) < order.length ? first.message : messages.submitPodcastFailed;
  return { ok: false, message };
}

/** The submit button is enabled only when the title is not blank. */
export function canSubmitPodcast(title: string): boolean {
  return title.trim() !== '';
}

export type ToggleVoteResult =
  | {
      readonly ok: true;
      readonly votes: PodcastVote[];
      /** True when the vote was added, false when it was removed. */
      readonly added: boolean;
      /** 'Upvoted!' when the vote was added, null otherwise. */
      readonly toast: string | null;
    }
  | { readonly ok: false; readonly message: string };

/**
 * Toggles `userId`'s upvote: adds a vote ({@link VOTE_VALUE}, timestamped `now`) when the user has none,
 * removes the user's votes otherwise. `userId` null (not logged in) fails with 'You must be logged in to
 * upvote a podcast.'. Never changes `votes`.
 *
 * @throws RangeError when `now` is an invalid Date and a vote would be added.
 */
export function toggleVote(
  votes: readonly PodcastVote[],
  userId: string | null,
  now: Date,
): ToggleVoteResult {
  if (userId === null || userId.trim() === '') return { ok: false, message: messages.loginToUpvote };
  if (votes.some((v) => v.userId === userId)) {
    return { ok: true, votes: votes.filter((v) => v.userId !== userId), added: false, toast: null };
  }
  return {
    ok: true,
    votes: [...votes, { userId, vote: VOTE_VALUE, timestamp: now.toISOString() }],
    added: true,
    toast: messages.upvoted,
  };
}
