// The places near a location page (templates/lib/place-lists.ts): its own region
// first, then the nearest others, each by distance; never itself or a page of
// the same name; at most the limit.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { distanceKm, groupByRegion, hasNearby, nearbyPlaces } from '../templates/lib/place-lists.ts';
import type { Place, PlaceMember } from '../templates/collections/places.ts';

function place(route: string, region: Place['region'], lat: number, lon: number, extra: Partial<Place> = {}): PlaceMember {
  const label = route.split('/').pop()!;
  return { route, title: label, data: { region, label, lat, lon, inServiceAreas: true, inAreasMenu: true, ...extra }, status: 'published' };
}

const places = [
  place('/gta/milton', 'west-gta', 43.518, -79.877),
  place('/gta/oakville', 'west-gta', 43.468, -79.688),
  place('/gta/caledon', 'west-gta', 43.867, -79.859),
  place('/gta/vaughan', 'north-gta', 43.8, -79.53),
  place('/gta/newmarket', 'north-gta', 44.059, -79.461),
  place('/toronto/etobicoke', 'toronto', 43.655, -79.45),
  place('/gta/etobicoke', 'toronto', 43.655, -79.45, { inServiceAreas: false }),
  place('/gta/oshawa', 'east-gta', 43.897, -78.866),
];
const regions = [
  { id: 'toronto' as const, name: 'Toronto', map: 'city' as const },
  { id: 'north-gta' as const, name: 'North GTA', map: 'gta' as const },
  { id: 'west-gta' as const, name: 'West GTA', map: 'gta' as const },
  { id: 'east-gta' as const, name: 'East GTA', map: 'gta' as const },
];

describe('nearby places', () => {
  it('measures about 16 km from Milton to Oakville', () => {
    expect(distanceKm(places[0]!.data, places[1]!.data)).toBeGreaterThan(15);
    expect(distanceKm(places[0]!.data, places[1]!.data)).toBeLessThan(18);
  });

  it('lists its own region first, then the others by distance, within the limit', () => {
    expect(nearbyPlaces(places, '/gta/milton', 5).map((p) => p.route)).toEqual([
      '/gta/oakville',
      '/gta/caledon',
      '/toronto/etobicoke',
      '/gta/vaughan',
      '/gta/newmarket',
    ]);
  });

  it('leaves out itself, places outside the service-area lists and a page of its own name', () => {
    const near = nearbyPlaces(places, '/gta/etobicoke').map((p) => p.route);
    expect(near).not.toContain('/gta/etobicoke');
    expect(near).not.toContain('/toronto/etobicoke');
    expect(near).toHaveLength(places.length - 2);
  });

  it('groups them by region, the nearest region first', () => {
    expect(groupByRegion(nearbyPlaces(places, '/gta/milton', 4), regions).map((g) => [g.name, g.places.length])).toEqual([
      ['West GTA', 2],
      ['Toronto', 1],
      ['North GTA', 1],
    ]);
  });

  it('is, for any places, what sorting every candidate by distance would give: ties in route order', () => {
    // Few coordinates and names, so that places as near and places of one name are common.
    const spot = fc.constantFrom([43.5, -79.8], [43.6, -79.4], [43.9, -78.9], [44.0, -79.5]);
    const someone = fc.record({
      name: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
      region: fc.constantFrom<Place['region']>('toronto', 'west-gta', 'east-gta'),
      spot,
      inServiceAreas: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(someone, { maxLength: 30 }), fc.nat(40), fc.integer({ min: -1, max: 12 }), (list, pick, limit) => {
        // In route order, as a collection's members are.
        const all = list
          .map((p, i) => place(`/x/${p.name}-${i}`, p.region, p.spot[0]!, p.spot[1]!, { label: p.name, inServiceAreas: p.inServiceAreas }))
          .sort((a, b) => (a.route < b.route ? -1 : 1));
        const self = all[pick % Math.max(all.length, 1)];
        const route = self?.route ?? '/x/none';
        const candidates = self ? all.filter((p) => p.data.inServiceAreas && p.data.label !== self.data.label && p.route !== route) : [];
        const byKm = (ps: PlaceMember[]) =>
          ps
            .map((p) => ({ p, km: distanceKm(self!.data, p.data) }))
            .sort((a, b) => a.km - b.km)
            .map(({ p }) => p);
        const own = byKm(candidates.filter((p) => p.data.region === self!.data.region));
        const others = byKm(candidates.filter((p) => p.data.region !== self!.data.region));
        const expected = limit <= 0 ? [] : [...own, ...others].slice(0, limit);
        expect(nearbyPlaces(all, route, limit).map((p) => p.route)).toEqual(expected.map((p) => p.route));
        expect(hasNearby(all, route)).toBe(candidates.length > 0);
      }),
      { numRuns: 500 },
    );
  });
});
