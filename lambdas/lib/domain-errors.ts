import { ALREADY_IN_LIBRARY, CREDIT_INVESTOR_NOT_FOUND, NO_CREDITS } from '../../shared/api/credits';
import {
  FREE_UPDATES_ENDED,
  PODCAST_LIMIT_REACHED,
  REPORT_ALREADY_OPEN,
  REPORT_ALREADY_RESOLVED,
  REPORT_BEING_RESOLVED,
} from '../../shared/api/error-messages';
import { INVALID_CURSOR } from '../../shared/api/paging';
import { CART_CANNOT_CHANGE } from '../../shared/cart/saved-cart';
import { shortlistMessages } from '../../shared/shortlist/messages';
import { BadRequestError, ConflictError, type HttpError, NotFoundError } from './errors';

/**
 * The HTTP answer of each domain error, the one place where they meet HTTP: repositories and domain
 * code throw errors that know nothing of HTTP (`PodcastLimitError`), and the error envelope
 * (`middlewares/error-envelope.ts`) answers each with what this table says. Keyed by the error's
 * `name`, so that no handler bundle imports the modules that define the errors it never meets. A
 * new domain error that reaches a request gets its line here; one with none is a 500.
 */
const ANSWERS: Readonly<Record<string, (error: Error) => HttpError>> = {
  InvalidCursorError: () => new BadRequestError(INVALID_CURSOR),
  InvalidSearchCursorError: () => new BadRequestError(INVALID_CURSOR),
  CartRejectedError: (error) => new BadRequestError(error.message, { cause: error }),
  CartConflictError: (error) => new ConflictError(CART_CANNOT_CHANGE, { cause: error }),
  PodcastLimitError: () => new ConflictError(PODCAST_LIMIT_REACHED),
  ReportAlreadyOpenError: () => new ConflictError(REPORT_ALREADY_OPEN),
  ReportAlreadyResolvedError: () => new ConflictError(REPORT_ALREADY_RESOLVED),
  ReportBeingResolvedError: () => new ConflictError(REPORT_BEING_RESOLVED),
  NotPurchasedError: () => new ConflictError('Only a purchased cart can be redelivered.'),
  FreeUpdatesEndedError: () => new ConflictError(FREE_UPDATES_ENDED),
  CreditInvestorNotFoundError: () => new NotFoundError(CREDIT_INVESTOR_NOT_FOUND),
  AlreadyInLibraryError: () => new ConflictError(ALREADY_IN_LIBRARY),
  NoCreditsError: () => new ConflictError(NO_CREDITS),
  // Shortlists (issue 35): someone else's project answers as a missing one, as the project does.
  InvalidFitCursorError: () => new BadRequestError(INVALID_CURSOR),
  InvalidOpenCursorError: () => new BadRequestError(INVALID_CURSOR),
  ShortlistProjectNotFoundError: () => new NotFoundError('Project not found'),
  SavedSearchNotFoundError: () => new NotFoundError(shortlistMessages.notFound),
  SavedSearchesFullError: () => new ConflictError(shortlistMessages.tooMany),
  PassListFullError: () => new ConflictError(shortlistMessages.tooManyPasses),
  UnknownInvestorError: () => new NotFoundError(shortlistMessages.investorUnknown),
  SavedSearchProjectGoneError: () => new ConflictError(shortlistMessages.projectGone),
};

/** The HTTP error a domain error answers with, or undefined for any other error. */
export function domainErrorAnswer(error: unknown): HttpError | undefined {
  if (!(error instanceof Error)) return undefined;
  return Object.hasOwn(ANSWERS, error.name) ? ANSWERS[error.name]?.(error) : undefined;
}
