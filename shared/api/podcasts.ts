import * as z from 'zod/mini';
import { type PodcastListingResult, validatePodcastListing } from '../podcasts/podcast';
import { MAX_PODCASTS_PER_FOUNDER, PODCAST_LIMIT_REACHED } from './error-messages';
import { multiLine, singleLine } from './text';

export { MAX_PODCASTS_PER_FOUNDER, PODCAST_LIMIT_REACHED };

/**
 * The API contract of podcasts: one zod schema per request and response. The board is public; listing
 * and voting need a login. No response names the user who listed a podcast or who voted.
 */

export const PODCAST_TITLE_MAX_LENGTH = 200;
export const PODCAST_URL_MAX_LENGTH = 2048;
export const PODCAST_DESCRIPTION_MAX_LENGTH = 5000;
export const PODCAST_PARTICIPANTS_MAX = 50;
export const PODCAST_PARTICIPANT_MAX_LENGTH = 200;
/** The comma-separated form of the participants. */
export const PODCAST_PARTICIPANTS_TEXT_MAX_LENGTH = 10_000;

/** Not in the spec, which gives no length limits. */
export const PODCAST_TITLE_TOO_LONG = `Title must be at most ${PODCAST_TITLE_MAX_LENGTH} characters.`;
/** Not in the spec. */
export const PODCAST_URL_TOO_LONG = 'URL must be at most 2,048 characters.';
/** Not in the spec. */
export const PODCAST_IMAGE_URL_TOO_LONG = 'Image URL must be at most 2,048 characters.';
/** Not in the spec. */
export const PODCAST_DESCRIPTION_TOO_LONG = 'Description must be at most 5,000 characters.';
/** Not in the spec. */
export const PODCAST_TOO_MANY_PARTICIPANTS = `A podcast can list at most ${PODCAST_PARTICIPANTS_MAX} participants.`;
/** Not in the spec. */
export const PODCAST_PARTICIPANT_TOO_LONG = `A participant name must be at most ${PODCAST_PARTICIPANT_MAX_LENGTH} characters.`;
/** Not in the spec. */
export const PODCAST_PARTICIPANTS_TEXT_TOO_LONG = 'Participants must be at most 10,000 characters.';
/** Not in the spec. */
export const PODCAST_PARTICIPANTS_INVALID =
  'Participants must be names separated by commas, or a list of names.';

export const podcastIdParams = z.object({
  podcastId: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a podcast id')),
});

/**
 * POST /podcasts: the 'List a New Podcast' form. This schema checks types and lengths only; the handler
 * then applies the listing rules of `validatePodcastListing`, so a missing title or URL answers with
 * exactly 'Title is required.' or 'URL is required.'. `participants` is the form's comma-separated
 * text or a list of names.
 */
export const listPodcastBody = z.strictObject({
  title: z.nullish(
    z.string().check(singleLine(), z.maxLength(PODCAST_TITLE_MAX_LENGTH, { error: PODCAST_TITLE_TOO_LONG })),
  ),
  url: z.nullish(
    z.string().check(singleLine(), z.maxLength(PODCAST_URL_MAX_LENGTH, { error: PODCAST_URL_TOO_LONG })),
  ),
  description: z.nullish(
    multiLine(
      z.string().check(z.maxLength(PODCAST_DESCRIPTION_MAX_LENGTH, { error: PODCAST_DESCRIPTION_TOO_LONG })),
    ),
  ),
  imageUrl: z.nullish(
    z
      .string()
      .check(singleLine(), z.maxLength(PODCAST_URL_MAX_LENGTH, { error: PODCAST_IMAGE_URL_TOO_LONG })),
  ),
  participants: z.optional(
    z.union(
      [
        z
          .string()
          .check(
            singleLine(),
            z.maxLength(PODCAST_PARTICIPANTS_TEXT_MAX_LENGTH, { error: PODCAST_PARTICIPANTS_TEXT_TOO_LONG }),
          ),
        z
          .array(
            z
              .string()
              .check(
                singleLine(),
                z.maxLength(PODCAST_PARTICIPANT_MAX_LENGTH, { error: PODCAST_PARTICIPANT_TOO_LONG }),
              ),
          )
          .check(z.maxLength(PODCAST_PARTICIPANTS_MAX, { error: PODCAST_TOO_MANY_PARTICIPANTS })),
      ],
      { error: PODCAST_PARTICIPANTS_INVALID },
    ),
  ),
});
export type ListPodcastBody = z.input<typeof listPodcastBody>;

