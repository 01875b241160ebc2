/**
 * The messages of errors that any function may answer (the error envelope's domain errors, the
 * authorisation of investor accounts), apart from the API modules' schemas: the handler stack imports
 * them without building one schema. Each API module re-exports its own for the web.
 */

/** The message when free updates of a purchase ended. */
export const FREE_UPDATES_ENDED = 'Free updates of this purchase ended 12 months after it was bought.';

/** How many podcasts one founder may have listed at a time (ours; the spec sets no limit). */
export const MAX_PODCASTS_PER_FOUNDER = 5;
/** Not in the spec. */
export const PODCAST_LIMIT_REACHED = `You can list at most ${MAX_PODCASTS_PER_FOUNDER} podcasts. Delete one of yours to list another.`;

/** How many open reports one founder may have at once (ours; the spec sets no limit). */
export const MAX_OPEN_REPORTS_PER_FOUNDER = 20;
/** The answer to a report past {@link MAX_OPEN_REPORTS_PER_FOUNDER} (409). */
export const REPORT_LIMIT_REACHED = `You have ${MAX_OPEN_REPORTS_PER_FOUNDER} open reports, the most a founder can have at once. We will email you as an admin looks at each; you can report more then.`;
/** The answer to a second open report of the same investor by the same founder (409). */
export const REPORT_ALREADY_OPEN =
  'You already reported this investor; we will email you when an admin has looked at it.';
export const REPORT_ALREADY_RESOLVED = 'This report has already been resolved.';
/** The answer to a resolve while another admin's resolution of the same report is under way (409). */
export const REPORT_BEING_RESOLVED = 'Another admin is resolving this report right now.';

/** What investor accounts are told (issue 21). */
export const investorAccountMessages = {
  adminCannotJoin: 'Admin accounts cannot join a portal as an investor.',
  joinedAnotherPortal: (portalName: string) =>
    `Your account already joined ${portalName}. An investor account belongs to one portal.`,
  founderData: (what: string) =>
    `This account already has ${what}: it is a founder's account and cannot also be an investor's. Register a new account with another email address to join as an investor.`,
  /** A founder route called by an investor. */
  investorNotFounder:
    'This is an investor account: founder features (export carts, purchases, projects and podcasts) are not open to it.',
  /** An investor route called by anyone else. */
  investorsOnly: 'Only investors who joined through a portal can do this.',
  emptyChange: 'Give at least one field of the profile to change.',
  changedElsewhere: 'Your profile was changed in another window. Reload it and make your change again.',
  alreadySubmitted: 'Your profile is already submitted and waiting for our review.',
  beingReviewed:
    'An admin is approving your profile right now. Reload it in a minute and make your change again.',
  nothingToReview: 'Your profile is listed as it is: there is no change to review.',
  withdrawKinds: 'Choose the contact details to withdraw: email, phone, linkedin, twitter or crunchbase.',
} as const;
