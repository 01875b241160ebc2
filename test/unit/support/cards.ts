import type { CartInvestor } from '../../../shared/cart/cart';

/** A public investor card with nothing set but its id and name (a VC with no tags, places or contacts). */
export function blankCard(id: string, fields: Partial<CartInvestor> = {}): CartInvestor {
  return {
    id,
    name: id,
    investorRole: 'vc',
    stageFocus: [],
    sectorFocus: [],
    hasEmail: false,
    hasPhone: false,
    hasLinkedIn: false,
    hasTwitter: false,
    hasCrunchbase: false,
    firmName: null,
    title: null,
    cities: [],
    countries: [],
    checkMin: null,
    checkMax: null,
    ...fields,
  };
}
