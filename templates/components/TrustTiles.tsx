// Short reassurance tiles (ESA certified, 24/7, local, guaranteed) and the
// figure strip under the home hero.
import { Type, type Static } from '@sinclair/typebox';
import { Text } from '../lib/tokens.ts';
import { Obj } from '../lib/schema.ts';
import { T } from './Text.tsx';
import { columns } from '../lib/grid.ts';

export const TrustTilesSchema = Obj({
  heading: Text({ maxLength: 100 }),
  tiles: Type.Array(Obj({ title: Text({ maxLength: 40 }), text: Text({ maxLength: 200 }) }), { minItems: 1, maxItems: 6 }),
});

export type TrustTilesData = Static<typeof TrustTilesSchema>;

export function TrustTiles({ data }: { data: TrustTilesData }) {
  return (
    <section className="sec sec-alt">
      <div className="wrap">
        <h2>
          <T text={data.heading} />
        </h2>
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
      </div>
    </section>
  );
}

/** A figure with its label, e.g. "{googleReviews}" / "five-star Google reviews". */
export const StatsSchema = Type.Array(Obj({ value: Text({ maxLength: 24 }), label: Text({ maxLength: 60 }) }), {
  minItems: 1,
  maxItems: 6,
});

export type StatsData = Static<typeof StatsSchema>;

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
