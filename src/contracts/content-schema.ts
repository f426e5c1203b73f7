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

/** A collection as pages see it: the fields a member writes about itself. */
export interface CollectionSchema {
  schema: TObject;
  description: string;
}

/**
 * The schema of a page using `template`: the common fields, the collections
 * it may join (each optional), and the template's own fields.
 */
export function pageSchema(template: string, own: TObject, collections: Record<string, CollectionSchema> = {}): TObject {
  const names = Object.keys(collections);
  const joins: Record<string, TSchema> = names.length === 0 ? {} : {
    collections: Type.Optional(Type.Object(
      Object.fromEntries(names.map((name) => [name, Type.Optional({ ...collections[name]!.schema, description: collections[name]!.description })])),
      { additionalProperties: false, description: `the lists this page appears in, with what it says about itself there: ${names.join(', ')}` },
    )),
  };
  return Type.Object(
    { ...commonPageFields, template: Type.Literal(template), ...joins, ...own.properties },
    { additionalProperties: false, title: `Page using the "${template}" template` },
  );
}

/** A post's front matter: the theme's fields, and `draft`, which the engine reads itself. */
export function postSchema(own: TObject): TObject {
  return Type.Object(
    {
      ...own.properties,
      draft: Type.Boolean({ default: false, description: 'true keeps the post off the site (pages, lists, sitemap, feed) until it is set to false' }),
    },
    { additionalProperties: false, ...(own.title ? { title: own.title } : {}), ...(own.description ? { description: own.description } : {}) },
  );
}

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
