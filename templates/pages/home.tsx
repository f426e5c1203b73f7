// The home page: hero with the rating claim and the estimate form, figure
// strip, service cards, reviews, FAQ, service areas and a call band.
import { Type, type Static } from '@sinclair/typebox';
import type { PageProps } from 'trn-site/theme';
import type { Site } from '../site.schema.ts';
import { Text } from '../lib/tokens.ts';
import { Obj } from '../lib/schema.ts';
import { Layout } from '../components/Layout.tsx';
import { T } from '../components/Text.tsx';
import { LeadForm } from '../components/LeadForm.tsx';
import { Stats } from '../components/TrustTiles.tsx';
import { ServiceCards } from '../components/ServiceCards.tsx';
import { isCarousel, Testimonials } from '../components/Testimonials.tsx';
import { Faq } from '../components/Faq.tsx';
import { AreaLinks } from '../components/AreaLinks.tsx';
import { CallBand, CallButton } from '../components/CallBand.tsx';
import { LeadFormSchema } from '../blocks/lead-form.ts';
import { StatsSchema } from '../blocks/figures.ts';
import { CardsSchema } from '../blocks/service-cards.ts';
import { TestimonialsSchema } from '../blocks/reviews.ts';
import { FaqSchema } from '../blocks/faq.ts';
import { AreasSchema } from '../blocks/service-areas.ts';
import { CallBandSchema } from '../blocks/call-band.ts';

export const schema = Obj({
  hero: Obj({
    eyebrow: Text({ maxLength: 80 }),
    heading: Text({ maxLength: 90 }),
    lead: Text({ maxLength: 320 }),
    rating: Text({ maxLength: 120, description: 'The rating claim under the lead, e.g. "Rated {rating} from {googleReviews} Google reviews".' }),
    badges: Type.Array(Text({ maxLength: 40 }), { minItems: 1, maxItems: 6 }),
  }),
  form: LeadFormSchema,
  stats: StatsSchema,
  services: CardsSchema,
  testimonials: TestimonialsSchema,
  faq: FaqSchema,
  areas: AreasSchema,
  cta: CallBandSchema,
});

export type HomePage = Static<typeof schema>;

export function component(props: PageProps<HomePage, Site>) {
  const { page } = props;
  const { hero } = page;
  return (
    <Layout props={props} hasForm scripts={isCarousel(page.testimonials) ? ['faq', 'carousel'] : ['faq']}>
      <section className="hero hero-home">
        <div className="wrap hero-grid">
          <div className="hero-copy">
            <p className="eyebrow">
              <T text={hero.eyebrow} />
            </p>
            <h1>
              <T text={hero.heading} />
            </h1>
            <p className="lead">
              <T text={hero.lead} />
            </p>
            <p className="hero-rating">
              <span className="stars" aria-hidden="true">
                ★★★★★
              </span>{' '}
              <T text={hero.rating} />
            </p>
            <ul className="badges">
              {hero.badges.map((b, i) => (
                <li key={i}>
                  <T text={b} />
                </li>
              ))}
            </ul>
            <p>
              <CallButton label="Call" className="btn btn-accent btn-lg" />
            </p>
          </div>
          <LeadForm copy={page.form} formName="homepage_contact_form" variant="card" />
        </div>
      </section>
      <Stats items={page.stats} label="Why homeowners choose us" />
      <ServiceCards data={page.services} />
      <Testimonials data={page.testimonials} />
      <Faq data={page.faq} />
      <AreaLinks data={page.areas} />
      <CallBand data={page.cta} booking="estimate" quoteHref="#estimate" />
    </Layout>
  );
}
