// A city (/gta/{city}) or Toronto neighbourhood (/toronto/{area}) page:
// "Electricians in {place}", local prose, the six shared service cards, the
// four trust tiles, the places near it (its own region first, then the nearest
// others: lib/place-lists.ts), call button and estimate form. Pages under /toronto get
// the Toronto phone, hours and address through the page context.
import { Type, type Static } from '@sinclair/typebox';
import type { PageProps } from 'trn-site/theme';
import type { Site } from '../site.schema.ts';
import { Text } from '../lib/tokens.ts';
import { Obj } from '../lib/schema.ts';
import { heroFormAllowed } from '../lib/hero-form.ts';
import { isTorontoRoute } from '../lib/contact.ts';
import { Layout } from '../components/Layout.tsx';
import { Hero } from '../components/Hero.tsx';
import { LeadForm } from '../components/LeadForm.tsx';
import { ContentSection, ContentSections } from '../components/ContentSection.tsx';
import { ServiceCards } from '../components/ServiceCards.tsx';
import { TrustTiles } from '../components/TrustTiles.tsx';
import { Faq } from '../components/Faq.tsx';
import { AreaLinks } from '../components/AreaLinks.tsx';
import { CallBand } from '../components/CallBand.tsx';
import { LeadFormSchema } from '../blocks/lead-form.ts';
import { ProseSectionSchema } from '../blocks/prose-section.ts';
import { CardsSchema } from '../blocks/service-cards.ts';
import { FaqSchema } from '../blocks/faq.ts';
import { AreasSchema } from '../blocks/service-areas.ts';
import { CallBandSchema } from '../blocks/call-band.ts';
import type { Crumb } from '../components/Breadcrumbs.tsx';

export const schema = Obj({
  place: Type.String({ minLength: 2, maxLength: 40, pattern: '^[^{}]+$', description: 'The place as written in "Electricians in {place}".' }),
  hero: Obj({ lead: Text({ maxLength: 360, description: 'One or two sentences under the heading.' }) }),
  sections: Type.Array(ProseSectionSchema, {
    minItems: 2,
    description: 'Local prose; the first is the introduction above the service cards. Say what is true of this place: its homes, its utility, its usual jobs.',
  }),
  services: Type.Optional(CardsSchema),
  faq: Type.Optional(FaqSchema),
  areas: Type.Optional(AreasSchema),
  cta: CallBandSchema,
  form: LeadFormSchema,
});

export type LocationPage = Static<typeof schema>;

export function component(props: PageProps<LocationPage, Site>) {
  const { page, route, site } = props;
  const inHero = heroFormAllowed(route, site.links);
  const form = <LeadForm copy={page.form} formName="global_contact_form" variant={inHero ? 'card' : 'section'} />;
  const [intro, ...rest] = page.sections;
  const crumbs: Crumb[] = [{ name: 'Home', href: '/' }];
  if (isTorontoRoute(route, site)) crumbs.push({ name: 'Toronto', href: site.links.toronto });
  crumbs.push({ name: page.place });
  return (
    <Layout props={props} hasForm scripts={page.faq ? ['faq'] : []} crumbs={crumbs}>
      <Hero heading={`Electricians in ${page.place}`} lead={page.hero.lead} quoteHref={inHero ? undefined : '#estimate'} aside={inHero ? form : undefined} />
      {intro && <ContentSection data={intro} />}
      <ServiceCards data={page.services ?? site.locationPages.services} />
      <ContentSections items={rest} />
      <TrustTiles data={site.locationPages.trust} />
      {page.faq && <Faq data={page.faq} />}
      {page.areas && <AreaLinks data={page.areas} near />}
      <CallBand data={page.cta} booking="estimate" quoteHref="#estimate" />
      {!inHero && form}
    </Layout>
  );
}
