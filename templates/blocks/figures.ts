// The shape of the figure strip in YAML (Stats in components/TrustTiles.tsx
// renders it), e.g. under the home hero.
import { Type, type Static } from '@sinclair/typebox';
import { Text } from '../lib/tokens.ts';
import { Obj } from '../lib/schema.ts';

/** A figure with its label, e.g. "{googleReviews}" / "five-star Google reviews". */
export const StatsSchema = Type.Array(Obj({ value: Text({ maxLength: 24 }), label: Text({ maxLength: 60 }) }), {
  minItems: 1,
  maxItems: 6,
});

export type StatsData = Static<typeof StatsSchema>;
