// The Toronto hub (/toronto): hero with its own estimate form and a Call Now
// button, three trust cards, a card for each neighbourhood page that asks for
// one (collections: places: hubCard), then a second
// section with another estimate form beside it. Like every page under
// /toronto it shows the Toronto phone, hours and address (lib/contact.ts).
import { Type, type Static } from '@sinclair/typebox';
import type { PageProps } from 'trn-site/theme';
import type { Site } from '../site.schema.ts';
import { Text } from '../lib/tokens.ts';
import { List, Obj } from '../lib/schema.ts';
import { Layout } from '../components/Layout.tsx';
import { usePage } from '../components/PageContext.ts';
import { T } from '../components/Text.tsx';
import { Section } from '../components/Section.tsx';
import { LeadForm } from '../components/LeadForm.tsx';
import { TrustTiles } from '../components/TrustTiles.tsx';
import { ContentSection } from '../components/ContentSection.tsx';
import { Faq } from '../components/Faq.tsx';
import { CallBand } from '../components/CallBand.tsx';
import { LeadFormSchema } from '../blocks/lead-form.ts';
import { TrustTilesSchema } from '../blocks/trust-tiles.ts';
import { ProseSectionSchema } from '../blocks/prose-section.ts';
import { FaqSchema } from '../blocks/faq.ts';
import { CallBandSchema } from '../blocks/call-band.ts';
import { columns } from '../lib/grid.ts';
import { hubCards } from '../lib/place-lists.ts';

export const schema = Obj({
  hero: Obj({
    eyebrow: Type.Optional(Text({ maxLength: 80 })),
    heading: Text({ maxLength: 90 }),
    lead: Text({ maxLength: 360 }),
    points: List(Text({ maxLength: 60 }), { maxItems: 6 }),
  }),
  form: LeadFormSchema,
  trust: Obj(TrustTilesSchema.properties, { description: 'The three trust cards: 24/7 emergency, local experts, certified.' }),
  neighbourhoods: Obj(
    {
      heading: Text({ maxLength: 100 }),
      intro: Type.Optional(Text()),
    },
    {
      description:
        'The section of neighbourhood cards. Each card is a neighbourhood page that asks for one: collections: places: hubCard (its position and text) on that page.',
    },
  ),
  second: Obj({ section: ProseSectionSchema, form: LeadFormSchema }, { description: 'The section near the end, with a second estimate form beside it.' }),
  faq: Type.Optional(FaqSchema),
  cta: CallBandSchema,
});

export type TorontoHubPage = Static<typeof schema>;

function NeighbourhoodCards({ data }: { data: TorontoHubPage['neighbourhoods'] }) {
  const { places } = usePage();
  const cards = hubCards(places);
  return (
    <Section heading={data.heading} intro={data.intro} headingId="hoods-title">
      <ul className={`cards hoods ${columns(cards.length)}`}>
        {cards.map((card) => (
          <li key={card.place.route} className="card card-link" data-neighbourhood={card.place.route.split('/').pop()}>
            <h3>
              <a href={card.place.route}>{card.place.data.label}</a>
            </h3>
            <p>
              <T text={card.excerpt} />
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function component(props: PageProps<TorontoHubPage, Site>) {
  const { page } = props;
  const { hero } = page;
  return (
    <Layout props={props} hasForm scripts={page.faq ? ['faq'] : []} crumbs={[{ name: 'Home', href: '/' }, { name: 'Toronto' }]}>
      <section className="hero">
        <div className="wrap hero-grid">
          <div className="hero-copy">
            {hero.eyebrow && (
              <p className="eyebrow">
                <T text={hero.eyebrow} />
              </p>
            )}
            <h1>
              <T text={hero.heading} />
            </h1>
            <p className="lead">
              <T text={hero.lead} />
            </p>
            {hero.points.length > 0 && (
              <ul className="badges">
                {hero.points.map((p, i) => (
                  <li key={i}>
                    <T text={p} />
                  </li>
                ))}
              </ul>
            )}
            <p className="actions">
              <CallNow />
            </p>
            <HoursNote />
          </div>
          <LeadForm copy={page.form} formName="global_contact_form" variant="card" />
        </div>
      </section>
      <TrustTiles data={page.trust} />
      <NeighbourhoodCards data={page.neighbourhoods} />
      <section className="sec sec-alt">
        <div className="wrap split">
          <div className="split-copy">
            <ContentSection data={page.second.section} bare />
          </div>
          <LeadForm copy={page.second.form} formName="global_contact_form" variant="card" anchor="estimate-2" />
        </div>
      </section>
      {page.faq && <Faq data={page.faq} />}
      <CallBand data={page.cta} booking="estimate" quoteHref="#estimate" />
    </Layout>
  );
}

function CallNow() {
  const { contact } = usePage();
  return (
    <a className="btn btn-accent btn-lg" href={contact.phone.href}>
      Call Now {contact.phone.display}
    </a>
  );
}

function HoursNote() {
  const { site, contact } = usePage();
  return (
    <p className="note">
      Toronto office {contact.hoursText} · Emergency service {site.hours.emergency}
    </p>
  );
}
