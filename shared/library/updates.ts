/**
 * Free updates of bought contacts (issue 20), pure: for 12 months after a purchase, a bought value
 * whose contact sheet changed since (a later `changedAt`) is shown as it is now, marked "Updated", or
 * "Removed" when the sheet no longer holds one. Only values the founder bought get updates: a kind
 * not bought, or bought while empty, is never filled in (docs/decisions.md).
 */
import type { ContactKind, ContactSheet } from '../investors/provenance';

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

/** What a library row keeps of a purchase: the values bought, when each became what it was, the date. */
export type BoughtValues = Readonly<Record<LibraryValueField, string | null>> &
  Readonly<Record<ChangedAtField, string | null>> & { readonly purchasedAt: string };

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

const instant = (iso: string) => new Date(iso).getTime();

/**
 * The updates of one bought contact at `now`: per value bought (present when bought, with its
 * `changedAt`), the sheet's value when the sheet says it changed later, within 12 months of the
 * purchase. `since` keeps only changes after that instant (the weekly summary's last one).
 */
export function contactUpdates(
  bought: BoughtValues,
  sheet: ContactSheet | undefined,
  now: Date,
  since: string | null = null,
): ContactUpdate[] {
  if (!sheet || !getsFreeUpdates(bought.purchasedAt, now)) return [];
  const updates: ContactUpdate[] = [];
  for (const { field, kind, changedAt } of LIBRARY_VALUE_FIELDS) {
    const was = bought[field];
    const boughtChangedAt = bought[changedAt];
    const current = sheet.fields[kind];
    if (was === null || boughtChangedAt === null || !current) continue;
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
