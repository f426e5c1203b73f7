// A category page (/residential, /commercial, ...): hero with the estimate
// form, sections of prose, the category's service cards, FAQ, areas, call band.
// DECISIONS: the form stands in the hero of every category page outside the
// sections lib/hero-form.ts names, phone-only ones included: there it asks for
// an estimate or a call back, and the page still says bookings are by phone only.
import { Type, type Static } from '@sinclair/typebox';
import type { PageProps } from 'trn-site/theme';
import type { Site } from '../site.schema.ts';
import { Text } from '../lib/tokens.ts';
import { Enum, List, Obj } from '../lib/schema.ts';
import { heroFormAllowed } from '../lib/hero-form.ts';
import { Layout } from '../components/Layout.tsx';
import { Hero } from '../components/Hero.tsx';
import { LeadForm } from '../components/LeadForm.tsx';
import { ContentSections } from '../components/ContentSection.tsx';
import { ServiceCards } from '../components/ServiceCards.tsx';
import { Faq } from '../components/Faq.tsx';
import { AreaLinks } from '../components/AreaLinks.tsx';
import { CallBand } from '../components/CallBand.tsx';
import { PhoneBooking } from '../components/PhoneBooking.tsx';
import { LeadFormSchema } from '../blocks/lead-form.ts';
import { ProseSectionSchema } from '../blocks/prose-section.ts';
import { CategoryCardsSchema } from '../blocks/category-cards.ts';
import { categoryCards, serviceMembers } from '../lib/service-lists.ts';
import { FaqSchema } from '../blocks/faq.ts';
import { AreasSchema } from '../blocks/service-areas.ts';
import { CallBandSchema } from '../blocks/call-band.ts';

export const schema = Obj({
  name: Type.String({ minLength: 1, maxLength: 40, description: 'Short name for breadcrumbs, e.g. Residential.' }),
  booking: Enum(['estimate', 'phone'] as const, {
    default: 'estimate',
    description: 'estimate: bookings through the free-estimate form; phone: all bookings by phone only (the hero form then asks for a call back).',
  }),
  hero: Obj({
    heading: Text({ maxLength: 90 }),
    lead: Text({ maxLength: 320 }),
    points: List(Text({ maxLength: 60 }), { maxItems: 6 }),
  }),
  form: LeadFormSchema,
  sections: List(ProseSectionSchema),
  services: CategoryCardsSchema,
  faq: Type.Optional(FaqSchema),
  areas: Type.Optional(AreasSchema),
  cta: CallBandSchema,
});

export type CategoryPage = Static<typeof schema>;

export function component(props: PageProps<CategoryPage, Site>) {
  const { page, route, site } = props;
  const estimate = page.booking === 'estimate';
  const inHero = heroFormAllowed(route, site.links);
  const form = (estimate || inHero) && <LeadForm copy={page.form} formName="global_contact_form" variant={inHero ? 'card' : 'section'} />;
  return (
    <Layout props={props} hasForm={estimate || inHero} scripts={page.faq ? ['faq'] : []} crumbs={[{ name: 'Home', href: '/' }, { name: page.name }]}>
      <Hero
        heading={page.hero.heading}
        lead={page.hero.lead}
        points={page.hero.points}
        quoteHref={estimate && !inHero ? '#estimate' : undefined}
        phoneOnly={!estimate}
        aside={inHero ? form : undefined}
      />
      <ContentSections items={page.sections} />
      <ServiceCards
        data={{
          heading: page.services.heading,
          intro: page.services.intro,
          cards: categoryCards(serviceMembers(props.collections), route, page.services.more),
        }}
      />
      {page.faq && <Faq data={page.faq} />}
      {page.areas && <AreaLinks data={page.areas} />}
      <CallBand data={page.cta} booking={page.booking} quoteHref="#estimate" phoneNote={false} />
      {estimate ? !inHero && form : <PhoneBooking />}
    </Layout>
  );
}
