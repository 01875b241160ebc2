/**
 * Every route of the app (spec section 2) with a helper that builds links to it. Route definitions and
 * links both read this table, so a path is written once.
 */

const segment = (value: string): string => encodeURIComponent(value);

export interface InvestorSearchParams {
  stageFocus?: string;
  sectorFocus?: string;
  role?: string;
}

export const paths = {
  splash: { path: '/', href: () => '/' },
  about: { path: '/about', href: () => '/about' },
  /** The price tiers and what a purchase includes (issue 32). */
  pricing: { path: '/pricing', href: () => '/pricing' },
  /** What we keep about investors, where it comes from, how to be removed (issue 30). */
  privacy: { path: '/privacy', href: () => '/privacy' },
  /** The page the "This is me" email's link opens (issue 48): the request and its secret in the fragment. */
  thisIsMe: { path: '/this-is-me', href: () => '/this-is-me' },
  login: { path: '/login', href: () => '/login' },
  logout: { path: '/logout', href: () => '/logout' },
  register: { path: '/register', href: () => '/register' },
  resetPassword: { path: '/reset-password', href: () => '/reset-password' },
  verifyEmail: { path: '/verify-email', href: () => '/verify-email' },
  portalOnboarding: { path: '/onboard/vcn', href: () => '/onboard/vcn' },
  /**
   * A partner portal's own steps (issue 21), in its branding: an investor registers, verifies, logs
   * in and keeps their profile under the portal's subdomain (its label in the path, so the steps work
   * on the main host too, from /onboard/vcn).
   */
  portalRegister: {
    path: '/portal/:portalId/register',
    href: (portalId: string) => `/portal/${segment(portalId)}/register`,
  },
  portalLogin: {
    path: '/portal/:portalId/login',
    href: (portalId: string) => `/portal/${segment(portalId)}/login`,
  },
  portalVerifyEmail: {
    path: '/portal/:portalId/verify-email',
    href: (portalId: string) => `/portal/${segment(portalId)}/verify-email`,
  },
  portalResetPassword: {
    path: '/portal/:portalId/reset-password',
    href: (portalId: string) => `/portal/${segment(portalId)}/reset-password`,
  },
  portalProfile: {
    path: '/portal/:portalId/profile',
    href: (portalId: string) => `/portal/${segment(portalId)}/profile`,
  },
  /** An investor's own profile on the main site (issue 21). */
  myInvestorProfile: { path: '/investor/profile', href: () => '/investor/profile' },
  home: { path: '/home', href: () => '/home' },
  findVc: { path: '/find-vc', href: () => '/find-vc' },
  investorSearch: {
    path: '/investors/search',
    href: (params: InvestorSearchParams = {}) => {
      const query = new URLSearchParams();
      for (const key of ['stageFocus', 'sectorFocus', 'role'] as const) {
        const value = params[key];
        if (value !== undefined) query.set(key, value);
      }
      const text = query.toString();
      return text ? `/investors/search?${text}` : '/investors/search';
    },
  },
  investorProfile: {
    path: '/investors/:investorId',
    href: (investorId: string) => `/investors/${segment(investorId)}`,
  },
  cart: { path: '/cart', href: () => '/cart' },
  cartPurchase: { path: '/cart/:cartId', href: (cartId: string) => `/cart/${segment(cartId)}` },
  podcasts: { path: '/podcasts', href: () => '/podcasts' },
  account: { path: '/account', href: () => '/account' },
  accountSettings: { path: '/account/settings', href: () => '/account/settings' },
  /** A founder's own connections (issue 52): uploaded for warm paths, theirs alone, deletable at once. */
  connections: { path: '/account/connections', href: () => '/account/connections' },
  project: { path: '/project/:projectId', href: (projectId: string) => `/project/${segment(projectId)}` },
  /** A project's investors ranked by fit for its raise (issue 35). */
  projectInvestors: {
    path: '/projects/:projectId/investors',
    href: (projectId: string) => `/projects/${segment(projectId)}/investors`,
  },
  /** A saved search opened: its investors, the new ones marked (issue 35). */
  savedSearch: {
    path: '/saved-searches/:savedSearchId',
    href: (savedSearchId: string) => `/saved-searches/${segment(savedSearchId)}`,
  },
  businessInsights: {
    path: '/projects/:projectId/jorts',
    href: (projectId: string) => `/projects/${segment(projectId)}/jorts`,
  },
  /** A project's fundraising pipeline (issue 36): board and table. */
  pipeline: {
    path: '/projects/:projectId/pipeline',
    href: (projectId: string) => `/projects/${segment(projectId)}/pipeline`,
  },
  /** A project's monthly investor updates (issue 53), and the composer of a new one. */
  updates: {
    path: '/projects/:projectId/updates',
    href: (projectId: string) => `/projects/${segment(projectId)}/updates`,
  },
  updateNew: {
    path: '/projects/:projectId/updates/new',
    href: (projectId: string) => `/projects/${segment(projectId)}/updates/new`,
  },
  /** An update's public web copy, behind its random token. */
  updateCopy: {
    path: '/updates/read/:token',
    href: (token: string) => `/updates/read/${segment(token)}`,
  },
  /** Where a recipient stops a project's updates (the link in the email's text). */
  updateUnsubscribe: { path: '/updates/unsubscribe', href: () => '/updates/unsubscribe' },
  /** Importing the founder's spreadsheet into a project's pipeline. */
  pipelineImport: {
    path: '/projects/:projectId/pipeline/import',
    href: (projectId: string) => `/projects/${segment(projectId)}/pipeline/import`,
  },
  /** A project's deck (issue 53): its PDF uploaded, versions kept. */
  projectDeck: {
    path: '/projects/:projectId/deck',
    href: (projectId: string) => `/projects/${segment(projectId)}/deck`,
  },
  /** A deck link's public viewer (issue 53): the token is the key. */
  deckViewer: { path: '/d/:token', href: (token: string) => `/d/${segment(token)}` },
  connectStripe: { path: '/connect/stripe', href: () => '/connect/stripe' },
  admin: {
    path: '/admin',
    href: (params: { importedInvestorId?: string; searchableInvestorId?: string } = {}) => {
      const query = new URLSearchParams();
      if (params.importedInvestorId) query.set('importedInvestorId', params.importedInvestorId);
      if (params.searchableInvestorId) query.set('searchableInvestorId', params.searchableInvestorId);
      const text = query.toString();
      return text ? `/admin?${text}` : '/admin';
    },
  },
  adminCarts: { path: '/admin/carts', href: () => '/admin/carts' },
  adminReports: { path: '/admin/reports', href: () => '/admin/reports' },
  adminTaxonomy: { path: '/admin/taxonomy', href: () => '/admin/taxonomy' },
  adminSubmissions: { path: '/admin/submissions', href: () => '/admin/submissions' },
  /** Withdrawals (with a restore) and the corrections asked for through "This is me" (issue 30). */
  adminWithdrawals: { path: '/admin/withdrawals', href: () => '/admin/withdrawals' },
  adminDebugField: {
    path: '/admin/debug-field',
    href: (params: { targetField: string; selectedValues: readonly string[]; finalValue: string }) => {
      // One `selectedValues` per value, so a value with a comma stays whole.
      const query = new URLSearchParams({ targetField: params.targetField });
      for (const value of params.selectedValues) query.append('selectedValues', value);
      query.set('finalValue', params.finalValue);
      return `/admin/debug-field?${query.toString()}`;
    },
  },
} as const;
