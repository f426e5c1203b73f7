// The shape of a section of prose in YAML (components/ContentSection.tsx
// renders it): a heading, paragraphs, then a list shown as bullets, numbered
// steps or small cards.
import { Type, type Static } from '@sinclair/typebox';
import { Text } from '../lib/tokens.ts';
import { Enum, List, Obj } from '../lib/schema.ts';

export const ProseSectionSchema = Obj({
  heading: Text({ maxLength: 100 }),
  paragraphs: List(Text()),
  items: List(Obj({ title: Type.Optional(Text({ maxLength: 80 })), text: Text() })),
  style: Enum(['bullets', 'steps', 'cards'] as const, {
    default: 'bullets',
    description: 'How items are shown: bullets, numbered steps, or cards.',
  }),
  closing: Type.Optional(Text({ description: 'A paragraph after the items.' })),
});

export type ProseSectionData = Static<typeof ProseSectionSchema>;
