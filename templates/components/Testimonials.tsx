// Customer reviews: a grid (the home page), or a carousel (service pages). The
// carousel is a scroll-snap row that works without script; its previous/next
// buttons and live region are in the HTML for the carousel script, which
// shows one review at a time, reveals the buttons, autoplays every 5 seconds and loops.
import type { Review, TestimonialsData } from '../blocks/reviews.ts';
import { formatDate } from '../lib/dates.ts';
import { T } from './Text.tsx';
import { Section } from './Section.tsx';
import { columns } from '../lib/grid.ts';

/** Milliseconds each carousel slide stays. */
const CAROUSEL_DELAY = 5000;

function ReviewCard({ r }: { r: Review }) {
  return (
    <figure>
      <p className="stars">
        <span aria-hidden="true">{'★'.repeat(r.rating)}</span>
        <span className="sr-only">Rated {r.rating} out of 5</span>
      </p>
      <blockquote>
        <p>
          <T text={r.text} />
        </p>
      </blockquote>
      <figcaption>
        <strong>{r.name}</strong>, {r.location}
        {(r.service || r.date) && <span className="muted">{[r.service, r.date && formatDate(r.date)].filter(Boolean).join(' · ')}</span>}
      </figcaption>
    </figure>
  );
}

/** Whether the reviews render as a carousel (and the page needs the carousel script). */
export function isCarousel(data: TestimonialsData, carousel = false): boolean {
  return data.style ? data.style === 'carousel' : carousel;
}

export function Testimonials({ data, carousel = false }: { data: TestimonialsData; carousel?: boolean }) {
  const asCarousel = isCarousel(data, carousel);
  const count = data.items.length;
  return (
    <Section heading={data.heading} intro={data.intro} className="sec sec-alt">
      {asCarousel ? (
        <div className="carousel-box" data-carousel data-interval={CAROUSEL_DELAY} role="region" aria-roledescription="carousel" aria-label="Customer reviews">
          <ul className="reviews carousel" tabIndex={0} aria-label="Reviews, scroll sideways for more">
            {data.items.map((r, i) => (
              <li key={i} data-slide={i}>
                <div role="group" aria-roledescription="slide" aria-label={`${i + 1} of ${count}`}>
                  <ReviewCard r={r} />
                </div>
              </li>
            ))}
          </ul>
          <div className="car-nav" data-carousel-controls hidden>
            <button type="button" className="btn btn-outline" data-carousel-prev aria-label="Previous review">
              ←
            </button>
            <button type="button" className="btn btn-outline" data-carousel-next aria-label="Next review">
              →
            </button>
          </div>
          <p className="sr-only" aria-live="polite" aria-atomic="true" data-carousel-status></p>
        </div>
      ) : (
        <ul className={`reviews ${columns(data.items.length)}`}>
          {data.items.map((r, i) => (
            <li key={i}>
              <ReviewCard r={r} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
