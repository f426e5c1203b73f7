// The shape of customer reviews in YAML (components/Testimonials.tsx renders
// them as a grid or a carousel).
import { Type, type Static } from '@sinclair/typebox';
import { Text } from '../lib/tokens.ts';
import { Enum, IsoDate, Label, Obj } from '../lib/schema.ts';

export const TestimonialSchema = Obj({
  name: Label,
  location: Label,
  service: Type.Optional(Label),
  rating: Type.Integer({ minimum: 1, maximum: 5, default: 5 }),
  text: Text({ maxLength: 600 }),
  date: Type.Optional(IsoDate),
});

export const TestimonialsSchema = Obj({
  heading: Text({ maxLength: 100 }),
  intro: Type.Optional(Text()),
  items: Type.Array(TestimonialSchema, { minItems: 1 }),
  style: Type.Optional(
    Enum(['grid', 'carousel'] as const, {
      description: 'grid: every review side by side; carousel: one row that slides (the default on service pages, grid elsewhere).',
    }),
  ),
});

export type TestimonialsData = Static<typeof TestimonialsSchema>;
export type Review = Static<typeof TestimonialSchema>;
