import { describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { parse } from 'yaml';
import { compileSchema, editorSchema } from '../validate/json-schema.ts';
import { parseYaml } from '../validate/yaml.ts';
import { yamlFields } from './yaml-fields.ts';

const shared = 'text that may name {placeholders} such as {phone}, explained at the first field that says so';

const schema = Type.Object(
  {
    heading: Type.String({ minLength: 1, maxLength: 80, description: `The page heading; ${shared}` }),
    lead: Type.String({ minLength: 1, description: `One sentence under it; ${shared}` }),
    title: Type.String({ maxLength: 60, description: 'The browser title, at most 60 characters.' }),
    style: Type.Union([Type.Literal('grid'), Type.Literal('list')], { default: 'grid', description: 'How cards are laid out.' }),
    size: Type.Unsafe<string>({ type: 'string', enum: ['small', 'large'] }),
    opens: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'A date as YYYY-MM-DD.' }),
    cards: Type.Array(
      Type.Object({ name: Type.String({ maxLength: 40 }), note: Type.Optional(Type.String({ description: 'Small print.' })) }, { additionalProperties: false }),
      { minItems: 2, maxItems: 6, description: 'The cards.' },
    ),
    more: Type.Optional(
      Type.Object(
        { label: Type.String(), href: Type.String({ pattern: '^/[a-z]*$' }) },
        { description: 'A link after the cards.', additionalProperties: false },
      ),
    ),
    form: Type.Object({ submit: Type.String({ default: 'Send' }) }, { default: {}, description: 'Wording of the form.', additionalProperties: false }),
  },
  { additionalProperties: false },
);

const text = yamlFields(editorSchema(schema));

describe('yamlFields', () => {
  it('writes every required field with a placeholder and a comment, and the optional ones commented out', () => {
    expect(text).toBe(`# The page heading; text that may name {placeholders} such as {phone}, explained at the first field
# that says so. (at most 80 characters)
heading: "TODO: heading"

# One sentence under it. (not empty)
lead: "TODO: lead"

# The browser title, at most 60 characters.
title: "TODO: title"

# Optional. How cards are laid out. (one of: grid, list; default: grid)
# style: grid

# (one of: small, large)
size: small

# A date as YYYY-MM-DD.
opens: "0000-00-00"

# The cards. (2–6 items)
cards:
  # (at most 40 characters)
  - name: "TODO: name"
    # Optional. Small print.
    # note: "TODO: note"
  - name: "TODO: name"

# Optional. A link after the cards.
# more:
#   label: "TODO: label"
#   href: /todo

# Optional. Wording of the form.
# form:
#   submit: Send
`);
  });

  it('parses, and validates against the schema it came from', () => {
    const parsed = parseYaml('a.yaml', text);
    expect(parsed.diagnostics).toEqual([]);
    expect(compileSchema(schema).validate('a.yaml', parsed).diagnostics).toEqual([]);
  });

  it('takes every commented-out field up as valid YAML once its # is removed', () => {
    const uncommented = text.replace(/^(\s*)# (?=[\w"-]+:|- | {2})/gm, '$1');
    const value = parse(uncommented) as Record<string, unknown>;
    expect(value.more).toEqual({ label: 'TODO: label', href: '/todo' });
    expect(value.style).toBe('grid');
    expect(compileSchema(schema).validate('a.yaml', parseYaml('a.yaml', uncommented)).diagnostics).toEqual([]);
  });

  it('writes the values it is given, quoted as YAML needs, even for optional fields', () => {
    const article = Type.Object({ date: Type.String(), draft: Type.Boolean({ default: false }) });
    expect(yamlFields(editorSchema(article), { values: { date: '2025-06-01', draft: true } })).toBe('date: "2025-06-01"\n\ndraft: true\n');
  });

  it('quotes keys YAML would misread and wraps long comments at 100 columns', () => {
    const odd = Type.Object({ 'a key': Type.String({ description: 'word '.repeat(40).trim() }) });
    const lines = yamlFields(editorSchema(odd)).split('\n');
    expect(lines.every((line) => line.length <= 100)).toBe(true);
    expect(lines).toContain('"a key": "TODO: a key"');
  });
});
