// Which phone, hours and address a page shows. Pages of the Toronto hub
// (site.yaml links.toronto) and below it have their own; every other page has
// the GTA ones. All chrome, call buttons and structured data take them from
// here so the two never mix on one page.
import type { Address, Hours, Site } from '../site.schema.ts';
import { telHref } from 'trn-site/theme';
import type { PhoneLink, TokenValues } from './tokens.ts';
import { isWithin } from './routes.ts';

export interface Contact {
  /** `toronto` for the Toronto hub and its sub-pages, else `gta`. */
  region: 'toronto' | 'gta';
  phone: PhoneLink;
  hours: Hours;
  /** Hours as printed, e.g. `Mon-Fri 7AM-6PM`. */
  hoursText: string;
  address: Address;
}

export function isTorontoRoute(route: string, site: Site): boolean {
  return isWithin(route, site.links.toronto);
}

export function contactFor(route: string, site: Site): Contact {
  const region = isTorontoRoute(route, site) ? 'toronto' : 'gta';
  const hours = site.hours[region];
  return {
    region,
    phone: phoneLink(region === 'toronto' ? site.phones.toronto : site.phones.main),
    hours,
    hoursText: formatHours(hours),
    address: site.addresses[region],
  };
}

/**
 * The tel: link and printed form of a phone. The two are written separately in
 * site.yaml; the theme's phone rule (templates/rules/phones.ts) makes sure they agree.
 */
export function phoneLink(phone: { e164: string; display: string }): PhoneLink {
  return { display: phone.display, href: telHref(phone.e164) };
}

/** `07:00` → `7AM`, `17:30` → `5:30PM`. */
function clock(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const suffix = h < 12 ? 'AM' : 'PM';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}${m ? `:${String(m).padStart(2, '0')}` : ''}${suffix}`;
}

export function formatHours(hours: Hours): string {
  return `${hours.days} ${clock(hours.opens)}-${clock(hours.closes)}`;
}

const schemaDays: Record<Hours['days'], string[]> = {
  'Mon-Fri': ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  'Mon-Sat': ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  'Mon-Sun': ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
};

/** The hours as schema.org days, for structured data. */
export function openingDays(hours: Hours): string[] {
  return schemaDays[hours.days];
}

/** One line: `61 Copperfield Gate, Unit 3, Vaughan, ON L4K 2B1`. */
export function formatAddress(a: Address): string {
  return `${a.street}, ${a.locality}, ${a.region} ${a.postalCode}`;
}

/** Placeholder values for a page at `route`. */
export function tokenValues(site: Site, contact: Contact): TokenValues {
  return {
    claims: site.claims,
    business: site.business.name,
    phone: contact.phone,
    officePhone: phoneLink(site.phones.office),
    hours: contact.hoursText,
    emergencyHours: site.hours.emergency,
  };
}
