// The call-to-action band: a line of persuasion and the tap-to-call button.
import type { CallBandData } from '../blocks/call-band.ts';
import { usePage } from './PageContext.ts';
import { T } from './Text.tsx';

/** How a page takes bookings: the estimate form, or by phone only. */
export type Booking = 'estimate' | 'phone';

export function CallButton({ label = 'Call', className = 'btn btn-accent' }: { label?: string; className?: string }) {
  const { contact } = usePage();
  return (
    <a className={className} href={contact.phone.href}>
      {label} {contact.phone.display}
    </a>
  );
}

interface CallBandProps {
  data: CallBandData;
  booking: Booking;
  quoteHref?: string;
  /** Say "All bookings by phone only" on a phone-only page; off where the page says it just below. */
  phoneNote?: boolean;
}

export function CallBand({ data, booking, quoteHref, phoneNote = true }: CallBandProps) {
  return (
    <section className="band">
      <div className="wrap band-in">
        <div>
          <h2>
            <T text={data.heading} />
          </h2>
          <p>
            <T text={data.text} />
          </p>
          {booking === 'phone' && phoneNote && <p className="note">All bookings by phone only.</p>}
        </div>
        <p className="actions">
          <CallButton label="Call" className="btn btn-accent btn-lg" />
          {booking === 'estimate' && quoteHref && (
            <a className="btn btn-ghost btn-lg" href={quoteHref}>
              Get a Free Estimate
            </a>
          )}
        </p>
      </div>
    </section>
  );
}
