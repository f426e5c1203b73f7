// What every component of one page may need: the site, the page's route and
// its contact details, and the collections lists of pages are queried from. Provided once by Layout so sections need no prop drilling.
import { createContext, useContext } from 'react';
import type { Site } from '../site.schema.ts';
import type { Contact } from '../lib/contact.ts';
import type { TokenValues } from '../lib/tokens.ts';
import type { PlaceMember } from '../collections/places.ts';
import type { ServiceMember } from '../collections/services.ts';

export interface PageContextValue {
  site: Site;
  route: string;
  baseUrl: string;
  /** The page's canonical URL and browser title, as the head gives them. */
  canonical: string;
  title: string;
  contact: Contact;
  tokens: TokenValues;
  /** The places and services collections: every list of pages is a query over them (lib/place-lists.ts, lib/service-lists.ts). */
  places: PlaceMember[];
  services: ServiceMember[];
}

export const PageContext = createContext<PageContextValue | null>(null);

export function usePage(): PageContextValue {
  const value = useContext(PageContext);
  if (!value) throw new Error('A section was rendered outside <Layout>.');
  return value;
}
