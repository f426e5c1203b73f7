// Short reassurance tiles (ESA certified, 24/7, local, guaranteed) and the
// figure strip under the home hero.
import type { TrustTilesData } from '../blocks/trust-tiles.ts';
import type { StatsData } from '../blocks/figures.ts';
import { T } from './Text.tsx';
import { Section } from './Section.tsx';
import { columns } from '../lib/grid.ts';

export function TrustTiles({ data }: { data: TrustTilesData }) {
  return (
    <Section heading={data.heading} className="sec sec-alt">
      <ul className={`tiles ${columns(data.tiles.length)}`}>
        {data.tiles.map((tile, i) => (
          <li key={i}>
            <h3>
              <T text={tile.title} />
            </h3>
            <p>
              <T text={tile.text} />
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function Stats({ items, label }: { items: StatsData; label: string }) {
  return (
    <section className="stats" aria-label={label}>
      <ul className="wrap">
        {items.map((s, i) => (
          <li key={i}>
            <strong>
              <T text={s.value} />
            </strong>{' '}
            <span>
              <T text={s.label} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
