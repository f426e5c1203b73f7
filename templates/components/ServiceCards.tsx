// A grid of service cards; a card with href links to its page.
import type { Cards } from '../blocks/service-cards.ts';
import { T } from './Text.tsx';
import { Section } from './Section.tsx';
import { columns } from '../lib/grid.ts';

export function ServiceCards({ data }: { data: Cards }) {
  return (
    <Section heading={data.heading} intro={data.intro}>
      <ul className={`cards ${columns(data.cards.length)}`}>
        {data.cards.map((card, i) => (
          <li key={i} className={card.href ? 'card card-link' : 'card'}>
            <h3>
              {card.href ? (
                <a href={card.href}>
                  <T text={card.name} />
                </a>
              ) : (
                <T text={card.name} />
              )}
            </h3>
            <p>
              <T text={card.description} />
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
