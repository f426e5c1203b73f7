// The posts collection: every page of the post template (pages/blog/*.md, a
// Markdown page with `template: post`). The blog list, each post's previous and
// next links and the Atom feed are queries over it, newest first; its members'
// fields are the posts' front matter.
import { Type, type Static } from '@sinclair/typebox';
import { perObject, query, type Member, type TemplateCollection } from 'trn-site/theme';
import type { Site } from '../site.schema.ts';
import { Enum, IsoDate, Label, Obj } from '../lib/schema.ts';
import { blogFeed } from '../lib/feed.ts';

export const postCategories = ['Smart Home', 'Outdoor', 'Residential', 'Safety', 'Troubleshooting'] as const;

export const PostSchema = Obj({
  title: Type.String({ minLength: 10, maxLength: 110, description: 'Headline shown on the page and in lists.' }),
  excerpt: Type.String({ minLength: 40, maxLength: 300, description: 'One or two sentences for the blog list.' }),
  featuredImage: Type.String({
    contentMediaType: 'image/*',
    pattern: '^/images/.+$',
    description:
      'The picture at the top of the post and on its card: a photo (JPEG, PNG, WebP or AVIF, any size, as it comes from a phone) or a drawing (SVG), under static/images/, e.g. /images/blog/IMG_2041 Heated Floor.JPG. The build makes the sizes and formats visitors need.',
  }),
  featuredImageAlt: Type.String({
    minLength: 5,
    maxLength: 200,
    description: 'What the featured picture shows, in a sentence, for visitors who cannot see it.',
  }),
  category: Enum(postCategories),
  publishDate: IsoDate,
  author: Label,
  seoTitle: Type.String({ minLength: 10, maxLength: 60, description: 'Browser title, at most 60 characters.' }),
  metaDescription: Type.String({ minLength: 70, maxLength: 160, description: 'Meta description, 70 to 160 characters.' }),
});

export type PostFront = Static<typeof PostSchema>;
export type PostMember = Member<PostFront>;

export const posts: TemplateCollection<Site> = {
  template: 'post',
  description: 'Every blog post: the blog list, the previous and next links of each post, and the feed.',
  feed: blogFeed,
};

/** The posts newest first (ISO dates sort as text); posts of one day by address. Worked out once per build. */
export const postsNewestFirst = perObject((members: readonly Member[]): PostMember[] => query(members as readonly PostMember[], { orderBy: ['-publishDate'] }));
