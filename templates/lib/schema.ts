// Small TypeBox building blocks shared by the site schema and the page schemas,
// so every shape in the theme is written the same way.
import { Type, type TProperties, type TSchema, type ObjectOptions, type SchemaOptions } from '@sinclair/typebox';

/** An object that rejects keys it does not declare, so a typo in YAML is an error, not silence. */
export function Obj<T extends TProperties>(properties: T, options: ObjectOptions = {}) {
  return Type.Object(properties, { additionalProperties: false, ...options });
}

/** A string limited to a fixed list; a plain JSON Schema `enum`, which gives clearer errors than a union of literals. */
export function Enum<const V extends readonly string[]>(values: V, options: SchemaOptions = {}) {
  return Type.Unsafe<V[number]>({ type: 'string', enum: [...values], ...options });
}

/** A list that may be left out of the YAML; the component always receives an array. */
export function List<T extends TSchema>(item: T, options: SchemaOptions = {}) {
  return Type.Array(item, { default: [], ...options });
}

/** A site-internal route: starts with `/`, lower case, no trailing slash (except `/` itself). */
export const Route = Type.String({
  pattern: '^/(?:[a-z0-9-]+(?:/[a-z0-9-]+)*)?$',
  description: 'A page of this site, e.g. /residential/panel-upgrades (no trailing slash). The build fails if no page has this route.',
});

/** Where a link may point: a page of the site (optionally with #anchor), an in-page anchor, a phone number, or an external https address. */
export const Href = Type.String({
  pattern: '^(?:/(?:[a-z0-9-]+(?:/[a-z0-9-]+)*)?(?:#[A-Za-z][\\w-]*)?|#[A-Za-z][\\w-]*|tel:\\+[1-9]\\d{7,14}|https://\\S+)$',
  description: 'A route such as /residential, an anchor such as #estimate, tel:+14165550100, or an https:// address.',
});

/** An external web address. */
export const Url = Type.String({ pattern: '^https://\\S+$', description: 'A full https:// address.' });

/** A calendar date written as YYYY-MM-DD (`format: date` tells editors to offer a calendar; the pattern is the check). */
export const IsoDate = Type.String({ format: 'date', pattern: '^\\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])$', description: 'A date as YYYY-MM-DD.' });

/** A short single-line label with no placeholders. */
export const Label = Type.String({ minLength: 1, maxLength: 80 });

/** A link with its visible label. */
export const Link = Obj({ label: Label, href: Href });
