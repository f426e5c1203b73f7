// The shape of the call-to-action band in YAML (components/CallBand.tsx
// renders it): a heading and a line of persuasion.
import { type Static } from '@sinclair/typebox';
import { Text } from '../lib/tokens.ts';
import { Obj } from '../lib/schema.ts';

export const CallBandSchema = Obj({
  heading: Text({ maxLength: 100 }),
  text: Text({ maxLength: 400 }),
});

export type CallBandData = Static<typeof CallBandSchema>;
