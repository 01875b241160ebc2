/**
 * Query keys of the API's cached reads. Reads of the caller's own records carry the user id, so a
 * different user never sees another one's cache.
 */
export const queryKeys = {
  directoryMetadata: ['directory', 'metadata'] as const,
  roleCounts: ['directory', 'role-counts'] as const,
  investorSearch: (query: string) => ['investors', 'search', query] as const,
  searchFacets: (query: string) => ['directory', 'facets', query] as const,
  searchSuggestions: (q: string) => ['directory', 'suggestions', q] as const,
  portal: (portalId: string) => ['portals', portalId] as const,
  investor: (investorId: string) => ['investors', 'profile', investorId] as const,
  cart: (userId: string, cartId: string) => ['user', userId, 'carts', cartId] as const,
  cartPreview: (userId: string, investorIds: string, columns: string) =>
    ['user', userId, 'cart-preview', investorIds, columns] as const,
  me: (userId: string) => ['user', userId, 'me'] as const,
  myContacts: (userId: string) => ['user', userId, 'contacts'] as const,
  movedInvestor: (userId: string, investorId: string) =>
    ['user', userId, 'moved-investors', investorId] as const,
  myCredits: (userId: string) => ['user', userId, 'credits'] as const,
  projects: (userId: string) => ['user', userId, 'projects'] as const,
  project: (userId: string, projectId: string) => ['user', userId, 'projects', projectId] as const,
  pipeline: (userId: string, projectId: string) =>
    ['user', userId, 'projects', projectId, 'pipeline'] as const,
  podcasts: ['podcasts'] as const,
  podcastBoard: (sort: string) => ['podcasts', 'board', sort] as const,
  hiddenPodcasts: ['admin', 'podcasts', 'hidden'] as const,
  adminPortals: ['admin', 'portals'] as const,
  curationRules: ['admin', 'curation-rules'] as const,
  curationJob: (jobId: string) => ['admin', 'curation-jobs', jobId] as const,
  myVotes: (userId: string) => ['user', userId, 'podcast-votes'] as const,
  myPodcasts: (userId: string) => ['user', userId, 'podcasts-listed'] as const,
  investorProfile: (userId: string) => ['user', userId, 'investor-profile'] as const,
  shortlists: (userId: string, projectId: string) => ['user', userId, 'shortlists', projectId] as const,
  shortlist: (userId: string, projectId: string, view: string) =>
    ['user', userId, 'shortlists', projectId, view] as const,
  savedSearches: (userId: string) => ['user', userId, 'saved-searches'] as const,
  connections: (userId: string) => ['user', userId, 'connections'] as const,
  warmPaths: (userId: string, ids: string) => ['user', userId, 'connections', 'paths', ids] as const,
  openedSavedSearch: (userId: string, id: string, onlyNew: boolean) =>
    ['user', userId, 'opened-saved-searches', id, onlyNew ? 'new' : 'all'] as const,
  mrr: (userId: string, projectId: string) => ['user', userId, 'projects', projectId, 'mrr'] as const,
  mappingDebug: (kind: string, value: string) => ['admin', 'mapping-debug', kind, value] as const,
  debugField: (targetField: string, value: string) => ['admin', 'debug-field', targetField, value] as const,
  adminCarts: ['admin', 'carts'] as const,
  unmatchedPayments: ['admin', 'unmatched-payments'] as const,
  importJob: (jobId: string) => ['admin', 'imports', jobId] as const,
  recentImports: () => ['admin', 'imports'] as const,
};
