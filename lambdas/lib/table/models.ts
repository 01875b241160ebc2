/**
 * Every entity of the single table (spec section 3), with its keys, one module per area under `items/`
 * (users, carts, investors…). Import them from here: the package declares its modules free of side
 * effects (`sideEffects` in package.json), so a function's bundle carries the areas it uses and no
 * other (their schemas are built when a module loads). `docs/data-model.md` lists the access patterns
 * these keys serve.
 */

export * from './items/carts';
export * from './items/common';
export * from './items/credits';
export * from './items/curation';
export * from './items/decks';
export * from './items/directory-metadata';
export * from './items/imports';
export * from './items/investor-identities';
export * from './items/investor-listings';
export * from './items/investor-members';
export * from './items/investor-profiles';
export * from './items/investor-requests';
export * from './items/investors';
export * from './items/library';
export * from './items/network';
export * from './items/payments';
export * from './items/pipeline';
export * from './items/podcasts';
export * from './items/portals';
export * from './items/project-transactions';
export * from './items/projects';
export * from './items/reports';
export * from './items/response-times';
export * from './items/runs';
export * from './items/shortlists';
export * from './items/taxonomy';
export * from './items/taxonomy-jobs';
export * from './items/unsubscribe-tokens';
export * from './items/unsubscribes';
export * from './items/updates';
export * from './items/users';
export * from './items/withdrawals';

import { allCarts, cartsOfCreator, openDeliveriesPaidBefore } from './items/carts';
import { creditEntriesOf } from './items/credits';
import { curationRulesOf } from './items/curation';
import { deckLinksOfEntry, deckVersionsOf, deckViewsOfLink } from './items/decks';
import { directoryMetadataRecords } from './items/directory-metadata';
import { importJobs, importOutcomePagesOf } from './items/imports';
import { remindersDueBy } from './items/investor-listings';
import { submittedInvestorProfiles } from './items/investor-profiles';
import { openCorrections } from './items/investor-requests';
import {
  importedInvestorsWithEmail,
  postingsOfTag,
  stagedRowsOf,
  tagCounters,
  unmappedImportedInvestors,
} from './items/investors';
import { buyersOf, purchasedContactsOf } from './items/library';
import { networkOf } from './items/network';
import { unmatchedPayments } from './items/payments';
import { movesOfEntry, pipelineEntriesOf, pipelineReminders } from './items/pipeline';
import {
  hiddenPodcasts,
  podcastsByListing,
  podcastsByVotes,
  votesOfPodcast,
  votesOfVoter,
} from './items/podcasts';
import { portals } from './items/portals';
import { transactionsOf } from './items/project-transactions';
import { projectItems, projectsConnectedTo, projectsOfCreator } from './items/projects';
import { openReports, reportsOfReporter } from './items/reports';
import { movesOfProject, publishedResponseTimes } from './items/response-times';
import { savedSearchesOf, searchAlertFounders } from './items/shortlists';
import { taxonomyEdits } from './items/taxonomy';
import { investorsWithUnmappedValue, unmappedValuesOf } from './items/taxonomy-jobs';
import { recipientsOfUpdate, updatesOfProject } from './items/updates';
import { updateSummaries } from './items/users';
import { withdrawals } from './items/withdrawals';

/**
 * Every named access pattern of the table and its indexes: each Query a repository makes is one of
 * these. `docs/data-model.md`'s access-pattern table is generated from it (`npm run docs:data-model`)
 * and a test checks that it is current.
 */
export const accessPatterns = {
  purchasedContactsOf,
  savedSearchesOf,
  searchAlertFounders,
  networkOf,
  buyersOf,
  creditEntriesOf,
  updateSummaries,
  projectsOfCreator,
  projectItems,
  projectsConnectedTo,
  transactionsOf,
  allCarts,
  cartsOfCreator,
  openDeliveriesPaidBefore,
  unmatchedPayments,
  importedInvestorsWithEmail,
  unmappedImportedInvestors,
  stagedRowsOf,
  postingsOfTag,
  tagCounters,
  directoryMetadataRecords,
  importJobs,
  importOutcomePagesOf,
  curationRulesOf,
  taxonomyEdits,
  unmappedValuesOf,
  investorsWithUnmappedValue,
  podcastsByVotes,
  podcastsByListing,
  hiddenPodcasts,
  votesOfPodcast,
  votesOfVoter,
  portals,
  submittedInvestorProfiles,
  remindersDueBy,
  withdrawals,
  openCorrections,
  openReports,
  reportsOfReporter,
  pipelineEntriesOf,
  movesOfEntry,
  pipelineReminders,
  deckVersionsOf,
  deckLinksOfEntry,
  deckViewsOfLink,
  updatesOfProject,
  recipientsOfUpdate,
  movesOfProject,
  publishedResponseTimes,
} as const;
