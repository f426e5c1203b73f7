// The routes and redirects of the specification (§2) and DECISIONS.md, written
// out once so the tests check the site against the spec, not against itself.

export const GTA_CITIES = [
  'vaughan', 'richmond-hill', 'markham', 'mississauga', 'brampton', 'oakville', 'north-york', 'etobicoke',
  'scarborough', 'east-york', 'thornhill', 'woodbridge', 'maple', 'king-city', 'kleinburg', 'bolton', 'caledon',
  'georgetown', 'ajax', 'aurora', 'burlington', 'clarington', 'milton', 'newmarket', 'oshawa', 'pickering', 'whitby',
];

export const TORONTO_AREAS = [
  'downtown-toronto', 'north-york', 'etobicoke', 'east-york', 'midtown-toronto', 'the-beaches', 'leslieville',
  'high-park', 'junction-triangle', 'forest-hill', 'rosedale', 'corktown', 'liberty-village', 'king-west', 'yorkville',
  'riverdale', 'the-danforth', 'bloor-west', 'little-italy', 'the-annex', 'kensington-market',
];

/** The Toronto hub shows every neighbourhood but these three. */
export const TORONTO_HUB_EXCLUDED = ['little-italy', 'the-annex', 'kensington-market'];

export const SERVICES: Record<string, string[]> = {
  residential: ['panel-upgrades', 'fuse-box-conversions', 'pot-lights-led-lighting', 'ceiling-bathroom-fans-gfci', 'knob-tube-wiring', 'surge-protection-alarms', 'hot-tub-pool-connections', 'landscape-outdoor-lighting'],
  commercial: ['office-retail-restaurant', 'panel-lighting-upgrades', 'transformers-subpanels', 'exit-security-lighting', 'power-distribution'],
  industrial: ['600v-800a-services', 'machinery-connections', 'transformer-motor-control', 'plc-automation-wiring'],
  'smart-home': ['lutron-homeworks', 'radiora-2', 'radiora-3', 'palladiom-shades', 'smart-panels-occupancy', 'voice-control', 'smart-thermostats'],
  'ev-energy': ['charger-installation', 'generator-wiring', 'energy-management'],
  emergency: ['electrical-repairs', 'power-outage', 'breaker-trips', 'panel-repairs'],
};

export const CONTACT_CITIES = [
  'richmond-hill', 'kleinburg', 'woodbridge', 'oakville', 'mississauga', 'vaughan', 'markham', 'brampton', 'thornhill',
  'maple', 'king-city', 'bolton', 'caledon', 'north-york', 'etobicoke', 'east-york',
];

/** Every route of the spec's route table but the posts, whose slugs are the site's own. */
export const SPEC_ROUTES = [
  '/', '/about', '/contact', '/toronto', '/blog', '/thank-you',
  ...TORONTO_AREAS.map((a) => `/toronto/${a}`),
  ...GTA_CITIES.map((c) => `/gta/${c}`),
  ...Object.keys(SERVICES).map((c) => `/${c}`),
  ...Object.entries(SERVICES).flatMap(([c, list]) => list.map((s) => `/${c}/${s}`)),
];

/** [from, status, to]: each is also checked with a trailing slash. */
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

export const PHONES = {
  main: { e164: '+14165550100', display: '(416) 555-0100' },
  toronto: { e164: '+14165550142', display: '(416) 555-0142' },
  office: { e164: '+19055550199', display: '(905) 555-0199' },
};
