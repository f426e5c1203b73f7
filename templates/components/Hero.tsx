// The hero of category, service and location pages: heading, lead, optional
// ticked points and call buttons, with the estimate form beside it when given.
import type { ReactNode } from 'react';
import { T } from './Text.tsx';
import { CallButton } from './CallBand.tsx';

interface HeroProps {
  heading: string;
  lead: string;
  points?: string[];
  /** Where "Get a Free Estimate" goes; no such button when absent. */
  quoteHref?: string | undefined;
  /** Shown instead of the quote button on phone-only pages. */
  phoneOnly?: boolean;
  /** The form card, when the hero carries it. */
  aside?: ReactNode;
}

export function Hero({ heading, lead, points = [], quoteHref, phoneOnly, aside }: HeroProps) {
  return (
    <section className={aside ? 'hero hero-sub' : 'hero hero-sub hero-solo'}>
      <div className="wrap hero-grid">
        <div className="hero-copy">
          <h1>
            <T text={heading} />
          </h1>
          <p className="lead">
            <T text={lead} />
          </p>
          {points.length > 0 && (
            <ul className="badges">
              {points.map((p, i) => (
                <li key={i}>
                  <T text={p} />
                </li>
              ))}
            </ul>
          )}
          <p className="actions">
            <CallButton label="Call" className="btn btn-accent btn-lg" />
            {quoteHref && (
              <a className="btn btn-ghost btn-lg" href={quoteHref}>
                Get a Free Estimate
              </a>
            )}
          </p>
          {phoneOnly && <p className="note">All bookings by phone only.</p>}
        </div>
        {aside}
      </div>
    </section>
  );
}
