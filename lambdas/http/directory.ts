import { area, httpHandler } from '../lib/http';

/**
 * Directory and search: public routes that never carry a contact detail. Each area is a module of its
 * own, loaded at the first request of one of its routes (a chunk of its own in the bundle): the home
 * page's counts do not load the search engine.
 */
const site = area('site', () => import('./directory/site'));
const search = area('search', () => import('./directory/search'));
const profiles = area('profiles', () => import('./directory/profiles'));
const taxonomy = area('taxonomy', async () => ({
  endpoints: (await import('./taxonomy-public')).publicTaxonomyEndpoints,
}));

export const handler = httpHandler('directory', {
  'GET /taxonomy': taxonomy,
  'GET /directory/metadata': site,
  'GET /directory/role-counts': site,
  'GET /directory/facets': search,
  'GET /directory/suggestions': search,
  'GET /investors': search,
  'GET /investors/{investorId}': profiles,
  'GET /portals/{portalId}': site,
});
