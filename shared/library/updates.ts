/**
 * Free updates of bought contacts (issue 20), pure: for 12 months after the purchase that bought it, a bought value
 * whose contact sheet changed since (a later `changedAt`) is shown as it is now, marked "Updated", or
 * "Removed" when the sheet no longer holds one. Only values the founder bought get updates: a kind
 * not bought, or bought while empty, is never filled in (docs/decisions.md).
 */
import {
  type ContactKind,
  type ContactSheet,
  sameContactValue,
  type ValueSource,
  valueSourceOf,
} from '../investors/provenance';

/** How long after a purchase a bought contact gets its updates free. */
export const FREE_UPDATE_MONTHS = 12;

/** The library's value columns, with the contact kind each holds and its bought `changedAt`. */
export const LIBRARY_VALUE_FIELDS = [
  { field: 'email', kind: 'email', changedAt: 'emailChangedAt' },
  { field: 'linkedinUrl', kind: 'linkedin', changedAt: 'linkedinChangedAt' },
  { field: 'phone', kind: 'phone', changedAt: 'phoneChangedAt' },
  { field: 'twitterUrl', kind: 'twitter', changedAt: 'twitterChangedAt' },
  { field: 'crunchbaseUrl', kind: 'crunchbase', changedAt: 'crunchbaseChangedAt' },
] as const satisfies readonly { field: string; kind: ContactKind; changedAt: string }[];

export type LibraryValueField = (typeof LIBRARY_VALUE_FIELDS)[number]['field'];
type ChangedAtField = (typeof LIBRARY_VALUE_FIELDS)[number]['changedAt'];

/**
 * What a library row keeps of its purchases: the values bought, when each became what it was, the
 * first purchase's date and (issue 30) each purchase's date by cart and the cart that bought each
 * value. Rows written before that know only the first purchase: every value counts from it.
 */
export type BoughtValues = Readonly<Record<LibraryValueField, string | null>> &
  Readonly<Record<ChangedAtField, string | null>> & {
    readonly purchasedAt: string;
    readonly cartId?: string;
    /** When each cart that included the contact was paid, by cart id. */
    readonly purchases?: Readonly<Record<string, string>>;
    /** The cart whose purchase gave each value the row holds. */
    readonly boughtIn?: Readonly<Partial<Record<LibraryValueField, string>>>;
  };

const instant = (iso: string) => new Date(iso).getTime();

/** The purchases of a row by cart, for rows written before they were kept: the first one. */
export function purchasesOf(bought: BoughtValues): Record<string, string> {
  if (bought.purchases && Object.keys(bought.purchases).length > 0) return { ...bought.purchases };
  return bought.cartId ? { [bought.cartId]: bought.purchasedAt } : {};
}

/**
 * When the value of `field` the row holds was bought (issue 30, "Each purchase's 12 months"): the
 * date of the purchase that gave it, or the first purchase's for rows that do not say.
 */
export function valueBoughtAt(bought: BoughtValues, field: LibraryValueField): string {
  const cart = bought.boughtIn?.[field];
  return (cart ? purchasesOf(bought)[cart] : undefined) ?? bought.purchasedAt;
}

/** The cart whose purchase gave the value of `field`, or the first cart for rows that do not say. */
export const valueBoughtIn = (bought: BoughtValues, field: LibraryValueField): string | null =>
  bought.boughtIn?.[field] ?? bought.cartId ?? null;

/** The last purchase of the row. */
export function lastPurchasedAt(bought: BoughtValues): string {
  return Object.values(purchasesOf(bought)).reduce(
    (last, at) => (instant(at) > instant(last) ? at : last),
    bought.purchasedAt,
  );
}

/** One bought value that changed since: its new value (null: removed), what was bought, and when. */
export interface ContactUpdate {
  readonly field: LibraryValueField;
  readonly kind: ContactKind;
  readonly status: 'updated' | 'removed';
  readonly value: string | null;
  readonly was: string;
  readonly changedAt: string;
}

