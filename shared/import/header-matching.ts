/** The investor field (or field family) a CSV column feeds. */
export type ColumnFamily =
  | 'email'
  | 'phone'
  | 'linkedin'
  | 'twitter'
  | 'crunchbase'
  | 'instagram'
  | 'youtube'
  | 'tiktok'
  | 'photos'
  | 'otherSocial'
  | 'thesis'
  | 'website'
  | 'typicalCheque'
  | 'fundSize'
  | 'vintage'
  | 'geographicFocus'
  | 'checkSizeMin'
  | 'checkSizeMax'
  | 'checkSizeBucket'
  | 'leadsRounds'
  | 'stageFocus'
  | 'sectorFocus'
  | 'cities'
  | 'countries'
  | 'regions'
  | 'portfolioCompanies'
  | 'selectedInvestments'
  | 'notes'
  | 'tags'
  | 'title'
  | 'investorRole'
  | 'otherFirms'
  | 'primaryFirm'
  | 'firstName'
  | 'lastName'
  | 'fullName';

/** A header seen two ways: its lower-case words, and those words run together. */
interface HeaderForms {
  words: readonly string[];
  compact: string;
}

type Rule = readonly [ColumnFamily, (header: HeaderForms) => boolean];

/** Some word of the header starts with one of `stems` (e.g. 'city' matches 'City/State', not 'Ethnicity'). */
const word =
  (...stems: string[]) =>
  (h: HeaderForms): boolean =>
    h.words.some((w) => stems.some((stem) => w.startsWith(stem)));

/** The header, letters and digits only, contains one of `parts` ('first name' matches 'FirstName', 'first_name'). */
const has =
  (...parts: string[]) =>
  (h: HeaderForms): boolean =>
    parts.some((part) => h.compact.includes(part));

/** Some word of the header is exactly one of `words` (e.g. 'X' but not 'Xero'). */
const wordIs =
  (...words: string[]) =>
  (h: HeaderForms): boolean =>
    h.words.some((w) => words.includes(w));

/** The header is exactly one of `headers`, letters and digits only. */
const is =
  (...headers: string[]) =>
  (h: HeaderForms): boolean =>
    headers.includes(h.compact);

/** The header's words hold `phrase`'s words in a row ('invests in' matches 'Invests In (Countries)', not 'Investing Stage'). */
const phrase =
  (...phrases: string[]) =>
  (h: HeaderForms): boolean =>
    phrases.some((p) => ` ${h.words.join(' ')} `.includes(` ${p} `));

const either =
  (...tests: ((h: HeaderForms) => boolean)[]) =>
  (h: HeaderForms): boolean =>
    tests.some((test) => test(h));

/**
 * A cheque-size header, however it is spelled: 'Check Size', 'Cheque Min', 'Ticket max', 'Min
 * Investment', 'Investment Range' (an 'investment' word counts only with a size word beside it, so
 * 'Investments' and 'Investment Stage' are not cheque sizes).
 */
const isCheckSize = either(
  has('check', 'cheque', 'ticket'),
  (h) =>
    wordIs('investment', 'investing')(h) &&
    word('min', 'max', 'size', 'range', 'amount', 'lower', 'upper')(h),
);
const isMin = word('min', 'lower', 'smallest', 'from');
const isMax = word('max', 'upper', 'largest', 'biggest');

/**
 * Header rules, tried in this order; the first that matches wins. Specific families come before the broad
 * ones whose words also occur in other headers:
 * - contact details and links first, so 'Partner Email', 'Company LinkedIn' or 'Firm Website' are contact
 *   columns (or the public website), not names or firms;
 * - other social sites before the website ('Facebook URL' is not the website), the website before the thesis;
 * - a typical cheque ('Avg ticket', 'Typical check') before min/max check size, and those before the
 *   plain check size bucket;
 * - where they invest ('Invests in', 'Geographic focus') before stage, sector and countries;
 * - stage before tags ('stage' contains 'tag') and before investments ('Investment Stage');
 * - sector words (including 'fund focus') before firms ('Fund Name' is a firm);
 * - cities, then countries/location, then regions ('Country/Region' is countries);
 * - title before role ('Role / Title' is a title), role before firms ('Firm Type' is a role);
 * - other firms before the primary firm, and every firm before names ('Firm Name', 'Company Name');
 * - first and last name before the full-name family, which takes any remaining header with 'name' in it.
 */
