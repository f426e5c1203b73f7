// Where the places of the contact page's map are. The template writes each
// position on its place's link (data-map-at), and the map chunk reads it there,
// so the chunk stays small. A place missing here is left off the map; it is
// still in the page's list of links.

/**
 * A position in thousandths of a degree north of 43°N and east of 80°W (a
 * unit is about 110 m north-south and 80 m east-west): [800, 470] is
 * 43.800°N 79.530°W, Vaughan. Small numbers keep the page small.
 */
export type Point = readonly [number, number];

/** Cities of the GTA outside Toronto, by the slug of /gta/{slug}. */
export const CITIES: Record<string, Point> = {
  vaughan: [800, 470],
  'richmond-hill': [883, 560],
  markham: [856, 663],
  mississauga: [589, 356],
  brampton: [731, 238],
  oakville: [468, 312],
  thornhill: [815, 576],
  woodbridge: [784, 400],
  maple: [853, 490],
  'king-city': [927, 472],
  kleinburg: [843, 372],
  bolton: [876, 263],
  caledon: [867, 141],
  georgetown: [650, 81],
  ajax: [851, 980],
  aurora: [1007, 550],
  burlington: [325, 201],
  clarington: [912, 1312],
  milton: [518, 123],
  newmarket: [1059, 539],
  oshawa: [897, 1134],
  pickering: [838, 913],
  whitby: [898, 1057],
};

/** Neighbourhoods and former cities of Toronto, by the slug of /toronto/{slug} or /gta/{slug}. */
export const TORONTO: Record<string, Point> = {
  'downtown-toronto': [646, 619],
  'north-york': [761, 589],
  etobicoke: [655, 450],
  'east-york': [691, 672],
  scarborough: [773, 742],
  'midtown-toronto': [706, 602],
  'the-beaches': [671, 704],
  leslieville: [663, 668],
  'high-park': [647, 536],
  'junction-triangle': [658, 555],
  'forest-hill': [694, 586],
  rosedale: [679, 620],
  corktown: [654, 640],
  'liberty-village': [638, 580],
  'king-west': [644, 600],
  yorkville: [671, 607],
  riverdale: [668, 650],
  'the-danforth': [678, 655],
  'bloor-west': [650, 516],
  'little-italy': [655, 578],
  'the-annex': [672, 595],
  'kensington-market': [654, 600],
};

/**
 * The map panel and position of the place a link goes to, as data-map-at writes
 * them: "city 646 619". A page below `toronto` (site.yaml links.toronto) is in the city.
 */
export function mapPosition(href: string, toronto: string): string | undefined {
  const slug = href.split('/').pop() ?? '';
  const inCity = href.startsWith(`${toronto}/`) || !(slug in CITIES);
  const at = inCity ? TORONTO[slug] : CITIES[slug];
  return at ? `${inCity ? 'city' : 'gta'} ${at[0]} ${at[1]}` : undefined;
}
