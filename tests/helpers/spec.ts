// What the specification (shared/spec, §2 and §3) and DECISIONS.md fix, written
// out once so the tests check the site against the spec, not against itself.
// Only lists the spec states and content edits cannot change belong here: the
// routes that must exist and the redirects that must answer. An editor may add
// pages, posts and cities; these are the ones that may not go missing. What
// the content chooses (posts, phones, claims, cards, FAQ items, the hub's and
// the contact page's lists) the tests read from site.yaml and pages/ instead
// (tests/helpers/content.ts).

/** §2, "/gta/{city} values". */
const GTA_CITIES = [
  'vaughan',
  'richmond-hill',
  'markham',
  'mississauga',
  'brampton',
  'oakville',
  'north-york',
  'etobicoke',
  'scarborough',
  'east-york',
  'thornhill',
  'woodbridge',
  'maple',
  'king-city',
  'kleinburg',
  'bolton',
  'caledon',
  'georgetown',
  'ajax',
  'aurora',
  'burlington',
  'clarington',
  'milton',
  'newmarket',
  'oshawa',
  'pickering',
  'whitby',
];

/** §2, "/toronto/{area} values". */
const TORONTO_AREAS = [
  'downtown-toronto',
  'north-york',
  'etobicoke',
  'east-york',
  'midtown-toronto',
  'the-beaches',
  'leslieville',
  'high-park',
  'junction-triangle',
  'forest-hill',
  'rosedale',
  'corktown',
  'liberty-village',
  'king-west',
  'yorkville',
  'riverdale',
  'the-danforth',
  'bloor-west',
  'little-italy',
  'the-annex',
  'kensington-market',
];

/** §2, the route table's /{category}/{service} rows. */
const SERVICES: Record<string, string[]> = {
  residential: [
    'panel-upgrades',
    'fuse-box-conversions',
    'pot-lights-led-lighting',
    'ceiling-bathroom-fans-gfci',
    'knob-tube-wiring',
    'surge-protection-alarms',
    'hot-tub-pool-connections',
    'landscape-outdoor-lighting',
  ],
  commercial: ['office-retail-restaurant', 'panel-lighting-upgrades', 'transformers-subpanels', 'exit-security-lighting', 'power-distribution'],
  industrial: ['600v-800a-services', 'machinery-connections', 'transformer-motor-control', 'plc-automation-wiring'],
  'smart-home': ['lutron-homeworks', 'radiora-2', 'radiora-3', 'palladiom-shades', 'smart-panels-occupancy', 'voice-control', 'smart-thermostats'],
  'ev-energy': ['charger-installation', 'generator-wiring', 'energy-management'],
  emergency: ['electrical-repairs', 'power-outage', 'breaker-trips', 'panel-repairs'],
};

/**
 * Every route of the spec's route table but the posts, whose slugs are the
 * site's own. The site must have each; it may have more (a new city, a post).
 */
export const SPEC_ROUTES = [
  '/',
  '/about',
  '/contact',
  '/toronto',
  '/blog',
  '/thank-you',
  ...TORONTO_AREAS.map((a) => `/toronto/${a}`),
  ...GTA_CITIES.map((c) => `/gta/${c}`),
  ...Object.keys(SERVICES).map((c) => `/${c}`),
  ...Object.entries(SERVICES).flatMap(([c, list]) => list.map((s) => `/${c}/${s}`)),
];

/** §2 "Redirects and fallbacks" and DECISIONS "Routes and links": [from, status, to]; each is also checked with a trailing slash. */
export const SPEC_REDIRECTS: [string, number, string][] = [
  ['/services/residential/electrical-panel-upgrades', 301, '/residential/panel-upgrades'],
  ['/services/residential/landscape-outdoor-lighting', 301, '/residential/landscape-outdoor-lighting'],
  ['/services/industrial/high-voltage-services', 301, '/industrial/600v-800a-services'],
  ['/services/industrial/machinery-connections', 301, '/industrial/machinery-connections'],
  ['/services/industrial/transformer-motor-control', 301, '/industrial/transformer-motor-control'],
  ['/services/industrial/plc-wiring-automation', 301, '/industrial/plc-automation-wiring'],
  ['/smart-home/homeworks', 301, '/smart-home/lutron-homeworks'],
  ['/gta/halton-hills-georgetown', 301, '/'],
  ['/gta/halton-hills', 301, '/'],
  ['/gta/halton-hills/georgetown', 301, '/'],
  ['/blog/no-such-post', 302, '/blog'],
];

/**
 * §3 "Blog category" and §5: the chips of the blog list, [name, slug], All
 * first. The post schema allows these categories and no others, so no post
 * can add one.
 */
export const BLOG_CATEGORIES: [string, string][] = [
  ['All', 'all'],
  ['Smart Home', 'smart-home'],
  ['Outdoor', 'outdoor'],
  ['Residential', 'residential'],
  ['Safety', 'safety'],
  ['Troubleshooting', 'troubleshooting'],
];