/**
 * The listing rules of a body that passed {@link listPodcastBody}, first problem first: the form's
 * ('Title is required.', 'URL is required.', a web address for URL and image), then the number and
 * length of the participants once the comma-separated text is split.
 */
export function validateListPodcastBody(body: z.output<typeof listPodcastBody>): PodcastListingResult {
  const result = validatePodcastListing(body, true);
  if (!result.ok) return result;
  const { participants } = result.listing;
  if (participants.length > PODCAST_PARTICIPANTS_MAX)
    return { ok: false, message: PODCAST_TOO_MANY_PARTICIPANTS };
  if (participants.some((name) => name.length > PODCAST_PARTICIPANT_MAX_LENGTH))
    return { ok: false, message: PODCAST_PARTICIPANT_TOO_LONG };
  return result;
}

/** A podcast on the board: the votes reduced to their count. */
export const podcastViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.nullable(z.string()),
  imageUrl: z.nullable(z.string()),
  url: z.string(),
  participants: z.array(z.string()),
  /** ISO 8601, the server time of listing. */
  createdAt: z.string(),
  voteCount: z.int().check(z.nonnegative()),
});
export type PodcastView = z.infer<typeof podcastViewSchema>;

/** The board's order: most upvoted first (the default), or newest first. */
export const PODCAST_BOARD_SORTS = ['votes', 'newest'] as const;
/** Podcasts per page of the board. */
export const PODCAST_PAGE_SIZE = 12;
export const PODCAST_MAX_PAGE_SIZE = 50;

/** GET /podcasts?sort=&cursor=&limit=: one page of the board. */
export const listPodcastsQuery = z.object({
  sort: z._default(z.enum(PODCAST_BOARD_SORTS), 'votes'),
  cursor: z.optional(z.string().check(z.maxLength(2048))),
  limit: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(PODCAST_MAX_PAGE_SIZE)),
    PODCAST_PAGE_SIZE,
  ),
});

/** GET /podcasts: a page of visible podcasts, and the cursor of the next page (null at the end). */
export const listPodcastsResponse = z.object({
  podcasts: z.array(podcastViewSchema),
  cursor: z.nullable(z.string()),
});

/** GET /admin/podcasts/hidden: the podcasts admins have hidden, with when. */
export const hiddenPodcastsResponse = z.object({
  podcasts: z.array(z.object({ ...podcastViewSchema.shape, hiddenAt: z.string() })),
});

/** POST /admin/podcasts/{podcastId}/hide and /show: the podcast as it is now. */
export const moderatePodcastResponse = z.object({
  ...podcastViewSchema.shape,
  hiddenAt: z.nullable(z.string()),
});
export type ListPodcastsResponse = z.infer<typeof listPodcastsResponse>;

/** POST /podcasts: 201 with the new podcast (no votes yet). */
export const listPodcastResponse = podcastViewSchema;

/** GET /podcasts/my-votes: the podcasts the caller has upvoted. */
export const myVotesResponse = z.object({ podcastIds: z.array(z.string()) });
export type MyVotesResponse = z.infer<typeof myVotesResponse>;

/** POST /podcasts/{podcastId}/vote takes no body (an empty JSON object is accepted too). */
export const voteBody = z.optional(z.strictObject({}));

/** POST /podcasts/{podcastId}/vote: toggles the caller's vote ('Upvoted!' when `voted`). */
export const voteResponse = z.object({ voted: z.boolean(), voteCount: z.int().check(z.nonnegative()) });
export type VoteResponse = z.infer<typeof voteResponse>;

/** DELETE /podcasts/{podcastId}: only by its lister (anyone else: 404), with its votes. */
export const deletePodcastResponse = z.object({ deleted: z.literal(true) });
