// The shape of site.yaml: everything about the business that more than one page
// shows. Written once here, read by every template.
import { Type, type Static } from '@sinclair/typebox';
import { E164_PATTERN } from 'trn-site/theme';
import { ClaimsSchema } from './lib/claims.ts';
import { Text } from './lib/tokens.ts';
import { Enum, Href, Label, Link, List, Obj, Route, Url } from './lib/schema.ts';
import { CardsSchema } from './blocks/service-cards.ts';
import { TrustTilesSchema } from './blocks/trust-tiles.ts';
import { CallBandSchema } from './blocks/call-band.ts';
import { RegionId } from './collections/places.ts';
import { CategoryId } from './collections/services.ts';

function Phone(e164: string, display: string, description: string) {
  return Obj(
    {
      e164: Type.String({
        pattern: E164_PATTERN,
        description:
          'The number in E.164 form, used in tel: links, e.g. +14165550100; it must be a number of its country that can be dialled, and the same digits as display.',
      }),
      display: Type.String({
        minLength: 7,
        maxLength: 24,
        description: 'The number as printed, e.g. (416) 555-0100: the digits of e164, the leading 1 of a North American number optional.',
      }),
    },
    { default: { e164, display }, description },
  );
}

const clock = { pattern: '^(?:[01]\\d|2[0-3]):[0-5]\\d$', description: '24-hour time, e.g. 07:00.' };

function OfficeHours(opens: string, closes: string, description: string) {
  return Obj(
    {
      days: Enum(['Mon-Fri', 'Mon-Sat', 'Mon-Sun'] as const, { default: 'Mon-Fri' }),
      opens: Type.String(clock),
      closes: Type.String(clock),
    },
    { default: { days: 'Mon-Fri', opens, closes }, description },
  );
}

const Address = Obj({
  street: Label,
  locality: Type.String({ minLength: 2, description: 'City, e.g. Vaughan.' }),
  region: Type.String({ default: 'ON', pattern: '^[A-Z]{2}$' }),
  postalCode: Type.String({ pattern: '^[A-Z]\\d[A-Z] \\d[A-Z]\\d$', description: 'Canadian postal code, e.g. L4K 2B1.' }),
  country: Type.String({ default: 'CA', pattern: '^[A-Z]{2}$' }),
});

// A dropdown or footer column lists pages that say they belong in it (their
// collections: field); only links that are no such page are written here.
const listed = {
  categories: List(CategoryId, {
    description:
      "Categories whose pages it lists, category by category: the category page, then its services in their order (each page's collections: services:).",
  }),
  places: Type.Boolean({
    default: false,
    description: 'Lists the places of the "Areas We Serve" menu (each place page\'s collections: places: inAreasMenu, menuOrder), after any categories.',
  }),
  links: List(Link, { description: 'Further links, written out here, after the listed pages.' }),
};

const NavItem = Obj({
  label: Label,
  href: Type.Optional(Href),
  ...listed,
});

/** A route of this site with a default. */
function Page(route: string, description: string) {
  return Type.String({ pattern: Route.pattern, default: route, description: `${description} ${Route.description}` });
}

