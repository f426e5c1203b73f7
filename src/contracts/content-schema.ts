// The engine's own content shapes: what every page has, and the redirects file.
// A theme adds its site.yaml schema and one schema per template.
import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox';

/** Fields every page file has, whatever its template. */
export const commonPageFields = {
  template: Type.String({ description: 'the name of the template that renders this page' }),
  title: Type.String({
    minLength: 1,
    maxLength: 60,
    description: 'the browser title, at most 60 characters so search results show it whole',
  }),
  description: Type.String({
    minLength: 70,
    maxLength: 160,
    description: 'the meta description, 70 to 160 characters',
  }),
  noindex: Type.Boolean({ default: false, description: 'keep this page out of search engines and sitemap.xml' }),
};

/** A collection as pages see it: the fields a member writes about itself (a collection of a template's pages has none). */
export interface CollectionSchema {
  schema?: TObject;
  description: string;
}

/** What of a template its pages' schema depends on. */
export interface TemplateShape {
  schema: TObject;
  /** Set for a template whose pages are Markdown files. */
  markdown?: object;
}

/**
 * The schema of a page using `template`: the fields the engine reads itself, the
 * collections it may join (each optional), and the template's own fields. A YAML page
 * has the common fields (title, description…); a Markdown page's template names its
 * head fields among its own, and the page may be a `draft`.
 */
export function pageSchema(name: string, template: TemplateShape, collections: Record<string, CollectionSchema> = {}): TObject {
  const listed = Object.entries(collections).filter((entry): entry is [string, CollectionSchema & { schema: TObject }] => entry[1].schema !== undefined);
  const joins: Record<string, TSchema> =
    listed.length === 0
      ? {}
      : {
          collections: Type.Optional(
            Type.Object(Object.fromEntries(listed.map(([list, { schema, description }]) => [list, Type.Optional({ ...schema, description })])), {
              additionalProperties: false,
              description: `the lists this page appears in, with what it says about itself there: ${listed.map(([list]) => list).join(', ')}`,
            }),
          ),
        };
  const engine: Record<string, TSchema> = template.markdown
    ? { template: Type.Literal(name), draft, noindex: commonPageFields.noindex }
    : { ...commonPageFields, template: Type.Literal(name) };
  return Type.Object({ ...engine, ...joins, ...template.schema.properties }, { additionalProperties: false, title: `Page using the "${name}" template` });
}

const draft = Type.Boolean({ default: false, description: 'true keeps the page off the site (the page, lists, sitemap, feed) until it is set to false' });

/** What any page file must have before its template is known. */
export const pageHeader = Type.Object({ template: commonPageFields.template });

const internalOrExternal = Type.String({
  pattern: '^(/|https?://)',
  description: 'a path starting with "/" or an absolute http(s) URL',
});

export const redirectRule = Type.Object(
  {
    from: Type.String({
      pattern: '^/[^\\s?#]*$',
      description: 'a path starting with "/", optionally ending in "/*" to match everything below it',
    }),
    to: internalOrExternal,
    status: Type.Union([Type.Literal(301), Type.Literal(302), Type.Literal(307), Type.Literal(308)], {
      default: 301,
      description: '301 for a permanent move (default), 302 for a temporary fallback',
    }),
    force: Type.Boolean({
      default: false,
      description: 'apply even where a page exists at the source path',
    }),
  },
  { additionalProperties: false },
);

export const redirectsFile = Type.Object(
  { redirects: Type.Array(redirectRule, { description: 'rules, first match wins' }) },
  { additionalProperties: false, title: 'Redirects' },
);

export type RedirectRule = Static<typeof redirectRule>;
