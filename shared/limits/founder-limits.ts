/**
 * Per-founder limits of the routes that take lists (issue 48): a founder's account may send only so
 * many lists of rows or investors in a fixed window, so no account can sweep the directory through
 * them. Pure: the numbers and the message, for the server and the screens alike
 * (docs/decisions.md, "Per-founder limits of lists").
 */

export const FOUNDER_LIST_LIMITS = {
  /** Spreadsheet pages matched or imported into a pipeline (50 rows a page: 2,500 rows an hour). */
  pipelineImport: { max: 50, windowMinutes: 60, what: 'spreadsheet pages' },
  /** Carts saved or previewed, and the working cart written or merged (each a list of investors). */
  cartLists: { max: 300, windowMinutes: 60, what: 'cart changes' },
} as const;
export type FounderListScope = keyof typeof FOUNDER_LIST_LIMITS;

/** The 429's message: which limit, and when to try again. */
export const founderLimitMessage = (scope: FounderListScope): string => {
  const limit = FOUNDER_LIST_LIMITS[scope];
  return `Too many ${limit.what} from your account: at most ${limit.max} every ${limit.windowMinutes} minutes. Try again in a few minutes.`;
};
