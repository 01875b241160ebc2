/**
 * The route table: the single source of truth for the HTTP API. CDK creates one API Gateway route
 * per entry (with the Cognito JWT authorizer on every route but `public` ones) and the local gateway
 * serves exactly the same table. Handlers enforce the auth level again from the token's claims.
 *
 * - `public`: anyone, no token;
 * - `user`: a founder: a verified user who is not an investor (admins too);
 * - `admin`: a verified user in the `admin` group;
 * - `investor`: a verified user in the `investor` group (joined a partner portal, issue 21);
 * - `verified`: any verified user, founder, investor or admin (joining a portal: the handler decides).
 */
export type AuthLevel = 'public' | 'user' | 'admin' | 'investor' | 'verified';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Handler groups, one Lambda function each, by bounded context. */
export const handlerGroups = {
  directory: 'lambdas/http/directory.ts',
  carts: 'lambdas/http/carts.ts',
  projects: 'lambdas/http/projects.ts',
  stripeConnect: 'lambdas/http/stripe-connect.ts',
  podcasts: 'lambdas/http/podcasts.ts',
  account: 'lambdas/http/account.ts',
  admin: 'lambdas/http/admin.ts',
  investorPortal: 'lambdas/http/investor-portal.ts',
  pipeline: 'lambdas/http/pipeline.ts',
  shortlist: 'lambdas/http/shortlist.ts',
  decks: 'lambdas/http/decks.ts',
  updates: 'lambdas/http/updates.ts',
  stripeWebhook: 'lambdas/events/stripe-webhook.ts',
} as const;

export type HandlerGroup = keyof typeof handlerGroups;

export interface RouteDefinition {
  method: HttpMethod;
  /** API Gateway path syntax: `/investors/{investorId}`. */
  path: string;
  auth: AuthLevel;
  handler: HandlerGroup;
}

const route = (
  method: HttpMethod,
  path: string,
  auth: AuthLevel,
  handler: HandlerGroup,
): RouteDefinition => ({
  method,
  path,
  auth,
  handler,
});

