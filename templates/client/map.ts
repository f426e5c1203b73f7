// The locations map of the contact page (DECISIONS: the site's own SVG map,
// no third-party map). Loaded on demand by contact.ts. It draws two panels:
// the GTA with its cities, and the City of Toronto with its neighbourhoods,
// each place a link to its page. Which places appear, in which panel and where,
// comes from the page: the links in template[data-map-places] (site.yaml
// serviceAreas) carry data-map-at="panel north east", written by the template
// from templates/lib/map-places.ts, so those tables never travel in this chunk.

import type { Point } from '../lib/map-places.ts';
import { CITY, GTA, LAND, mapPanels, projection, type Frame } from '../shared/map-frames.ts';

/** Lake Ontario's north shore, west to east. */
const SHORE: Point[] = [
  [300, 200],
  [330, 220],
  [380, 280],
  [420, 320],
  [470, 370],
  [520, 400],
  [552, 415],
  [585, 457],
  [605, 500],
  [625, 525],
  [630, 555],
  [628, 585],
  [638, 615],
  [635, 650],
  [655, 680],
  [668, 705],
  [680, 730],
  [700, 760],
  [735, 805],
  [765, 845],
  [795, 883],
  [810, 915],
  [830, 970],
  [845, 1020],
  [858, 1060],
  [868, 1120],
  [872, 1180],
  [880, 1240],
  [888, 1310],
  [905, 1400],
  [915, 1600],
];

/** Toronto's land boundary, from the shore in the west round to the shore in the east. */
const CITY_LIMITS: Point[] = [
  [585, 457],
  [625, 400],
  [720, 404],
  [750, 360],
  [855, 830],
  [795, 883],
];

