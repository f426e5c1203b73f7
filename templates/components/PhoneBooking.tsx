// Where a phone-only page would have its estimate form: the call prompt, the
// call button, and the ways on to emergency service and the contact page.
import { usePage } from './PageContext.ts';
import { CallButton } from './CallBand.tsx';
import { Section } from './Section.tsx';

export function PhoneBooking() {
  const { site, contact, route } = usePage();
  return (
    <Section heading="All bookings by phone only" className="sec phone-only" headingId="phone-only-title" narrow>
      <p>
        Call and a licensed electrician will talk it through with you and book the visit. Office hours {contact.hoursText}; emergency service{' '}
        {site.hours.emergency}.
      </p>
      <p className="actions">
        <CallButton label="Call" className="btn btn-emerg btn-lg" />
        {route !== site.links.emergency && (
          <a className="btn btn-outline btn-lg" href={site.links.emergency}>
            Emergency services
          </a>
        )}
        <a className="btn btn-outline btn-lg" href={site.links.contact}>
          Contact us
        </a>
      </p>
    </Section>
  );
}
