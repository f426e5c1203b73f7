// The contact map's frames, shared by the page that renders the empty frame
// (templates/pages/contact.tsx) and the browser script that draws into it
// (templates/client/map.ts), so the two agree on every panel's shape without
// the server importing browser code.
import type { Point } from '../lib/map-places.ts';

/** A panel's extent in degrees and its width in SVG units (the height follows). */
export interface Frame {
  south: number;
  north: number;
  west: number;
  east: number;
  width: number;
}

export const GTA: Frame = { south: 43.28, north: 44.1, west: -80.02, east: -78.56, width: 600 };
export const CITY: Frame = { south: 43.58, north: 43.87, west: -79.66, east: -79.1, width: 560 };

/** One panel of the map, as the contact page frames it before the map is drawn. */
export interface MapPanel {
  /** Its data-map-panel value. */
  id: 'gta' | 'city';
  title: string;
  /** The SVG's viewBox size: the page renders an empty frame of this shape, so drawing the map moves nothing. */
  width: number;
  height: number;
}

/** The two panels, for the contact page's template and for renderMap. */
export function mapPanels(): MapPanel[] {
  return [
    { id: 'gta', title: 'Greater Toronto Area', width: GTA.width, height: projection(GTA).height },
    { id: 'city', title: 'City of Toronto', width: CITY.width, height: projection(CITY).height },
  ];
}

/** Equirectangular projection, true to scale at the frame's middle latitude. */
export function projection(frame: Frame) {
  const k = Math.cos((((frame.south + frame.north) / 2) * Math.PI) / 180);
  const scale = frame.width / ((frame.east - frame.west) * k);
  const at = ([north, east]: Point): [number, number] => [
    Math.round((east / 1000 - 80 - frame.west) * k * scale),
    Math.round((frame.north - 43 - north / 1000) * scale),
  ];
  return {
    height: Math.round((frame.north - frame.south) * scale),
    at,
    path: (points: Point[]) => 'M' + points.map((p) => at(p).join(' ')).join('L') + 'Z',
  };
}

/** The colour of land, also the empty frame's while the map loads. */
export const LAND = '#eef3e8';
