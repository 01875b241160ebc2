import { taxonomyKey } from './fold';
import { mapFocusPlaces } from './places';
import type { Taxonomy } from './taxonomy';

/** The facts of a public profile that name places and stages. */
interface ProfileTaxonomyFacts {
  geographicFocus: string[];
  portfolio: { stage: string | null }[];
  recentInvestments: { round: string | null }[];
  /** Issue 52: the new deals per stage, their rounds spelled as the recent investments' are. */
  deploying?: { stagesLast12Months: { stage: string | null; count: number }[] } | null;
}

/**
 * A public profile's facts on the taxonomy as they are read (the sheet keeps what each source
 * wrote): where they invest by region, country or city name (`mapFocusPlaces`: "usa, latam" →
 * United States, Latin America), and a portfolio company's stage or an investment's round in the spelling of
 * the stage it names ("series-a" → Series A). Only the spelling: a round the taxonomy counts under a
 * wider stage ("Series D" under Series C+, "Angel" under Pre-Seed) stays as written, since the
 * profile says which round it was. Anything the taxonomy does not know stays as written.
 */
export function profileOnTaxonomy<P extends ProfileTaxonomyFacts>(profile: P, taxonomy: Taxonomy): P {
  const spelling = (raw: string | null) => {
    if (raw === null) return null;
    const entry = taxonomy.resolve('stage', raw);
    return entry && taxonomyKey(entry.label) === taxonomyKey(raw) ? entry.label : raw;
  };
  return {
    ...profile,
    geographicFocus: mapFocusPlaces(profile.geographicFocus),
    portfolio: profile.portfolio.map((company) => ({ ...company, stage: spelling(company.stage) })),
    recentInvestments: profile.recentInvestments.map((deal) => ({ ...deal, round: spelling(deal.round) })),
    ...(profile.deploying
      ? {
          deploying: {
            ...profile.deploying,
            stagesLast12Months: profile.deploying.stagesLast12Months.map((deals) => ({
              ...deals,
              stage: spelling(deals.stage),
            })),
          },
        }
      : {}),
  };
}
