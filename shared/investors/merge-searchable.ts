import { uniqueTags } from '../tags/normalize-tag';
import { type SearchableInvestor, uniqueTexts } from './types';

/**
 * Folds another record of the same investor (same identity key) into a searchable investor: focus
 * lists are united (normalised, first spelling kept), contact flags are or-ed, places are united, the
 * name, role, firm, title and cheque bounds keep the first known value, and the linked imported
 * investor stays the first one mapped.
 */
export function mergeSearchableInvestors(
  current: SearchableInvestor,
  incoming: SearchableInvestor,
): SearchableInvestor {
  return {
    ...current,
    name: current.name || incoming.name,
    investorRole: current.investorRole ?? incoming.investorRole,
    firmName: current.firmName ?? incoming.firmName,
    title: current.title ?? incoming.title,
    cities: uniqueTexts([...current.cities, ...incoming.cities]),
    countries: uniqueTexts([...current.countries, ...incoming.countries]),
    checkMin: current.checkMin ?? incoming.checkMin,
    checkMax: current.checkMax ?? incoming.checkMax,
    stageFocus: uniqueTags([...current.stageFocus, ...incoming.stageFocus]),
    sectorFocus: uniqueTags([...current.sectorFocus, ...incoming.sectorFocus]),
    hasEmail: current.hasEmail || incoming.hasEmail,
    hasPhone: current.hasPhone || incoming.hasPhone,
    hasLinkedIn: current.hasLinkedIn || incoming.hasLinkedIn,
    hasTwitter: current.hasTwitter || incoming.hasTwitter,
    hasCrunchbase: current.hasCrunchbase || incoming.hasCrunchbase,
    updatedAt: [current.updatedAt, incoming.updatedAt].sort().at(-1) ?? current.updatedAt,
  };
}
