// The theme's rules on places: every region named in site.yaml, and no location page without neighbours to list.
import { describe, expect, it } from 'vitest';
import type { Member } from 'trn-site/theme';
import { REGION_IDS, type Place } from '../templates/collections/places.ts';
import { nearbyRule, regionRules } from '../templates/rules/places.ts';
import type { Site } from '../templates/site.schema.ts';

const place = (route: string, label: string, lat: number, lon: number): Member<Place> => ({
  route,
  title: label,
  data: { region: 'north-gta', label, lat, lon, inServiceAreas: true, inAreasMenu: true },
  status: 'published',
});
const input = (route: string, places: Member<Place>[], areas: unknown = { heading: 'Areas' }) => ({
  page: { route, template: 'location', data: { areas, collections: { places: places.find((p) => p.route === route)!.data } } },
  site: {} as Site,
  collections: { places: places as Member[] },
});

describe('nearbyRule', () => {
  const alone = [place('/gta/aurora', 'Aurora', 44.0, -79.47)];
  const pair = [...alone, place('/gta/newmarket', 'Newmarket', 44.05, -79.46)];

  it('warns, at the page’s places entry, when no other place can be listed near it', () => {
    expect(nearbyRule(input('/gta/aurora', alone))).toEqual([expect.objectContaining({ path: ['collections', 'places'], warning: true })]);
  });

  it('is quiet when a neighbour exists, or when the page shows no areas block', () => {
    expect(nearbyRule(input('/gta/aurora', pair))).toEqual([]);
    expect(nearbyRule(input('/gta/aurora', alone, null))).toEqual([]);
  });
});

describe('regionRules', () => {
  const regions = (ids: readonly string[]) => ({ regions: ids.map((id) => ({ id, name: id })) }) as unknown as Site;

  it('names each region a place may use that site.yaml does not list', () => {
    expect(regionRules(regions(REGION_IDS.slice(1))).map((p) => [p.path, p.message])).toEqual([
      [['regions'], `the region "${REGION_IDS[0]}" is missing, so the places in it would be left out of every area list`],
    ]);
    expect(regionRules(regions(REGION_IDS))).toEqual([]);
  });
});
