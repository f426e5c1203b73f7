// The shape of the reassurance tiles in YAML (components/TrustTiles.tsx renders
// them): ESA certified, 24/7, local, guaranteed.
import { Type, type Static } from '@sinclair/typebox';
import { Text } from '../lib/tokens.ts';
import { Obj } from '../lib/schema.ts';

export const TrustTilesSchema = Obj({
  heading: Text({ maxLength: 100 }),
  tiles: Type.Array(Obj({ title: Text({ maxLength: 40 }), text: Text({ maxLength: 200 }) }), { minItems: 1, maxItems: 6 }),
});

export type TrustTilesData = Static<typeof TrustTilesSchema>;
