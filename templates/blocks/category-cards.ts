// The service cards of a category page in YAML: a heading and intro, and any
// cards that are not services of the category (emergency's "Not an
// Emergency?"). The services' own cards come from the services collection:
// each service page writes its card under collections.services.card.
import { Type, type Static } from '@sinclair/typebox';
import { Text } from '../lib/tokens.ts';
import { List, Obj } from '../lib/schema.ts';
import { CardSchema } from './service-cards.ts';

export const CategoryCardsSchema = Obj({
  heading: Text({ maxLength: 100 }),
  intro: Type.Optional(Text()),
  more: List(CardSchema, { description: "Cards after the category's services, for pages that are not services of it, e.g. the contact page." }),
});

export type CategoryCards = Static<typeof CategoryCardsSchema>;