/** The instant free updates of a purchase end: the same day and time 12 months later (UTC). */
export function freeUpdatesUntil(purchasedAt: string): string {
  const end = new Date(purchasedAt);
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + FREE_UPDATE_MONTHS);
  // 29 Feb (or the 31st) ends on the last day of the month it falls in.
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end.toISOString();
}

/** Whether a purchase made at `purchasedAt` still gets free updates at `now`. */
export const getsFreeUpdates = (purchasedAt: string, now: Date): boolean =>
  now.getTime() < new Date(freeUpdatesUntil(purchasedAt)).getTime();

/**
 * When the row's free updates end: 12 months after the latest purchase of a value it holds (each
 * value counts from the purchase that gave it), or after its last purchase when it holds none.
 */
export function rowUpdatesUntil(bought: BoughtValues): string {
  const dates = LIBRARY_VALUE_FIELDS.filter(({ field }) => bought[field] !== null).map(({ field }) =>
    valueBoughtAt(bought, field),
  );
  const latest = dates.length
    ? dates.reduce((last, at) => (instant(at) > instant(last) ? at : last))
    : lastPurchasedAt(bought);
  return freeUpdatesUntil(latest);
}

/**
 * The updates of one bought contact at `now`: per value bought (present when bought, with its
 * `changedAt`), the sheet's value when the sheet says it changed later, within 12 months of the
 * purchase that bought that value. `since` keeps only changes after that instant (the weekly
 * summary's last one).
 */
export function contactUpdates(
  bought: BoughtValues,
  sheet: ContactSheet | undefined,
  now: Date,
  since: string | null = null,
): ContactUpdate[] {
  if (!sheet) return [];
  const updates: ContactUpdate[] = [];
  for (const { field, kind, changedAt } of LIBRARY_VALUE_FIELDS) {
    const was = bought[field];
    const boughtChangedAt = bought[changedAt];
    const current = sheet.fields[kind];
    if (was === null || boughtChangedAt === null || !current) continue;
    if (!getsFreeUpdates(valueBoughtAt(bought, field), now)) continue;
    const at = instant(current.changedAt);
    if (at <= instant(boughtChangedAt) || at > now.getTime()) continue;
    if (since !== null && at <= instant(since)) continue;
    if (current.value === was) continue;
    updates.push({
      field,
      kind,
      status: current.value === null ? 'removed' : 'updated',
      value: current.value,
      was,
      changedAt: new Date(at).toISOString(),
    });
  }
  return updates;
}

/** Per library value field, where the value shown came from and when (issue 50). */
export type LibrarySources = Partial<Record<LibraryValueField, ValueSource>>;

/**
 * The source of each value the library shows (issue 50): the sheet's, when the sheet holds that same
 * value (always while updates are free, since the library then shows the sheet's); none for a value
 * the sheet no longer holds (changed after free updates ended), whose source is not known.
 */
export function librarySources(shown: BoughtValues, sheet: ContactSheet | undefined): LibrarySources {
  const out: LibrarySources = {};
  if (!sheet) return out;
  for (const { field, kind } of LIBRARY_VALUE_FIELDS) {
    const value = shown[field];
    const current = sheet.fields[kind];
    if (value === null || !current || !sameContactValue(kind, current.value, value)) continue;
    out[field] = valueSourceOf(current);
  }
  return out;
}

/** The values to show of a bought contact: those bought, with the updates applied. */
export function withUpdates<T extends BoughtValues>(bought: T, updates: readonly ContactUpdate[]): T {
  const shown = { ...bought } as Record<string, unknown>;
  for (const update of updates) shown[update.field] = update.value;
  return shown as T;
}

/**
 * The ISO 8601 week of an instant (UTC), `2026-W48`: the weekly summary is sent at most once in
 * each.
 */
export function isoWeek(now: Date): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday); // the Thursday of this week names its year
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}
