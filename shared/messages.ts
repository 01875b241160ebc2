/**
 * Every user-facing string of the product specification, defined once and used by both the web app
 * and the lambdas. Strings quoted in the spec appear here word for word; functions build the ones
 * with a placeholder.
 */

export const BRAND = 'VC Directory';

export const messages = {
  // Section 2: routes and screens
  aboutTagline: 'Creating connections between founders and investors.',
  notFound: 'Page Not Found - Sorry, the page you are looking for does not exist.',
  loadingCarts: 'Loading carts...',
  noCartsFound: 'No carts found',
  loadingAdminPage: 'Loading admin page...',
  noResultsFound: 'No results found',
  loadingSearchableInvestorResults: 'Loading searchable investor search results...',
  loadingAccountSettings: 'Loading account settings...',
  noContacts: "You don't have any contacts.",
  noProjects: "You don't have any projects.",
  mappingDebuggerEmpty: 'No data loaded. Please enter an email address to load data.',
  importerCloseConfirm: 'Are you sure you want to close the importer? This will cancel the import.',
  noInvestorsMatching: 'No investors found matching your search criteria.',
  enterSearchTerm: 'Enter a search term to find investors.',
  noInvestorsInCart: 'No investors in cart.',
  noColumnsSelected: 'No columns selected. Please select at least one column to export.',
  purchaseContactList: 'Purchase Contact List',
  noPodcastsFound: 'No podcasts found.',
  signInToListPodcast: 'Sign in to list a podcast',
  listPodcastTitle: 'List a New Podcast',
  editProjectTitle: 'Edit Project',
  projectNamePlaceholder: 'Enter project name',
  projectDescriptionPlaceholder: 'Enter project description',
  emptyCartToast: 'Your cart is empty. Add some contacts to get started.',
  clearCartConfirm: 'Are you sure you want to clear your cart?',
  saving: 'Saving...',

  // Section 5: validation
  invalidEmailOrPassword: 'Invalid email or password.',
  loginFailed: 'Failed to log in. Please try again later.',
  passwordsDoNotMatch: 'Passwords do not match.',
  emailInUse: 'This email address is already in use.',
  weakPassword: 'Password is too weak. It should be at least 6 characters long.',
  registerFailed: 'Failed to register. Please try again later.',
  createUserFailed: 'Failed to create user. Please try again.',
  loginToListPodcast: 'Please login to list a podcast.',
  titleRequired: 'Title is required.',
  urlRequired: 'URL is required.',
  submitPodcastFailed: 'Failed to submit podcast. Please try again.',
  loginToUpvote: 'You must be logged in to upvote a podcast.',
  loginToAddToCart: 'Please login to add items to your cart',
  sourceNameRequired: 'Source name is required',
  sourceInformationRequired: 'Source information is required.',
  fillInAllFields: 'Please fill in all fields',
  noInvestorsFound: 'No investors found',
  selectFunction: 'Please select a function',
  functionAlreadyRunning: 'Function is already running',
  notAvailable: 'N/A',
  invalidDate: 'Invalid date',

  // Section 8: toasts
  failedToRemoveValues: 'Failed to remove values',
  failedToSplitValue: 'Failed to split value',
  functionRunSuccess: 'Function run successfully? Check the console for details.',
  mergedField: 'Successfully merged field',
  removedValues: 'Successfully removed values',
  splitValue: 'Successfully split value',
  importComplete: 'Import complete!',
  cartSaved: 'Cart saved',
  noCartToSave: 'No cart to save',
  comingSoonFunctionality: 'This functionality is coming soon!',
  comingSoon: 'Coming soon',
  disconnectedFromStripe: 'Disconnected from Stripe',
  stripeConnected: 'Stripe connected!',
  somethingWentWrong: 'Something went wrong.',
  upvoted: 'Upvoted!',

  // Section 8: page errors
  failedToLoadProject: 'Failed to load project details',
  projectIdMissing: 'Project ID is missing',
  projectDataUnavailable: 'Project data is unavailable.',
  failedToSaveProject: 'Failed to save project. Please try again.',
  anErrorOccurred: 'An error occurred',
  resendVerificationFailed: 'Failed to resend verification email. Please try again later.',
  notLoggedIn: 'You are not logged in.',
  verificationSent: 'Verification email sent. Please check your inbox (and spam folder).',
  userNotFound: 'User not found',
  userProfileNotFound: 'User profile not found.',
  failedToFetchProfile: 'Failed to fetch profile.',
  failedToFetchSearchResults: 'Failed to fetch search results',
  noTierFound: 'No tier found for line item count',
  responseNotJsonObject: 'Response is not valid JSON object.',
  responseMissingData: 'Response is missing data field.',
} as const;

export type MessageKey = keyof typeof messages;

/** 'Investor ({name}) already in cart' */
export const investorAlreadyInCart = (name: string): string => `Investor (${name}) already in cart`;

/** 'Failed to save: {message}' */
export const failedToSave = (message: string): string => `Failed to save: ${message}`;

/** 'Error running function {name}' */
export const errorRunningFunction = (name: string): string => `Error running function ${name}`;

/** 'Are you sure you want to disconnect {project} from Stripe?' */
export const disconnectConfirm = (project: string): string =>
  `Are you sure you want to disconnect ${project} from Stripe?`;

/** 'Importing row X of N...' */
export const importingRow = (row: number, total: number): string => `Importing row ${row} of ${total}...`;

/** 'Search Results (n)' */
export const searchResultsHeader = (count: number): string => `Search Results (${count})`;

/** '...and N more {things}' */
export const andMore = (count: number, things: string): string => `...and ${count} more ${things}`;

export const SHOW_ALL = 'Show all';

/** The document title, with the brand as a suffix. */
export const documentTitle = (page?: string): string => (page ? `${page} | ${BRAND}` : BRAND);

/** Not in the spec: a search card's control that takes an investor out of the cart, and its toast. */
export const REMOVE_FROM_CART = 'Remove from cart';
export const removedFromCart = (name: string): string => `${name} removed from your export cart`;
