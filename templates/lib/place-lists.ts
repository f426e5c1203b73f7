// Every list of places on the site, as a query over the places collection
// (templates/collections/places.ts). Nobody keeps a list of routes: a page
// joins a list by what it says about itself under `collections: places:`.
//
// Every page of a build is handed the same members, so each list is made once
// per build (perObject keeps it by the members' array), not once per page: with
// thousands of places, making the menus on every page was most of a build.
import { perObject, query, type Member } from 'trn-site/theme';
import type { Site } from '../site.schema.ts';
import type { Place, PlaceMember, RegionId } from '../collections/places.ts';

/** The places collection as the engine hands it over. */
export function placeMembers(collections: Record<string, Member[]>): PlaceMember[] {
  // The engine validated each member's data against PlaceSchema and filled its defaults.
  return (collections.places ?? []) as unknown as PlaceMember[];
}

/** A region of site.yaml with the places listed under it. */
export interface RegionGroup {
  id: RegionId;
  name: string;
  places: PlaceMember[];
}

/** The service-area lists (home page, service pages, contact map): each region in site.yaml's order, its places in their order. */
export function serviceAreaGroups(places: readonly PlaceMember[], regions: Site['regions']): RegionGroup[] {
  return serviceAreaGroupsOf(places)(regions);
}

const serviceAreaGroupsOf = perObject((places: readonly PlaceMember[]) => {
  const listed = inServiceAreas(places);
  return perObject((regions: Site['regions']) =>
    regions
      .map((region) => ({ id: region.id, name: region.name, places: query(listed, { where: { region: region.id }, orderBy: ['order', 'label'] }) }))
      .filter((group) => group.places.length > 0),
  );
});

/** The places the service-area lists may name. */
const inServiceAreas = perObject((places: readonly PlaceMember[]) => query(places, { where: { inServiceAreas: true } }));

/** Every place the service-area lists name, in their order: the areaServed of the structured data. */
export function servedPlaces(places: readonly PlaceMember[], regions: Site['regions']): PlaceMember[] {
  return serviceAreaGroups(places, regions).flatMap((group) => group.places);
}

/** The "Areas We Serve" dropdown and footer column: the pinned ones (the /toronto hub), then the rest alphabetically. */
export const areasMenu = perObject((places: readonly PlaceMember[]): PlaceMember[] =>
  query(places, { where: { inAreasMenu: true }, orderBy: ['menuOrder', 'label'] }),
);

/** The "Serving" links of the top bar. */
export const topBarPlaces = perObject((places: readonly PlaceMember[]): PlaceMember[] =>
  query(places, { where: (p) => p.data.topBarOrder !== undefined, orderBy: ['topBarOrder'] }),
);

/** The contact page's grid of places. */
export const contactGridPlaces = perObject((places: readonly PlaceMember[]): PlaceMember[] =>
  query(places, { where: (p) => p.data.contactGridOrder !== undefined, orderBy: ['contactGridOrder'] }),
);

/** A card of the /toronto hub: the place and its text. */
export interface HubCard {
  place: PlaceMember;
  excerpt: string;
}

/** The /toronto hub's neighbourhood cards, in their order. */
export const hubCards = perObject((places: readonly PlaceMember[]): HubCard[] =>
  places
    .flatMap((place) => (place.data.hubCard ? [{ place, ...place.data.hubCard }] : []))
    .sort((a, b) => a.order - b.order || (a.place.route < b.place.route ? -1 : 1))
    .map(({ place, excerpt }) => ({ place, excerpt })),
);

/** Distance in kilometres along the ground between two places (haversine; plenty for a metro area). */
export function distanceKm(a: Pick<Place, 'lat' | 'lon'>, b: Pick<Place, 'lat' | 'lon'>): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** How many places a location page lists as its neighbours. */
export const NEARBY_LIMIT = 10;

/**
 * The places near a location page, for its service-area block: the places of
 * its own region first, then the nearest others, each by distance, at most
 * `limit`. A place of the same name (/gta/north-york beside /toronto/north-york)
 * is the page's own place and is left out. Only the nearest `limit` are kept as
 * the places go by, not all of them sorted: with thousands of places, every
 * location page sorting them all was most of a build's time in this list.
 */
export function nearbyPlaces(places: readonly PlaceMember[], route: string, limit = NEARBY_LIMIT): PlaceMember[] {
  const self = byRoute(places).get(route);
  if (!self || limit <= 0) return [];
  const own = nearest(limit);
  const others = nearest(limit);
  for (const p of candidatesFor(places, self)) (p.data.region === self.data.region ? own : others).offer(p, distanceKm(self.data, p.data));
  return [...own.list(), ...others.list()].slice(0, limit);
}

/** Whether a location page has any place to list near it (nearbyPlaces is not empty). */
export function hasNearby(places: readonly PlaceMember[], route: string): boolean {
  const self = byRoute(places).get(route);
  return self !== undefined && candidatesFor(places, self).length > 0;
}

/** The places that may be listed near `self`: in the service-area lists, not itself, nor of its name. */
function candidatesFor(places: readonly PlaceMember[], self: PlaceMember): PlaceMember[] {
  return query(inServiceAreas(places), { where: (p) => p.data.label !== self.data.label, except: self.route });
}

/** The `limit` nearest places offered, nearest first; of places as near, the one offered first comes first. */
function nearest(limit: number) {
  const kept: { p: PlaceMember; km: number }[] = [];
  return {
    offer(p: PlaceMember, km: number) {
      if (kept.length === limit && km >= kept[limit - 1]!.km) return;
      let at = kept.length;
      while (at > 0 && kept[at - 1]!.km > km) at--;
      kept.splice(at, 0, { p, km });
      if (kept.length > limit) kept.pop();
    },
    list: () => kept.map(({ p }) => p),
  };
}

const byRoute = perObject((places: readonly PlaceMember[]) => new Map(places.map((p) => [p.route, p])));

/** Places grouped by region, regions in the order their first place comes (the nearest region first). */
export function groupByRegion(list: readonly PlaceMember[], regions: Site['regions']): RegionGroup[] {
  const groups: RegionGroup[] = [];
  for (const place of list) {
    let group = groups.find((g) => g.id === place.data.region);
    if (!group) {
      const name = regions.find((r) => r.id === place.data.region)?.name ?? place.data.region;
      group = { id: place.data.region, name, places: [] };
      groups.push(group);
    }
    group.places.push(place);
  }
  return groups;
}
