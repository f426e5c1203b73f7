// The services collection: every category and service page says here which
// category it belongs to and how the menus name it. The header dropdowns and
// the footer columns are queries over these members (templates/lib/service-lists.ts).
import { Type, type Static } from '@sinclair/typebox';
import type { Member } from 'trn-site/theme';
import { Enum, Obj } from '../lib/schema.ts';
import { Text } from '../lib/tokens.ts';

/** The categories of the route table (/residential, /commercial, ...), by the first part of their route. */
export const CATEGORY_IDS = ['residential', 'commercial', 'industrial', 'smart-home', 'ev-energy', 'emergency'] as const;
export type CategoryId = (typeof CATEGORY_IDS)[number];

export const CategoryId = Enum(CATEGORY_IDS, { description: 'The category: residential, commercial, industrial, smart-home, ev-energy or emergency.' });

export const ServiceSchema = Obj({
  category: CategoryId,
  label: Type.String({ minLength: 1, maxLength: 60, description: 'Its name in the menus and the footer, e.g. Panel Upgrades.' }),
  order: Type.Integer({
    minimum: 0,
    maximum: 99,
    description: 'Its position within its category in the menus and the footer: 0 for the category page itself, then 1, 2, ...',
  }),
  inFooter: Type.Boolean({ default: true, description: 'Also listed in the footer column of its category.' }),
  card: Type.Optional(
    Obj(
      {
        name: Type.Optional(Text({ maxLength: 60, description: "The card's title, when it is not the label." })),
        description: Text({ maxLength: 260, description: 'One or two sentences on the service.' }),
      },
      { description: 'Its card on its category page, in the order of `order`. Leave out to keep it off the category page.' },
    ),
  ),
});

export type Service = Static<typeof ServiceSchema>;
export type ServiceMember = Member<Service>;

export const services = {
  schema: ServiceSchema,
  description: 'This page is a category or a service: its category, its name in the menus and footer, and its position there.',
};
