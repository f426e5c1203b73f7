// The contact page: how to reach the business (phone, emergency line, office
// hours, address), the estimate form beside them, the places served as a grid
// of links, and the locations map.
//
// The map is a placeholder here: templates/client/contact.ts loads the site's
// own SVG map (templates/client/map.ts) when [data-map] nears the viewport and
// draws the places listed in its <template> into the two empty frames, which
// have the map's final shape so nothing moves when it appears. Without script
// the frames and "Loading map..." stay hidden and the places are a plain list of links.
import { Type, type Static } from '@sinclair/typebox';
import type { PageProps } from 'trn-site/theme';
import type { Site } from '../site.schema.ts';
import { Text } from '../lib/tokens.ts';
import { Obj } from '../lib/schema.ts';
import { formatAddress } from '../lib/contact.ts';
import { Layout } from '../components/Layout.tsx';
import { Hero } from '../components/Hero.tsx';
import { usePage } from '../components/PageContext.ts';
import { T } from '../components/Text.tsx';
import { Section } from '../components/Section.tsx';
import { LeadForm } from '../components/LeadForm.tsx';
import { LeadFormSchema } from '../blocks/lead-form.ts';
import { LAND, mapPanels } from '../shared/map-frames.ts';
import { mapPosition } from '../lib/map-places.ts';
import { contactGridPlaces, placeMembers, serviceAreaGroups } from '../lib/place-lists.ts';

export const schema = Obj({
  hero: Obj({
    heading: Text({ maxLength: 90 }),
    lead: Text({ maxLength: 360 }),
  }),
  details: Obj(
    {
      heading: Text({ maxLength: 80 }),
      text: Type.Optional(Text({ maxLength: 400 })),
    },
    { description: 'The block with phone, email, office hours and address (all from site.yaml).' },
  ),
  emergency: Obj(
    {
      heading: Text({ maxLength: 80 }),
      text: Text({ maxLength: 400 }),
    },
    { description: 'The emergency block and its call button (the click_to_call analytics event).' },
  ),
  form: LeadFormSchema,
  areas: Obj(
    {
      heading: Text({ maxLength: 100 }),
      intro: Type.Optional(Text()),
    },
    {
      description:
        'The grid of links to the places served. The places are the pages that ask for it: collections: places: contactGridOrder on each place page.',
    },
  ),
  map: Obj(
    {
      heading: Text({ maxLength: 100 }),
      intro: Type.Optional(Text()),
    },
    { description: 'The locations map section.' },
  ),
});

export type ContactPage = Static<typeof schema>;

function ContactDetails({ data }: { data: ContactPage['details'] }) {
  const { site, contact } = usePage();
  return (
    <div className="box">
      <h2>
        <T text={data.heading} />
      </h2>
      {data.text && (
        <p>
          <T text={data.text} />
        </p>
      )}
      <dl className="facts">
        <dt>Phone</dt>
        <dd>
          <a href={contact.phone.href}>{contact.phone.display}</a>
        </dd>
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${site.leadsEmail}`}>{site.leadsEmail}</a>
        </dd>
        <dt>Office hours</dt>
        <dd>{contact.hoursText}</dd>
        <dt>Emergency service</dt>
        <dd>{site.hours.emergency}</dd>
        <dt>Office</dt>
        <dd>
          <address>{formatAddress(contact.address)}</address>
        </dd>
        <dt>ESA licence</dt>
        <dd>#{site.esaLicence}</dd>
      </dl>
    </div>
  );
}

function Emergency({ data }: { data: ContactPage['emergency'] }) {
  const { site, contact } = usePage();
  return (
    <div className="box box-emerg">
      <h2>
        <T text={data.heading} />
      </h2>
      <p>
        <T text={data.text} />
      </p>
      <p>
        <a className="btn btn-emerg btn-lg btn-block" href={contact.phone.href} data-track="click-to-call" data-label="emergency">
          Call {contact.phone.display}, {site.hours.emergency}
        </a>
      </p>
    </div>
  );
}

/** The places of the service-area lists as links; `positions` adds where the map draws each (data-map-at). */
function PlaceList({ positions = false }: { positions?: boolean }) {
  const { site, places } = usePage();
  return (
    <ul className="map-list">
      {serviceAreaGroups(places, site.regions).map((group) => (
        <li key={group.id}>
          <strong>{group.name}</strong>
          <ul>
            {group.places.map((place) => (
              <li key={place.route}>
                <a href={place.route} data-map-at={positions ? mapPosition(place.data, site.regions) : undefined}>
                  {place.data.label}
                </a>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

export function component(props: PageProps<ContactPage, Site>) {
  const { page } = props;
  return (
    <Layout props={props} hasForm scripts={['contact']}>
      <Hero heading={page.hero.heading} lead={page.hero.lead} quoteHref="#estimate" />
      <section className="sec" aria-label="Ways to reach us">
        <div className="wrap split">
          <div className="stack">
            <ContactDetails data={page.details} />
            <Emergency data={page.emergency} />
          </div>
          <LeadForm copy={page.form} formName="global_contact_form" variant="card" />
        </div>
      </section>
      <Section heading={page.areas.heading} intro={page.areas.intro} className="sec sec-alt" headingId="areas-title">
        <ul className="place-grid">
          {contactGridPlaces(placeMembers(props.collections)).map((place) => (
            <li key={place.route}>
              <a href={place.route}>{place.data.label}</a>
            </li>
          ))}
        </ul>
      </Section>
      <Section heading={page.map.heading} intro={page.map.intro} headingId="map-title">
        <div className="map" data-map>
          <p className="map-msg" data-map-status role="status" hidden>
            Loading map...
          </p>
          {mapPanels().map((panel) => (
            <figure key={panel.id} data-map-panel={panel.id} hidden>
              <figcaption>{panel.title}</figcaption>
              {/* Wider than a phone: the panel scrolls sideways, so a keyboard must be able to reach it (WCAG 2.1.1). */}
              <div tabIndex={0} role="group" aria-label={`${panel.title}, scrolls sideways`}>
                <svg viewBox={`0 0 ${panel.width} ${panel.height}`} aria-hidden="true" focusable="false">
                  <rect width={panel.width} height={panel.height} fill={LAND} />
                </svg>
              </div>
            </figure>
          ))}
          <template data-map-places>
            <PlaceList positions />
          </template>
          <noscript>
            <PlaceList />
          </noscript>
        </div>
      </Section>
    </Layout>
  );
}
