/**
 * The shortlist's limits and messages (issue 35), in a module of their own: the error table of every
 * function (lambdas/lib/domain-errors.ts) reads them without bundling the API's schemas.
 */

import { groupDigits } from '../format/numbers';

/** A founder keeps at most this many saved searches (each costs the weekly alert a search). */
export const MAX_SAVED_SEARCHES = 20;
export const SAVED_SEARCH_NAME_MAX_LENGTH = 80;
/** "Not a fit" marks per project. */
export const MAX_PASSES_PER_PROJECT = 2_500;

export const shortlistMessages = {
  /** Not in the spec. */
  nameRequired: 'Give the saved search a name.',
  /** Not in the spec. */
  nameTooLong: `A saved search's name must be at most ${SAVED_SEARCH_NAME_MAX_LENGTH} characters.`,
  /** Not in the spec. */
  tooMany: `You can keep at most ${MAX_SAVED_SEARCHES} saved searches. Delete one on your account page to save another.`,
  /** Not in the spec. */
  notFound: 'Saved search not found',
  /** Not in the spec. */
  tooManyPasses: `You marked ${groupDigits(MAX_PASSES_PER_PROJECT)} investors as not a fit for this project, the most one project keeps. Undo some to mark others.`,
  /** Not in the spec. */
  projectGone:
    'The project of this saved search was deleted. Delete the saved search, or save the shortlist of another project.',
  /** Not in the spec. */
  investorUnknown: 'This investor is not in the directory.',
} as const;