const RULES: readonly Rule[] = [
  ['email', either(has('email'), is('mail', 'mailaddress'))],
  ['phone', either(has('phone', 'mobile', 'whatsapp'), wordIs('tel', 'cell'))],
  ['linkedin', has('linkedin')],
  ['twitter', either(has('twitter'), wordIs('x'))],
  ['crunchbase', has('crunchbase')],
  ['instagram', has('instagram')],
  ['youtube', has('youtube')],
  ['tiktok', has('tiktok')],
  ['photos', has('photo', 'headshot', 'avatar', 'picture')],
  ['otherSocial', has('facebook', 'angellist', 'social', 'github', 'blog')],
  // Profile facts (issue 33): the investor's own website, the thesis, a typical cheque (before the
  // cheque range: 'Avg ticket' is not a bound), where they invest (before stage, sector and countries:
  // 'Geographic focus' is not where they are).
  ['website', either(has('website', 'homepage'), word('url', 'web'), is('site'))],
  [
    'thesis',
    either(
      has('thesis', 'investmentphilosophy', 'investmentstrategy'),
      is('about', 'aboutus', 'bio', 'biography', 'description', 'overview', 'whatweinvestin'),
    ),
  ],
  [
    'typicalCheque',
    either(
      (h) => isCheckSize(h) && word('typical', 'avg', 'average', 'usual', 'median', 'sweet', 'preferred')(h),
      has('sweetspot', 'typicalinvestment', 'averageinvestment', 'avginvestment'),
    ),
  ],
  // The fund (issue 52): its size and its latest vintage, before firms ('Fund Size' is not a firm)
  // and sectors; 'AUM' only as a word of its own.
  [
    'fundSize',
    either(
      has('fundsize', 'sizeoffund', 'fundamount', 'assetsundermanagement', 'capitalundermanagement'),
      wordIs('aum'),
    ),
  ],
  ['vintage', has('vintage')],
  [
    'geographicFocus',
    either(
      phrase('invests in', 'invest in', 'investing in', 'where we invest', 'where they invest'),
      has(
        'geographicfocus',
        'geographicalfocus',
        'geographyfocus',
        'geofocus',
        'investmentgeograph',
        'targetgeograph',
        'targetcountr',
        'targetregion',
        'regionalfocus',
        'countryfocus',
      ),
    ),
  ],
  ['checkSizeMin', (h) => isCheckSize(h) && isMin(h)],
  ['checkSizeMax', (h) => isCheckSize(h) && isMax(h)],
  ['checkSizeBucket', isCheckSize],
  [
    'leadsRounds',
    either(
      word('leads'),
      has(
        'leadround',
        'leaddeal',
        'willlead',
        'canlead',
        'takeslead',
        'leadfollow',
        'leadorfollow',
        'leadsorfollow',
      ),
      is('lead', 'leadinvestor'),
    ),
  ],
  ['stageFocus', either(has('stage'), word('round'))],
  [
    'sectorFocus',
    either(
      has(
        'sector',
        'niche',
        'fundfocus',
        'vertical',
        'industr',
        'focusarea',
        'investmentfocus',
        'market',
        'theme',
      ),
      is('focus'),
    ),
  ],
  ['cities', word('city', 'cities', 'town', 'metro')],
  ['countries', either(word('countr', 'location', 'geograph', 'nation'), has('headquarter', 'basedin'))],
  ['regions', has('region')],
  ['portfolioCompanies', has('portfolio', 'portco')],
  [
    'selectedInvestments',
    has(
      'investments',
      'selectedinvestment',
      'notableinvestment',
      'notabledeal',
      'pastdeal',
      'recentdeal',
      'latestdeal',
      'latestinvestment',
      'recentinvestment',
      'exits',
    ),
  ],
  ['notes', has('note', 'comment', 'remark')],
  ['tags', word('tag', 'keyword', 'label')],
  ['title', has('title', 'position', 'designation')],
  ['investorRole', either(word('type', 'role', 'kind'), has('investortype', 'investorrole'))],
  ['otherFirms', has('otherfirm', 'othercompan', 'otherorg', 'additionalfirm', 'previousfirm', 'pastfirm')],
  [
    'primaryFirm',
    either(
      has(
        'firm',
        'company',
        'organisation',
        'organization',
        'fundname',
        'employer',
        'affiliation',
        'institution',
      ),
      is('fund'),
    ),
  ],
  ['firstName', either(has('firstname', 'givenname', 'forename'), is('first'))],
  ['lastName', either(has('lastname', 'surname', 'familyname'), is('last'))],
  ['fullName', either(has('name'), is('investor', 'partner', 'person', 'contact'))],
];

const headerForms = (header: string): HeaderForms => {
  const words = header
    // camelCase and PascalCase headers are words too: 'MinCheckSize' is 'min check size'.
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
  return { words, compact: words.join('') };
};

/**
 * The column family a CSV header feeds, or `null` when none claims it (the column then goes to
 * `otherMetadata`). Matching is case-insensitive and by substring, ignoring spaces and punctuation, so
 * 'First Name', 'first_name' and 'FirstName' are all `firstName`. See the rule order above for how
 * overlapping headers are settled.
 */
export function matchHeader(header: string): ColumnFamily | null {
  const forms = headerForms(header);
  if (forms.compact === '') return null;
  for (const [family, test] of RULES) {
    if (test(forms)) return family;
  }
  return null;
}

/** A CSV column as the importer shows it: the (possibly edited) header and its include checkbox. */
export interface ImportColumn {
  header: string;
  include: boolean;
}

/** A column with the family its header matched. */
export interface PlannedColumn extends ImportColumn {
  index: number;
  family: ColumnFamily | null;
}

/** Columns for a header row as read from the file: every column included, headers unchanged. */
export function columnsFromHeaders(headers: readonly string[]): ImportColumn[] {
  return headers.map((header) => ({ header, include: true }));
}

/** Each column with its position and matched family (`null` when unmatched). */
export function planColumns(columns: readonly ImportColumn[]): PlannedColumn[] {
  return columns.map((column, index) => ({ ...column, index, family: matchHeader(column.header) }));
}

const NAME_FAMILIES: ReadonlySet<ColumnFamily> = new Set(['fullName', 'firstName', 'lastName']);

/**
 * Whether the included columns can name an investor: at least one included column matches the full-name
 * family, the first-name family or the last-name family (the full name falls back to first plus last).
 */
export function hasUsableNameColumn(columns: readonly ImportColumn[]): boolean {
  return columns.some((column) => {
    if (!column.include) return false;
    const family = matchHeader(column.header);
    return family !== null && NAME_FAMILIES.has(family);
  });
}