function escape(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The region of Toronto: its land limits, then the shore back west. */
function cityOutline(): Point[] {
  const [east, west] = [CITY_LIMITS[CITY_LIMITS.length - 1]![1], CITY_LIMITS[0]![1]];
  return [...CITY_LIMITS, ...SHORE.filter(([, lon]) => lon > west && lon < east).reverse()];
}

/** A place to mark: its name, page and position. */
interface Marker {
  name: string;
  href: string;
  at: Point;
}

/** Font size of labels, in SVG units. */
const FONT = 13;
/** Rough width of a label: system fonts at weight 600 average about 0.63 em a character, a few wider. */
const labelWidth = (text: string) => text.length * FONT * 0.66 + 3;

/** A rectangle: x, y, width, height. */
type Box = [number, number, number, number];
const overlap = (a: Box, b: Box) =>
  Math.max(0, Math.min(a[0] + a[2], b[0] + b[2]) - Math.max(a[0], b[0])) * Math.max(0, Math.min(a[1] + a[3], b[1] + b[3]) - Math.max(a[1], b[1]));

/**
 * Where a label may sit around its marker, in order of preference: right,
 * left, above, below, then the four corners. Each is the offset of the text
 * anchor from the marker, the offset of the label's top, and the anchor
 * (0 start, 1 middle, 2 end).
 */
const SPOTS: [number, number, number][] = [
  [9, -8, 0],
  [-9, -8, 2],
  [0, -22, 1],
  [0, 8, 1],
  [5, -20, 0],
  [5, 5, 0],
  [-5, -20, 2],
  [-5, 5, 2],
];
/**
 * Farther spots, on rings around the marker, for crowded places (downtown
 * neighbourhoods sit a few pixels apart): the label is joined to its marker by
 * a leader line, and each ring costs more than the one inside it.
 */
const FAR_SPOTS: [number, number, number][] = [34, 56, 80].flatMap((r) =>
  Array.from({ length: 12 }, (_, k): [number, number, number] => {
    const angle = (k * Math.PI) / 6;
    const [dx, dy] = [Math.round(r * Math.cos(angle)), Math.round(r * Math.sin(angle))];
    return [dx, dy - FONT / 2, Math.cos(angle) > 0.3 ? 0 : Math.cos(angle) < -0.3 ? 2 : 1];
  }),
);
const ANCHORS = ['start', 'middle', 'end'];

/**
 * One panel: land, lake, what `extra` draws (Toronto), and a marker and label
 * per place. Labels are placed greedily, the most crowded places first, each
 * where it covers the least of the markers, labels and `taken` boxes already
 * there and stays inside the panel.
 */
function panel(title: string, frame: Frame, markers: Marker[], extra: string, taken: Box[] = []): string {
  const { width } = frame;
  const { height, at, path } = projection(frame);
  const lake = path([...SHORE, [-1000, 3000], [-1000, SHORE[0]![1]]]);
  const points = markers.map((m) => at(m.at));
  // A label over a marker hides the place, so markers weigh more than labels.
  const dots = points.map(([x, y]): Box => [x - 7, y - 7, 14, 14]);
  const boxes: Box[] = [...taken];
  const near = (i: number) => points.filter(([x, y]) => Math.abs(x - points[i]![0]) < 90 && Math.abs(y - points[i]![1]) < 40).length;
  const order = markers.map((_, i) => i).sort((a, b) => near(b) - near(a));
  const labels: string[] = [];
  for (const i of order) {
    const [x, y] = points[i]!;
    const name = markers[i]!.name;
    const w = labelWidth(name);
    let best: [number, Box, number, number, number, boolean] | undefined;
    for (const [dx, dy, anchor, far] of [...SPOTS.map((s) => [...s, 0]), ...FAR_SPOTS.map((s) => [...s, 1])] as number[][]) {
      const box: Box = [x + dx! - (anchor! * w) / 2, y + dy!, w, FONT];
      const cost =
        boxes.reduce((sum, b) => sum + overlap(box, b), 0) +
        dots.reduce((sum, b) => sum + overlap(box, b) * 3, 0) +
        (w * FONT - overlap(box, [0, 0, width, height])) * 4 +
        (far ? 40 + Math.hypot(dx!, dy!) * 2 : 0);
      if (!best || cost < best[0]) best = [cost, box, x + dx!, y + dy! + FONT - 2, anchor!, far === 1];
    }
    const [, box, tx, ty, anchor, far] = best!;
    boxes.push(box);
    // A leader from the marker's edge to the middle of the label's near side.
    const [lx, ly] = [
      anchor === 0 ? box[0] : anchor === 2 ? box[0] + box[2] : box[0] + box[2] / 2,
      anchor === 1 ? (box[1] > y ? box[1] : box[1] + box[3]) : box[1] + box[3] / 2,
    ];
    const length = Math.hypot(lx - x, ly - y);
    const leader =
      far && length > 8
        ? `<path d="M${Math.round(x + ((lx - x) * 6) / length)} ${Math.round(y + ((ly - y) * 6) / length)}L${Math.round(lx)} ${Math.round(ly)}" stroke="#0b2545" stroke-width="1"/>`
        : '';
    labels[i] =
      `<a href="${escape(markers[i]!.href)}">${leader}<circle cx="${x}" cy="${y}" r="6" fill="#b42318"/>` +
      `<text x="${tx}" y="${ty}" text-anchor="${ANCHORS[anchor]}">${escape(name)}</text></a>`;
  }
  return (
    `<svg viewBox="0 0 ${width} ${height}" role="group" aria-label="${escape(title)}">` +
    `<rect width="${width}" height="${height}" fill="${LAND}"/>` +
    `<path d="${lake}" fill="#bcd6ee"/>` +
    extra +
    `<g fill="#0b2545" font-size="${FONT}" font-weight="600" paint-order="stroke" stroke="#fff" stroke-width="3" stroke-linejoin="round">${labels.join('')}</g>` +
    `</svg>`
  );
}

/**
 * Draws the map into `container`: a [data-map] element with a
 * template[data-map-places] listing the places and a
 * figure[data-map-panel] frame per panel, whose box receives the SVG.
 */
export function renderMap(container: HTMLElement): void {
  const template = container.querySelector<HTMLTemplateElement>('template[data-map-places]');
  if (!template) throw new Error('map: no template[data-map-places]');
  const gta: Marker[] = [];
  const city: Marker[] = [];
  for (const link of template.content.querySelectorAll('a[data-map-at]')) {
    const [panelId, north, east] = link.getAttribute('data-map-at')!.split(' ');
    const href = link.getAttribute('href') ?? '';
    (panelId === 'city' ? city : gta).push({ name: link.textContent?.trim() || href, href, at: [Number(north), Number(east)] });
  }
  const outline = cityOutline();
  const wide = projection(GTA);
  const [tx, ty] = wide.at([690, 580]);
  const toronto =
    `<a href="/toronto"><path d="${wide.path(outline)}" fill="#d5dfee" stroke="#0b2545" stroke-width="1.5"/>` +
    `<text x="${tx}" y="${ty}" text-anchor="middle" font-size="${FONT + 1}" font-weight="700" fill="#0b2545">Toronto</text></a>`;
  const limits = `<path d="${projection(CITY).path(outline)}" fill="#fff" stroke="#0b2545" stroke-width="2"/>`;
  const [gtaPanel, cityPanel] = mapPanels();
  const svgs = new Map([
    ['gta', panel(gtaPanel!.title, GTA, gta, toronto, [[tx - 32, ty - 13, 64, 16]])],
    ['city', panel(cityPanel!.title, CITY, city, limits)],
  ]);
  const boxes = [...svgs.keys()].map((id) => {
    const box = container.querySelector(`[data-map-panel="${id}"] > div`);
    if (!box) throw new Error(`map: no [data-map-panel="${id}"]`);
    return [box, svgs.get(id)!] as const;
  });
  // Built whole, then written at once: a failure above leaves the page as it was.
  for (const [box, svg] of boxes) box.innerHTML = svg;
  // On a phone each panel scrolls sideways: start from its middle, where Toronto is.
  for (const [box] of boxes) box.scrollLeft = (box.scrollWidth - box.clientWidth) / 2;
}
