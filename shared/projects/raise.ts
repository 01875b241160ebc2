import * as z from 'zod/mini';
import { excerpt } from '../api/text';
import { formatCompactUsd, parseMoney } from '../format/money';
import { ROUND_OPTIONS, roundOf } from '../shortlist/taxonomy-port';

/**
 * What a project is raising (issue 35): the round (a stage of the taxonomy), the amount in US dollars,
 * where the company is (country, city) and whether a lead is wanted. Every part is optional; the
 * project's sectors (as before) complete it. The shortlist ranks investors by fit to it.
 */

/** The smallest and largest amount a raise may name, in whole US dollars. */
export const RAISE_AMOUNT = { min: 1_000, max: 10_000_000_000 } as const;
export const RAISE_PLACE_MAX_LENGTH = 100;

/** Not in the spec. */
export const RAISE_ROUND_INVALID = `Choose the round from the list: ${listOr(ROUND_OPTIONS.map((o) => o.label))}.`;
/** Not in the spec. */
export const RAISE_AMOUNT_INVALID = `The amount must be a whole number of US dollars, from $1,000 to $10,000,000,000.`;
/** Not in the spec. */
export const raiseCountryUnknown = (country: string, meant: string | null = null): string =>
  meant
    ? `We do not know the country '${excerpt(country)}'. Did you mean ${meant}? Choose it from the list.`
    : `We do not know the country '${excerpt(country)}': choose one from the list.`;
/** Not in the spec. */
export const RAISE_CITY_NEEDS_COUNTRY = 'Give the country too: a city is matched within its country.';
/** Not in the spec. */
export const RAISE_PLACE_TOO_LONG = `A country or city must be at most ${RAISE_PLACE_MAX_LENGTH} characters.`;
/** Not in the spec: the project page's invitation when the raise is not set. */
export const RAISE_INVITATION = 'Tell us about your raise to see the investors who fit';

function listOr(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/** A raise as stored on the project: null where the founder says nothing. */
export const raiseSchema = z.object({
  /** A stage as stored (`seed`). */
  round: z.nullable(z.string()),
  /** Whole US dollars. */
  amountUsd: z.nullable(z.number()),
  /** The country's name as the directory stores it. */
  country: z.nullable(z.string()),
  city: z.nullable(z.string()),
  leadWanted: z.nullable(z.boolean()),
});
export type Raise = z.infer<typeof raiseSchema>;

export const EMPTY_RAISE: Raise = {
  round: null,
  amountUsd: null,
  country: null,
  city: null,
  leadWanted: null,
};

/** Whether a raise says anything at all. */
export const raiseIsSet = (raise: Raise | null | undefined): raise is Raise =>
  raise != null && Object.values(raise).some((value) => value !== null);

/** What a founder gives: each part optional; blank text is no value. */
export interface RaiseInput {
  round?: string | null | undefined;
  amountUsd?: number | null | undefined;
  country?: string | null | undefined;
  city?: string | null | undefined;
  leadWanted?: boolean | null | undefined;
}

const blank = (value: string | null | undefined) => value == null || value.trim() === '';

const spaced = (value: string) => value.trim().replace(/\s+/g, ' ');

/**
 * A founder's raise checked: the round one of the stages (any spelling of one), the amount a whole
 * number in range, a city only with its country. Returns the raise to store (places as typed: the
 * server puts them in the taxonomy's words, `shared/shortlist/places-port.ts`), or the first
 * problem's message.
 */
export function checkRaise(input: RaiseInput): { ok: true; raise: Raise } | { ok: false; message: string } {
  let round: string | null = null;
  if (!blank(input.round)) {
    const option = roundOf(input.round as string);
    if (!option) return { ok: false, message: RAISE_ROUND_INVALID };
    round = option.value;
  }
  const amount = input.amountUsd ?? null;
  if (
    amount !== null &&
    !(Number.isInteger(amount) && amount >= RAISE_AMOUNT.min && amount <= RAISE_AMOUNT.max)
  )
    return { ok: false, message: RAISE_AMOUNT_INVALID };
  const country = blank(input.country) ? null : spaced(input.country as string);
  const city = blank(input.city) ? null : spaced(input.city as string);
  if (city !== null && country === null) return { ok: false, message: RAISE_CITY_NEEDS_COUNTRY };
  return {
    ok: true,
    raise: { round, amountUsd: amount, country, city, leadWanted: input.leadWanted ?? null },
  };
}

/** The raise in one line, as the project page shows it: "Seed · $1M · Stockholm, Sweden · lead wanted". */
export function raiseSummary(raise: Raise): string {
  const round = raise.round ? (roundOf(raise.round)?.label ?? raise.round) : null;
  const place = [raise.city, raise.country].filter(Boolean).join(', ');
  return [
    round,
    raise.amountUsd !== null ? formatCompactUsd(raise.amountUsd) : null,
    place || null,
    raise.leadWanted === true ? 'lead wanted' : raise.leadWanted === false ? 'no lead needed' : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * An amount as a founder types it: '1000000', '1,000,000', '$1M', '1.5m', '500k' (k, m and b as the
 * importer reads cheque sizes: one parser, `parseMoney`). Null for blank; NaN when it is not an amount.
 */
export function parseAmount(text: string): number | null {
  if (text.trim() === '') return null;
  return parseMoney(text) ?? Number.NaN;
}
