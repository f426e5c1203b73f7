// The shape of a grid of service cards in YAML (components/ServiceCards.tsx
// renders it). Here rather than beside the component so that site.schema.ts
// and the page schemas can use it without importing components.
import { Type, type Static } from '@sinclair/typebox';
import { Text } from '../lib/tokens.ts';
import { Obj, Route } from '../lib/schema.ts';

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
export type Card = Static<typeof CardSchema>;
