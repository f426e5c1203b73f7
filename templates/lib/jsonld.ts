// schema.org structured data. Every page describes the business (as an
// Electrician, a LocalBusiness type); nested pages add their breadcrumb trail,
// posts a BlogPosting. All nodes go into one @graph.
import type { Site } from '../site.schema.ts';
import type { Contact } from './contact.ts';
import { openingDays } from './contact.ts';
import type { Crumb } from '../components/Breadcrumbs.tsx';

type Node = Record<string, unknown>;

export function businessId(baseUrl: string, contact: Contact): string {
  return `${baseUrl}/#business${contact.region === 'toronto' ? '-toronto' : ''}`;
}

/** `areaServed`: the names of the places the service-area lists name (lib/place-lists.ts servedPlaces). */
export function businessNode(site: Site, baseUrl: string, contact: Contact, areaServed: string[]): Node {
  const { address, hours } = contact;
  return {
    '@type': 'Electrician',
    '@id': businessId(baseUrl, contact),
    name: site.business.name,
    legalName: site.business.legalName,
    description: site.business.description,
    url: `${baseUrl}/`,
    image: `${baseUrl}${site.share.image}`,
    telephone: contact.phone.href.slice('tel:'.length),
    email: site.leadsEmail,
    address: {
      '@type': 'PostalAddress',
      streetAddress: address.street,
      addressLocality: address.locality,
      addressRegion: address.region,
      postalCode: address.postalCode,
      addressCountry: address.country,
    },
    openingHoursSpecification: [{ '@type': 'OpeningHoursSpecification', dayOfWeek: openingDays(hours), opens: hours.opens, closes: hours.closes }],
    areaServed,
    foundingDate: /^\d{4}$/.test(site.claims.since) ? site.claims.since : undefined,
    sameAs: site.social.length ? site.social.map((s) => s.url) : undefined,
  };
}

/** The trail as BreadcrumbList; a level without a page is left out, as schema.org needs a URL per item. */
export function breadcrumbNode(crumbs: Crumb[], baseUrl: string, canonical: string): Node {
  const listed = crumbs.filter((c, i) => c.href || i === crumbs.length - 1);
  return {
    '@type': 'BreadcrumbList',
    itemListElement: listed.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: c.href ? `${baseUrl}${c.href === '/' ? '/' : c.href}` : canonical,
    })),
  };
}

/** What a page says about the service it sells (service.tsx `serviceStructuredData`). */
export interface ServiceFacts {
  name: string;
  serviceType: string;
  brand: string;
}

/**
 * A schema.org Service: the brand installed, the business as provider, the
 * places served and the business's rating. The review count is the number in
 * the totalReviews claim ("700+" counts as 700), so it follows site.yaml.
 */
export function serviceNode(facts: ServiceFacts, site: Site, baseUrl: string, contact: Contact, canonical: string, areaServed: string[]): Node {
  const count = Number.parseInt(site.claims.totalReviews.replace(/[^\d]/g, ''), 10);
  const rating = Number.parseFloat(site.claims.rating);
  return {
    '@type': 'Service',
    '@id': `${canonical}#service`,
    name: facts.name,
    serviceType: facts.serviceType,
    brand: { '@type': 'Brand', name: facts.brand },
    provider: { '@id': businessId(baseUrl, contact) },
    areaServed: areaServed.map((name) => ({ '@type': 'Place', name })),
    url: canonical,
    ...(Number.isFinite(count) && count > 0 && Number.isFinite(rating)
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: rating.toFixed(1), bestRating: '5', reviewCount: count } }
      : {}),
  };
}

export function graph(nodes: Node[]): Node {
  return { '@context': 'https://schema.org', '@graph': nodes };
}
