// Where the contact page's map draws a place. Each place page gives its latitude
// and longitude (collections: places:); the template writes the position on the
// place's link (data-map-at) and the map chunk reads it there, so the chunk
// carries no table of places and stays small.
import type { Site } from '../site.schema.ts';
import type { Place } from '../collections/places.ts';

/**
 * A position in thousandths of a degree north of 43°N and east of 80°W (a
 * unit is about 110 m north-south and 80 m east-west): [800, 470] is
 * 43.800°N 79.530°W, Vaughan. Small numbers keep the page small.
 */
export type Point = readonly [number, number];

/** A latitude and longitude as a Point. */
export function toPoint(lat: number, lon: number): Point {
  return [Math.round((lat - 43) * 1000), Math.round((lon + 80) * 1000)];
}

/**
 * The map panel and position of a place, as data-map-at writes them:
 * "city 646 619". The panel is its region's (site.yaml regions: map).
 */
export function mapPosition(place: Pick<Place, 'region' | 'lat' | 'lon'>, regions: Site['regions']): string | undefined {
  const panel = regions.find((r) => r.id === place.region)?.map;
  if (!panel) return undefined;
  const [north, east] = toPoint(place.lat, place.lon);
  return `${panel} ${north} ${east}`;
}
