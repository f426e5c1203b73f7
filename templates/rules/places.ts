// Rules on the places collection that its schema cannot say.
import type { PageRuleInput, SiteProblem } from 'trn-site/theme';
import { REGION_IDS, type Place } from '../collections/places.ts';
import { hasNearby, placeMembers } from '../lib/place-lists.ts';
import type { Site } from '../site.schema.ts';

/**
 * Every region a place may name has a name and an order in site.yaml's
 * `regions:`; a region left out there would drop its places from every area
 * list without a word.
 */
export function regionRules(site: Site): SiteProblem[] {
  const listed = new Set(site.regions.map((r) => r.id));
  const missing = REGION_IDS.filter((id) => !listed.has(id));
  return missing.map((id) => ({
    path: ['regions'],
    message: `the region "${id}" is missing, so the places in it would be left out of every area list`,
    hint: `add it: - id: ${id}, with its name`,
  }));
}

/** A location page lists the places near it; with none to list, its area block would be empty. */
export function nearbyRule({ page, collections }: PageRuleInput<Site>): SiteProblem[] {
  const data = page.data as { areas?: unknown; collections?: { places?: Place } };
  // Only a location page with an areas block lists its neighbours.
  if (page.template !== 'location' || !data.areas || !data.collections?.places) return [];
  if (hasNearby(placeMembers(collections), page.route)) return [];
  return [
    {
      path: ['collections', 'places'],
      message: 'no other place is listed near this one, so its "areas we serve" block would be empty',
      hint: 'add the pages of nearby places, or set inServiceAreas: true on places that are already there',
      warning: true,
    },
  ];
}
