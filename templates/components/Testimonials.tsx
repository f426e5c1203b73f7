// Customer reviews: a grid on the home page, a scroll-snap carousel on service
// pages (the carousel script, later, adds autoplay every 5 seconds).
import { Type, type Static } from '@sinclair/typebox';
import { Text } from '../lib/tokens.ts';
import { IsoDate, Label, Obj } from '../lib/schema.ts';
import { formatDate } from '../lib/format.ts';
import { T } from './Text.tsx';

export const TestimonialSchema = Obj({
  name: Label,
  location: Label,
  service: Type.Optional(Label),
  rating: Type.Integer({ minimum: 1, maximum: 5, default: 5 }),
  text: Text({ maxLength: 600 }),
  date: Type.Optional(IsoDate),
});

export const TestimonialsSchema = Obj({
  heading: Text({ maxLength: 100 }),
  intro: Type.Optional(Text()),
  items: Type.Array(TestimonialSchema, { minItems: 1 }),
});

export type TestimonialsData = Static<typeof TestimonialsSchema>;

export function Testimonials({ data, carousel = false }: { data: TestimonialsData; carousel?: boolean }) {
  return (
    <section className="sec sec-alt">
      <div className="wrap">
        <h2>
          <T text={data.heading} />
        </h2>
        {data.intro && (
          <p className="intro">
            <T text={data.intro} />
          </p>
        )}
        <ul
          className={carousel ? 'reviews carousel' : 'reviews'}
          {...(carousel ? { 'data-carousel': '', 'data-interval': 5000, tabIndex: 0, 'aria-label': 'Customer reviews' } : {})}
        >
          {data.items.map((r, i) => (
            <li key={i}>
              <figure>
                <p className="stars" aria-label={`Rated ${r.rating} out of 5`}>
                  {'★'.repeat(r.rating)}
                </p>
                <blockquote>
                  <p>
                    <T text={r.text} />
                  </p>
                </blockquote>
                <figcaption>
                  <strong>{r.name}</strong>, {r.location}
                  {(r.service || r.date) && (
                    <span className="muted">
                      {[r.service, r.date && formatDate(r.date)].filter(Boolean).join(' · ')}
                    </span>
                  )}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
