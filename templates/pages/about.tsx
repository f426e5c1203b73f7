// The about page: the family and how it works, with the estimate form in the
// hero, the about-page figures, reasons to choose the business and the four
// kinds of work it does (residential, commercial, industrial, emergency).
import { Type, type Static } from '@sinclair/typebox';
import type { PageProps } from 'trn-site/theme';
import type { Site } from '../site.schema.ts';
import { Text } from '../lib/tokens.ts';
import { List, Obj } from '../lib/schema.ts';
import { heroFormAllowed } from '../lib/hero-form.ts';
import { Layout } from '../components/Layout.tsx';
import { Hero } from '../components/Hero.tsx';
import { LeadForm } from '../components/LeadForm.tsx';
import { Stats, TrustTiles } from '../components/TrustTiles.tsx';
import { ContentSections } from '../components/ContentSection.tsx';
import { ServiceCards } from '../components/ServiceCards.tsx';
import { CallBand } from '../components/CallBand.tsx';
import { LeadFormSchema } from '../blocks/lead-form.ts';
import { StatsSchema } from '../blocks/figures.ts';
import { TrustTilesSchema } from '../blocks/trust-tiles.ts';
import { ProseSectionSchema } from '../blocks/prose-section.ts';
import { CardsSchema } from '../blocks/service-cards.ts';
import { CallBandSchema } from '../blocks/call-band.ts';

export const schema = Obj({
  hero: Obj({
    heading: Text({ maxLength: 90 }),
    lead: Text({ maxLength: 360 }),
    points: List(Text({ maxLength: 60 }), { maxItems: 6 }),
  }),
  form: LeadFormSchema,
  stats: Obj(
    { label: Type.String({ minLength: 3, maxLength: 60, default: 'Our record in figures' }), items: StatsSchema },
    { description: 'The about-page figures: name the claims, e.g. value "{aboutYears}".' },
  ),
  sections: List(ProseSectionSchema, { description: 'The story: who the family is and how a job with them goes.' }),
  reasons: Obj(TrustTilesSchema.properties, { description: 'Reasons to choose the business, as tiles.' }),
  serviceTypes: Obj(CardsSchema.properties, {
    description: 'The four kinds of work: residential, commercial, industrial and emergency, each card linking to its page.',
  }),
  cta: CallBandSchema,
});

export type AboutPage = Static<typeof schema>;

export function component(props: PageProps<AboutPage, Site>) {
  const { page, route, site } = props;
  const inHero = heroFormAllowed(route, site.links);
  const form = <LeadForm copy={page.form} formName="global_contact_form" variant={inHero ? 'card' : 'section'} />;
  return (
    <Layout props={props} hasForm>
      <Hero
        heading={page.hero.heading}
        lead={page.hero.lead}
        points={page.hero.points}
        quoteHref={inHero ? undefined : '#estimate'}
        aside={inHero ? form : undefined}
      />
      <Stats items={page.stats.items} label={page.stats.label} />
      <ContentSections items={page.sections} />
      <TrustTiles data={page.reasons} />
      <ServiceCards data={page.serviceTypes} />
      <CallBand data={page.cta} booking="estimate" quoteHref="#estimate" />
      {!inHero && form}
    </Layout>
  );
}
