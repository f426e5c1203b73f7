// The places collection: every city and neighbourhood page (and the /toronto
// hub) says here where it is and which of the site's lists name it. The menus,
// the footer, the service-area lists, the hub's cards, the contact grid and map
// are queries over these members (templates/lib/place-lists.ts), so adding a
// place is adding its page.
import { Type, type Static } from '@sinclair/typebox';
import type { Member } from 'trn-site/theme';
import { Text } from '../lib/tokens.ts';
import { Enum, Obj } from '../lib/schema.ts';

/** The regions the service-area lists group places by; their names and order are site.yaml's `regions:`. */
export const REGION_IDS = ['toronto', 'north-gta', 'west-gta', 'east-gta'] as const;
export type RegionId = (typeof REGION_IDS)[number];

export const RegionId = Enum(REGION_IDS, {
  description: 'The region it is listed under: toronto, north-gta, west-gta or east-gta (their names are in site.yaml, regions:).',
});

/** A position in a hand-ordered list: 1 is first. */
function Position(description: string) {
  return Type.Optional(Type.Integer({ minimum: 1, maximum: 99, description }));
}

export const PlaceSchema = Obj({
  region: RegionId,
  label: Type.String({ minLength: 2, maxLength: 40, pattern: '^[^{}]+$', description: 'Its name in lists and menus, e.g. Richmond Hill.' }),
  lat: Type.Number({
    minimum: 42.5,
    maximum: 45,
    description: 'Latitude in degrees north, e.g. 43.838 (from any online map). Places the map marker and finds the places near it.',
  }),
  lon: Type.Number({ minimum: -81, maximum: -78, description: 'Longitude in degrees east (negative here), e.g. -79.53.' }),
  order: Position('Its position within its region in the service-area lists and on the contact map. Places without one come after, by address.'),
  inServiceAreas: Type.Boolean({
    default: true,
    description:
      'Named in the service-area lists (home page, service pages, nearby places), the structured data and on the contact map. false for a page that repeats a place already listed.',
  }),
  inAreasMenu: Type.Boolean({
    default: true,
    description: 'Listed in the "Areas We Serve" dropdown and footer column, alphabetically. false for Toronto neighbourhoods, which the /toronto hub lists.',
  }),
  menuOrder: Position('Put it ahead of the alphabetical places of the "Areas We Serve" dropdown and footer column, at this position (the /toronto hub is 1).'),
  topBarOrder: Position('Shown among the "Serving" links of the top bar on wide screens, at this position. Keep those to a handful.'),
  contactGridOrder: Position("Shown in the contact page's grid of places, at this position."),
  hubCard: Type.Optional(
    Obj(
      {
        order: Type.Integer({ minimum: 1, maximum: 99, description: "Its position among the hub's cards." }),
        excerpt: Text({ maxLength: 220, description: 'One or two sentences on the neighbourhood and the work we do there.' }),
      },
      { description: 'A card on the /toronto hub: its position and its text. Leave out to keep the place off the hub.' },
    ),
  ),
});

export type Place = Static<typeof PlaceSchema>;
export type PlaceMember = Member<Place>;

export const places = {
  schema: PlaceSchema,
  description:
    'This page is a place we serve: its region, name and position, and which lists name it (menus, footer, service areas, the /toronto hub, the contact page).',
};
