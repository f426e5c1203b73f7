// The shape of the service-areas block in YAML (components/AreaLinks.tsx
// renders it). Only the wording is here: the places are the pages that list
// themselves (collections: places:, see templates/lib/place-lists.ts).
import { Type, type Static } from '@sinclair/typebox';
import { Text } from '../lib/tokens.ts';
import { Obj } from '../lib/schema.ts';

export const AreasSchema = Obj({
  heading: Text({ maxLength: 100 }),
  intro: Type.Optional(Text()),
});

export type AreasData = Static<typeof AreasSchema>;
