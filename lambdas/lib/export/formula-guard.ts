/**
 * Phone numbers in CSV files (issue 32; docs/decisions.md, "Phone numbers in CSV files").
 * csv-stringify's `escape_formulas` puts an apostrophe before every cell that starts with =, +, -,
 * @, tab or carriage return, so a spreadsheet never runs a formula planted in a cell. International
 * phone numbers start with "+", and a CRM imports the apostrophe as part of the number. A phone that
 * is only a phone (a leading "+", digits and the separators people write) cannot call a function,
 * reach another file or cell, or run a command, so it is written as it is; anything else in a phone
 * column is guarded like every other cell.
 */
import type { CastingContext, Options } from 'csv-stringify/sync';

/** E.164 allows 15 digits; national numbers have at least 6. */
const MIN_PHONE_DIGITS = 6;
const MAX_PHONE_DIGITS = 15;
const MAX_PHONE_LENGTH = 32;

/**
 * Whether a value is a plain phone number: an optional leading "+", then digits, single spaces,
 * dots, hyphens or slashes between digit groups, and at most one pair of parentheses around a digit
 * group ("+44 20 7946 0958", "+1 (415) 555-0100", "020 7946 0958"), with 6 to 15 digits. Nothing
 * else: no letter, no "=", "|", "!", "@" or second "+".
 */
export function isPlainPhoneNumber(value: string): boolean {
  if (value.length > MAX_PHONE_LENGTH) return false;
  if (!/^\+?(?:\(\d+\)|\d)(?:[ ./-]?(?:\(\d+\)|\d))*$/.test(value)) return false;
  if ((value.match(/\(/g) ?? []).length > 1) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= MIN_PHONE_DIGITS && digits <= MAX_PHONE_DIGITS;
}

/**
 * csv-stringify options for a file whose records are arrays: every cell guarded against formulas,
 * except a plain phone number in one of `phoneColumns` (column indexes), which is written as it is.
 */
export function formulaSafeOptions(phoneColumns: readonly number[]): Options {
  const phones = new Set(phoneColumns);
  return {
    escape_formulas: true,
    cast: {
      string: (value: string, context: CastingContext) =>
        typeof context.column === 'number' && phones.has(context.column) && isPlainPhoneNumber(value)
          ? // The guard off for this cell only (csv-stringify merges a cast's options per cell; its
            // type lists some of them, not escape_formulas).
            ({ value, escape_formulas: false } as { value: string })
          : value,
    },
  };
}