export const routes: readonly RouteDefinition[] = [
  // Directory and search: public, no contact details ever.
  route('GET', '/directory/metadata', 'public', 'directory'),
  route('GET', '/directory/role-counts', 'public', 'directory'),
  route('GET', '/directory/facets', 'public', 'directory'),
  route('GET', '/taxonomy', 'public', 'directory'),
  // Suggestions as a founder types in the search box (issue 34): investors, firms, sectors, stages, places.
  route('GET', '/directory/suggestions', 'public', 'directory'),
  route('GET', '/investors', 'public', 'directory'),
  route('GET', '/investors/{investorId}', 'public', 'directory'),
  route('GET', '/portals/{portalId}', 'public', 'directory'),

  // Export carts: saved and read by their creator (or an admin).
  route('POST', '/carts', 'user', 'carts'),
  // Before saving: today's cards of the cart's investors and the contacts missing per chosen column.
  route('POST', '/carts/preview', 'user', 'carts'),
  route('GET', '/carts/{cartId}', 'user', 'carts'),
  // Opening the payment page locks the cart: the version paid for is the version delivered.
  route('POST', '/carts/{cartId}/checkout', 'user', 'carts'),
  // The working cart (issue 32): the founder's cart before saving, kept on the server so it follows
  // them to any browser; a write names the version it read (409 when stale); merge adds at sign-in.
  route('GET', '/me/cart', 'user', 'carts'),
  route('PUT', '/me/cart', 'user', 'carts'),
  route('POST', '/me/cart/merge', 'user', 'carts'),

  // Projects: only the creator may read, change or delete one.
  route('GET', '/projects', 'user', 'projects'),
  route('POST', '/projects', 'user', 'projects'),
  route('GET', '/projects/{projectId}', 'user', 'projects'),
  route('PATCH', '/projects/{projectId}', 'user', 'projects'),
  route('DELETE', '/projects/{projectId}', 'user', 'stripeConnect'),
  // Payment connect and Business Insights of a project: its creator only, like the project itself.
  // Their own function, so that project CRUD does not load the Stripe SDK.
  route('POST', '/projects/{projectId}/stripe/connect-state', 'user', 'stripeConnect'),
  route('POST', '/projects/{projectId}/stripe/connect', 'user', 'stripeConnect'),
  route('DELETE', '/projects/{projectId}/stripe/connection', 'user', 'stripeConnect'),
  route('POST', '/projects/{projectId}/stripe/transactions/sync', 'user', 'stripeConnect'),
  route('GET', '/projects/{projectId}/insights/mrr', 'user', 'stripeConnect'),
  // The fundraising pipeline of a project (issue 36): its creator only, like the project itself.
  route('GET', '/projects/{projectId}/pipeline', 'user', 'pipeline'),
  route('POST', '/projects/{projectId}/pipeline/entries', 'user', 'pipeline'),
  route('GET', '/projects/{projectId}/pipeline/entries/{entryId}', 'user', 'pipeline'),
  route('PATCH', '/projects/{projectId}/pipeline/entries/{entryId}', 'user', 'pipeline'),
  route('DELETE', '/projects/{projectId}/pipeline/entries/{entryId}', 'user', 'pipeline'),
  // The pipeline as a HubSpot or Salesforce import file (bought and own values only).
  route('GET', '/projects/{projectId}/pipeline/export', 'user', 'pipeline'),
  // The founder's spreadsheet, a page of rows at a time: matched with the directory, then imported.
  route('POST', '/projects/{projectId}/pipeline/import/matches', 'user', 'pipeline'),
  route('POST', '/projects/{projectId}/pipeline/import', 'user', 'pipeline'),
  // Deck links per investor (issue 53): the project's deck (versions kept) and each pipeline entry's
  // links, their creator only; the viewer reaches one link by its random token (public).
  route('GET', '/projects/{projectId}/decks', 'user', 'decks'),
  route('POST', '/projects/{projectId}/decks/uploads', 'user', 'decks'),
  route('POST', '/projects/{projectId}/decks', 'user', 'decks'),
  route('GET', '/projects/{projectId}/pipeline/entries/{entryId}/deck-links', 'user', 'decks'),
  route('POST', '/projects/{projectId}/pipeline/entries/{entryId}/deck-links', 'user', 'decks'),
  route(
    'POST',
    '/projects/{projectId}/pipeline/entries/{entryId}/deck-links/{linkId}/revoke',
    'user',
    'decks',
  ),
  route('GET', '/deck-links/{token}', 'public', 'decks'),
  route('POST', '/deck-links/{token}/views', 'public', 'decks'),
  route('POST', '/deck-links/{token}/views/{viewId}/events', 'public', 'decks'),

  // Monthly investor updates (issue 53): the composer's draft, sending and each update's figures, the
  // project's creator only; the web copy and a recipient's one-click unsubscribe are public, each
  // behind a random token (GET of the unsubscribe changes nothing, as for /unsubscribe).
  route('GET', '/projects/{projectId}/updates', 'user', 'updates'),
  route('GET', '/projects/{projectId}/updates/draft', 'user', 'updates'),
  route('POST', '/projects/{projectId}/updates', 'user', 'updates'),
  route('GET', '/projects/{projectId}/updates/{updateId}', 'user', 'updates'),
  route('GET', '/update-copies/{token}', 'public', 'updates'),
  route('GET', '/update-unsubscribe', 'public', 'updates'),
  route('POST', '/update-unsubscribe', 'public', 'updates'),

  // Shortlists (issue 35): a project's investors ranked by fit and its "Not a fit" list, its creator
  // only; saved searches and their weekly alert, the caller's own. Their own function, which holds the
  // search index in memory as the directory does.
  route('GET', '/projects/{projectId}/investors', 'user', 'shortlist'),
  route('PUT', '/projects/{projectId}/passes/{investorId}', 'user', 'shortlist'),
  route('DELETE', '/projects/{projectId}/passes/{investorId}', 'user', 'shortlist'),
  route('GET', '/me/saved-searches', 'user', 'shortlist'),
  route('POST', '/me/saved-searches', 'user', 'shortlist'),
  route('PATCH', '/me/saved-searches/{savedSearchId}', 'user', 'shortlist'),
  route('DELETE', '/me/saved-searches/{savedSearchId}', 'user', 'shortlist'),
  route('GET', '/me/saved-searches/{savedSearchId}/investors', 'user', 'shortlist'),
  route('PUT', '/me/search-alerts', 'user', 'shortlist'),

  // Podcasts: anyone can read the board; listing and voting need a login.
  route('GET', '/podcasts', 'public', 'podcasts'),
  route('GET', '/podcasts/my-votes', 'user', 'podcasts'),
  route('POST', '/podcasts', 'user', 'podcasts'),
  route('GET', '/podcasts/mine', 'user', 'podcasts'),
  route('PATCH', '/podcasts/{podcastId}', 'user', 'podcasts'),
  route('DELETE', '/podcasts/{podcastId}', 'user', 'podcasts'),
  route('POST', '/podcasts/{podcastId}/vote', 'user', 'podcasts'),
  // Moderation: admins hide, show again or delete any listing.
  route('GET', '/admin/podcasts/hidden', 'admin', 'podcasts'),
  route('POST', '/admin/podcasts/{podcastId}/hide', 'admin', 'podcasts'),
  route('POST', '/admin/podcasts/{podcastId}/show', 'admin', 'podcasts'),
  route('DELETE', '/admin/podcasts/{podcastId}', 'admin', 'podcasts'),

  // A founder's own connections (issue 52): uploaded a page at a time (the first page replaces them),
  // counted, deleted at once, and the warm paths to a page of investors. The caller's own only.
  route('GET', '/me/connections', 'user', 'shortlist'),
  route('POST', '/me/connections', 'user', 'shortlist'),
  route('DELETE', '/me/connections', 'user', 'shortlist'),
  route('POST', '/me/connections/paths', 'user', 'shortlist'),

  // Account: the caller's own records.
  route('GET', '/me', 'user', 'account'),
  route('GET', '/me/contacts', 'user', 'account'),
  // The contact library (issue 32): one investor's bought values (its profile), the ids of every bought
  // investor (marks on cards and carts), the whole library as a CRM import file; the caller's own only.
  route('GET', '/me/contacts/{investorId}', 'user', 'account'),
  route('GET', '/me/bought-investors', 'user', 'account'),
  // An old investor id (before issue 48) the founder's own data held: its new id, else 404.
  route('GET', '/me/moved-investors/{investorId}', 'user', 'account'),
  route('GET', '/me/crm-export', 'user', 'account'),
  // A fresh, short-lived link to the CSV of one of the caller's delivered purchases.
  route('GET', '/me/purchases/{cartId}/csv', 'user', 'account'),
  // Free updates (issue 20): the purchase's CSV with today's values, for 12 months; the buyer only.
  route('GET', '/me/purchases/{cartId}/refreshed-csv', 'user', 'account'),
  // The weekly summary of updates to bought contacts: on or off.
  route('PUT', '/me/update-emails', 'user', 'account'),
  // The daily email of the pipeline's due next steps (issue 36): on or off.
  route('PUT', '/me/pipeline-reminders', 'user', 'account'),
  // Share the pipeline's dates in investors' response times (issue 52): on or off (off by default).
  route('PUT', '/me/response-times', 'user', 'account'),
  // One-click unsubscribe (issue 48, RFC 8058): the bulk emails' List-Unsubscribe link. Public: its
  // random token is the key. POST turns that email off for its founder; GET only says what it does.
  route('GET', '/unsubscribe', 'public', 'account'),
  route('POST', '/unsubscribe', 'public', 'account'),
  // Reports of wrong data (issue 20): a founder reports an investor's data; one open report each.
  route('POST', '/investors/{investorId}/reports', 'user', 'account'),
  // Bounce credits (issue 20): the caller's balance and history; one credit redeemed for one investor.
  route('GET', '/me/credits', 'user', 'account'),
  route('POST', '/me/credits/redemptions', 'user', 'account'),

  // Admin: curation, debugging, jobs and carts.
  route('GET', '/admin/imported-investors', 'admin', 'admin'),
  route('GET', '/admin/imported-investors/{importedInvestorId}', 'admin', 'admin'),
  route('GET', '/admin/searchable-investors/{investorId}', 'admin', 'admin'),
  // Provenance (issue 20): an admin corrects, confirms or removes an investor's contact values.
  route('PUT', '/admin/investors/{investorId}/contacts', 'admin', 'admin'),
  // Profile facts (issue 33): an admin edits an investor's thesis, website, portfolio… (as the admin's).
  route('PUT', '/admin/investors/{investorId}/profile', 'admin', 'admin'),
  // The queue of open reports (oldest first), and an admin's resolution of one, once.
  route('GET', '/admin/reports', 'admin', 'admin'),
  route('POST', '/admin/reports/{reportId}/resolve', 'admin', 'admin'),
  route('POST', '/admin/field-merger', 'admin', 'admin'),
  route('GET', '/admin/field-merger/jobs/{jobId}', 'admin', 'admin'),
  route('GET', '/admin/curation-rules', 'admin', 'admin'),
  route('DELETE', '/admin/curation-rules', 'admin', 'admin'),
  // The taxonomy (issue 33): the unmapped queue, synonyms and sectors added, re-map runs.
  route('GET', '/admin/taxonomy/unmapped', 'admin', 'admin'),
  route('POST', '/admin/taxonomy/synonyms', 'admin', 'admin'),
  route('POST', '/admin/taxonomy/remap', 'admin', 'admin'),
  route('GET', '/admin/taxonomy/jobs/{jobId}', 'admin', 'admin'),
  route('GET', '/admin/debug-field', 'admin', 'admin'),
  route('POST', '/admin/functions/{functionName}', 'admin', 'admin'),
  // Paged (issue 30): `cursor` and `limit` (50 a page); the unmatched payments are their own list.
  route('GET', '/admin/carts', 'admin', 'admin'),
  route('GET', '/admin/unmatched-payments', 'admin', 'admin'),
  route('POST', '/admin/carts/{cartId}/redeliver', 'admin', 'admin'),
  route('POST', '/admin/imports', 'admin', 'admin'),
  route('GET', '/admin/imports', 'admin', 'admin'),
  route('GET', '/admin/imports/{jobId}', 'admin', 'admin'),
  route('POST', '/admin/imports/{jobId}/start', 'admin', 'admin'),
  route('POST', '/admin/imports/{jobId}/cancel', 'admin', 'admin'),
  route('POST', '/admin/imports/{jobId}/publish', 'admin', 'admin'),
  route('POST', '/admin/imports/{jobId}/discard', 'admin', 'admin'),

  // Portals: partner firms' onboarding pages, as data.
  route('GET', '/admin/portals', 'admin', 'admin'),
  route('POST', '/admin/portals', 'admin', 'admin'),
  route('PATCH', '/admin/portals/{portalId}', 'admin', 'admin'),
  // The review of investors' submitted profiles (issue 21): the queue, approve (with edits), reject.
  route('GET', '/admin/investor-submissions', 'admin', 'admin'),
  route('POST', '/admin/investor-submissions/{userId}/approve', 'admin', 'admin'),
  route('POST', '/admin/investor-submissions/{userId}/reject', 'admin', 'admin'),
  // Withdrawals (portal and "This is me") with their history, an admin's restore, and the
  // corrections asked for through "This is me" (issue 30).
  route('GET', '/admin/withdrawals', 'admin', 'admin'),
  route('POST', '/admin/withdrawals/{investorId}/restore', 'admin', 'admin'),
  route('GET', '/admin/correction-requests', 'admin', 'admin'),
  route('POST', '/admin/correction-requests/{requestId}/close', 'admin', 'admin'),

  // Investor accounts (issue 21): a verified user joins a partner portal as an investor, then keeps
  // their own profile. No route names a user: an investor reaches only their own profile. Not under
  // /portals/, which CloudFront caches and serves for GET only (infra/edge.ts).
  route('POST', '/investor/join', 'verified', 'investorPortal'),
  route('GET', '/investor/profile', 'investor', 'investorPortal'),
  route('PATCH', '/investor/profile', 'investor', 'investorPortal'),
  route('POST', '/investor/profile/submit', 'investor', 'investorPortal'),
  // A listed investor confirms their profile (no review), or withdraws it or contact details (at once).
  route('POST', '/investor/profile/confirm', 'investor', 'investorPortal'),
  route('POST', '/investor/profile/withdraw', 'investor', 'investorPortal'),
  // "This is me" (issue 30): anyone asks; a code goes to the email the directory holds for the
  // investor; the code hides the entry or opens a correction. Public, rate-limited; not in the
  // read-only directory function.
  route('POST', '/investors/{investorId}/data-requests', 'public', 'investorPortal'),
  route('POST', '/data-requests/{requestId}/confirm', 'public', 'investorPortal'),

  // Stripe's webhook: no token; the handler verifies Stripe's signature on the raw body.
  route('POST', '/stripe/webhook', 'public', 'stripeWebhook'),
];

/** `METHOD /path`, the API Gateway route key. */
export const routeKey = (r: Pick<RouteDefinition, 'method' | 'path'>): string => `${r.method} ${r.path}`;

export const routesOf = (group: HandlerGroup): RouteDefinition[] => routes.filter((r) => r.handler === group);