export const siteSchema = Obj({
  business: Obj({
    name: Label,
    shortName: Type.String({
      minLength: 1,
      maxLength: 12,
      description: 'The name under the icon when a visitor adds the site to a phone home screen, at most 12 characters.',
    }),
    legalName: Label,
    description: Type.String({ minLength: 50, maxLength: 300, description: 'One or two sentences, used in structured data and the footer.' }),
    tagline: Text({ maxLength: 90, description: 'Short line in the top bar; may name claims.' }),
  }),
  baseUrl: Type.String({
    pattern: '^https?://[^/\\s]+$',
    default: 'https://www.example.com',
    description: 'Origin of the live site, without a trailing slash.',
  }),
  phones: Obj(
    {
      main: Phone('+14165550100', '(416) 555-0100', 'The phone of every page outside /toronto.'),
      toronto: Phone('+14165550142', '(416) 555-0142', 'The phone of /toronto and every page under it.'),
      office: Phone('+19055550199', '(905) 555-0199', 'The office line, quoted in blog posts as {officePhone}.'),
    },
    { default: {} },
  ),
  leadsEmail: Type.String({ pattern: '^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$', description: 'Mailbox that receives form leads.' }),
  form: Obj(
    {
      action: Type.String({
        // The origin goes into the Content-Security-Policy as a source, so the host is plain labels of letters,
        // digits and hyphens, the last starting with a letter (no address, no port, no xn-- label, each of which
        // the URL parser may refuse), and nothing else: a "," or ";" (which the parser lets through) would split
        // or extend the policy.
        pattern: '^https://(?:(?![Xx][Nn]--)[A-Za-z0-9-]+\\.)*(?![Xx][Nn]--)[A-Za-z][A-Za-z0-9-]*(?:/\\S*)?$',
        default: 'https://formsubmit.co/{email}',
        description: 'Where the lead form posts: an https:// address whose host is letters, digits, dots and hyphens; {email} stands for leadsEmail.',
      }),
      subject: Type.String({ minLength: 3, default: 'New estimate request from the website', description: 'Subject of lead emails.' }),
      next: Type.String({ pattern: Route.pattern, default: '/thank-you', description: 'Page shown after a submission.' }),
    },
    { default: {} },
  ),
  hours: Obj(
    {
      gta: OfficeHours('07:00', '18:00', 'Office hours everywhere but /toronto.'),
      toronto: OfficeHours('09:00', '17:00', 'Office hours of /toronto pages.'),
      emergency: Type.String({ default: '24/7', minLength: 1 }),
    },
    { default: {} },
  ),
  addresses: Obj({
    gta: Address,
    toronto: Address,
  }),
  esaLicence: Type.String({ pattern: '^\\d{7}$', description: 'ECRA/ESA contractor licence number (7 digits).' }),
  claims: ClaimsSchema,
  social: List(Obj({ name: Label, url: Url })),
  googleReviewsUrl: Url,
  regions: Type.Array(
    Obj({
      id: RegionId,
      name: Label,
      map: Enum(['gta', 'city'] as const, {
        description: 'The panel of the contact map that draws its places: gta (Greater Toronto Area) or city (City of Toronto).',
      }),
    }),
    {
      minItems: 1,
      description:
        'The regions of the service-area lists, in the order shown, with the name they are shown under. Each place page names its region (collections: places: region).',
    },
  ),
  links: Obj(
    {
      blog: Page('/blog', 'The blog list.'),
      toronto: Page('/toronto', 'The Toronto hub, parent of every /toronto page.'),
      emergency: Page('/emergency', 'The 24/7 emergency page every service page points to.'),
      contact: Page('/contact', 'The contact page.'),
      about: Page('/about', 'The about page.'),
    },
    { default: {}, description: 'Pages that templates link to from many places.' },
  ),
  share: Obj(
    {
      image: Type.String({
        pattern: '^/images/[a-z0-9/-]+\\.(?:png|jpe?g)$',
        default: '/images/share.png',
        description: 'The picture shown when a page is shared: a PNG or JPEG of 1200 by 630 under static/.',
      }),
      alt: Type.String({
        minLength: 10,
        maxLength: 200,
        default: 'Licensed electricians for Toronto and the GTA',
        description: 'What the picture shows, for people who cannot see it.',
      }),
    },
    { default: {}, description: 'The social sharing card of pages that have no picture of their own.' },
  ),
  nav: Type.Array(NavItem, { minItems: 1, description: 'Main navigation; an item that lists pages or links is a dropdown, any other a plain link to href.' }),
  footer: Type.Array(Obj({ heading: Label, ...listed }), { description: 'Footer link groups.' }),
  /** The call-to-action block at the end of every blog post. */
  postCta: CallBandSchema,
  locationPages: Obj({ services: CardsSchema, trust: TrustTilesSchema }, { description: 'Shared blocks of every city and neighbourhood page.' }),
  analytics: Obj(
    {
      tagManagerId: Type.Optional(
        Type.String({ pattern: '^GTM-[A-Z0-9]{4,12}$', description: 'Google Tag Manager container; leave out to load no tag manager.' }),
      ),
    },
    { default: {} },
  ),
});

export type Site = Static<typeof siteSchema>;
export type Address = Site['addresses']['gta'];
export type Hours = Site['hours']['gta'];
