import * as z from 'zod/mini';
import { CONTACT_KINDS, contactConfirmedSchema } from '../investors/provenance';

/**
 * The public investor card embedded in a cart item: what the directory shows before purchase, with
 * flags instead of contact values. `investorRole` is the stored role value (e.g. 'vc', 'family_office').
 * Parsing drops any other field.
 */
export const cartInvestorSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string(),
  investorRole: z.string(),
  stageFocus: z.array(z.string()),
  sectorFocus: z.array(z.string()),
  hasEmail: z.boolean(),
  hasPhone: z.boolean(),
  hasLinkedIn: z.boolean(),
  hasTwitter: z.boolean(),
  hasCrunchbase: z.boolean(),
  /**
   * What a founder decides on, beyond the spec's card: absent on cards saved before they were shown
   * (carts kept in the browser, postings written before), so every one is optional.
   */
  firmName: z.optional(z.nullable(z.string())),
  title: z.optional(z.nullable(z.string())),
  cities: z.optional(z.array(z.string())),
  countries: z.optional(z.array(z.string())),
  checkMin: z.optional(z.nullable(z.number())),
  checkMax: z.optional(z.nullable(z.number())),
  /** The investor's typical cheque in US dollars (issue 50), on cards a cart holds; absent without one. */
  typicalCheque: z.optional(z.nullable(z.number())),
  /**
   * The UTC month each contact value was last confirmed ('2026-03'), never the value (issue 20);
   * absent on cards from before provenance.
   */
  contactConfirmed: z.optional(contactConfirmedSchema),
  /** The kinds the investor gave or confirmed themselves (issue 21): "confirmed by the investor". */
  confirmedByInvestor: z.optional(z.array(z.enum(CONTACT_KINDS))),
  /** The first line of the investor's thesis, cut short (issue 33); absent without one. */
  thesisLine: z.optional(z.nullable(z.string())),
});
export type CartInvestor = z.infer<typeof cartInvestorSchema>;
