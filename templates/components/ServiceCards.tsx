// A grid of service cards; a card with href links to its page.
import { Type, type Static } from '@sinclair/typebox';
import { Text } from '../lib/tokens.ts';
import { Obj, Route } from '../lib/schema.ts';
import { T } from './Text.tsx';
import { columns } from '../lib/grid.ts';

export const CardSchema = Obj({
  name: Text({ maxLength: 60 }),
  description: Text({ maxLength: 260 }),
  href: Type.Optional(Route),
});

export const CardsSchema = Obj({
  heading: Text({ maxLength: 100 }),
  intro: Type.Optional(Text()),
  cards: Type.Array(CardSchema, { minItems: 1 }),
});

export type Cards = Static<typeof CardsSchema>;

export function ServiceCards({ data }: { data: Cards }) {
  return (
    <section className="sec">
      <div className="wrap">
        <h2>
          <T text={data.heading} />
        </h2>
        {data.intro && (
          <p className="intro">
            <T text={data.intro} />
          </p>
        )}
        <ul className={`cards ${columns(data.cards.length)}`}>
          {data.cards.map((card, i) => (
            <li key={i} className={card.href ? 'card card-link' : 'card'}>
              <h3>{card.href ? <a href={card.href}><T text={card.name} /></a> : <T text={card.name} />}</h3>
              <p>
                <T text={card.description} />
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
