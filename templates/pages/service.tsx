// A service page (/residential/panel-upgrades and the other ~30): hero, prose
// sections, optional review carousel and FAQ, service areas, call band, the
// service's own enquiry form, and buttons back to the category and on to
// emergency service.
import { Type, type Static } from '@sinclair/typebox';
import type { PageProps } from 'trn-site/theme';
import type { Site } from '../site.schema.ts';
import { Text } from '../lib/tokens.ts';
import { Enum, Label, Obj, Route } from '../lib/schema.ts';
import { Layout } from '../components/Layout.tsx';
import { Hero } from '../components/Hero.tsx';
import { usePage } from '../components/PageContext.ts';
import { LeadForm } from '../components/LeadForm.tsx';
import { ContentSections } from '../components/ContentSection.tsx';
import { isCarousel, Testimonials } from '../components/Testimonials.tsx';
import { Faq } from '../components/Faq.tsx';
import { AreaLinks } from '../components/AreaLinks.tsx';
import { CallBand } from '../components/CallBand.tsx';
import { LeadFormSchema } from '../blocks/lead-form.ts';
import { ProseSectionSchema } from '../blocks/prose-section.ts';
import { TestimonialsSchema } from '../blocks/reviews.ts';
import { FaqSchema } from '../blocks/faq.ts';
import { AreasSchema } from '../blocks/service-areas.ts';
import { CallBandSchema } from '../blocks/call-band.ts';
import { PhoneBooking } from '../components/PhoneBooking.tsx';
import { contactFor } from '../lib/contact.ts';
import { serviceNode } from '../lib/jsonld.ts';
import { placeMembers, servedPlaces } from '../lib/place-lists.ts';

export const schema = Obj({
  name: Type.String({
    minLength: 2,
    maxLength: 50,
    description: 'The service as named in breadcrumbs and the enquiry subject, e.g. Panel Upgrades.',
  }),
  category: Obj(
    { label: Label, href: Route },
    { description: 'The category page: breadcrumb parent and the back button, e.g. { label: Residential, href: /residential }.' },
  ),
  booking: Enum(['estimate', 'phone'] as const, {
    default: 'estimate',
    description: 'estimate: ends with the enquiry form; phone: all bookings by phone only.',
  }),
  hero: Obj({
    heading: Text({ maxLength: 90 }),
    lead: Text({ maxLength: 360 }),
  }),
  sections: Type.Array(ProseSectionSchema, { minItems: 1 }),
  testimonials: Type.Optional(TestimonialsSchema),
  faq: Type.Optional(FaqSchema),
  areas: Type.Optional(AreasSchema),
  cta: CallBandSchema,
  form: LeadFormSchema,
  enquiry: Type.Optional(
    Obj(
      {
        service: Type.String({
          minLength: 2,
          maxLength: 60,
          pattern: '^[^{}]+$',
          description: 'The service the enquiry is about, e.g. RadioRA 2: named in the form heading and in the email subject "New enquiry: RadioRA 2".',
        }),
      },
      { description: "Makes the estimate form this service's enquiry form." },
    ),
  ),
  serviceStructuredData: Type.Optional(
    Obj(
      {
        name: Type.String({ minLength: 2, maxLength: 100, description: 'Name of the service, e.g. Lutron RadioRA 2 Installation.' }),
        serviceType: Type.String({ minLength: 2, maxLength: 100, description: 'Kind of service, e.g. Lighting control system installation.' }),
        brand: Type.String({ minLength: 1, maxLength: 60, description: 'The brand installed, e.g. Lutron.' }),
      },
      {
        description:
          'Adds schema.org Service structured data to this page: the brand, the business as provider, site.yaml serviceAreas as areas served, and the rating from the rating and totalReviews claims.',
      },
    ),
  ),
});

export type ServicePage = Static<typeof schema>;

function PageButtons({ category }: { category: ServicePage['category'] }) {
  const { site } = usePage();
  return (
    <nav className="wrap actions page-btns" aria-label="More services">
      <a className="btn btn-outline" href={category.href}>
        ← {category.label} services
      </a>
      <a className="btn btn-emerg" href={site.links.emergency}>
        24/7 Emergency Services →
      </a>
    </nav>
  );
}

export function component(props: PageProps<ServicePage, Site>) {
  const { page, site, baseUrl, route, canonical, collections } = props;
  const estimate = page.booking === 'estimate';
  const service = page.enquiry?.service;
  const facts = page.serviceStructuredData;
  const areaServed = servedPlaces(placeMembers(collections), site.regions).map((p) => p.data.label);
  const jsonLd = facts ? [serviceNode(facts, site, baseUrl, contactFor(route, site), canonical, areaServed)] : [];
  return (
    <Layout
      props={props}
      hasForm={estimate}
      scripts={[...(page.faq ? (['faq'] as const) : []), ...(page.testimonials && isCarousel(page.testimonials, true) ? (['carousel'] as const) : [])]}
      jsonLd={jsonLd}
      crumbs={[{ name: 'Home', href: '/' }, { name: page.category.label, href: page.category.href }, { name: page.name }]}
    >
      <Hero heading={page.hero.heading} lead={page.hero.lead} quoteHref={estimate ? '#estimate' : undefined} phoneOnly={!estimate} />
      <ContentSections items={page.sections} />
      {page.testimonials && <Testimonials data={page.testimonials} carousel />}
      {page.faq && <Faq data={page.faq} />}
      {page.areas && <AreaLinks data={page.areas} />}
      <CallBand data={page.cta} booking={page.booking} quoteHref="#estimate" phoneNote={false} />
      {estimate ? (
        <LeadForm
          copy={service ? { ...page.form, heading: `Enquire about ${service}` } : page.form}
          formName="global_contact_form"
          subject={`New enquiry: ${service ?? page.name}`}
          variant="section"
        />
      ) : (
        <PhoneBooking />
      )}
      <PageButtons category={page.category} />
    </Layout>
  );
}
