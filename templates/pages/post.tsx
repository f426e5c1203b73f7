// A blog post (pages/blog/<slug>.md): header with category, date, author and
// reading time, featured illustration, the Markdown body, a call-to-action
// block and previous/next links in list order.
import { Type, type Static } from '@sinclair/typebox';
import type { PageProps, PostPage } from '../../src/index.ts';
import type { Site } from '../site.schema.ts';
import { Enum, IsoDate, Label, Obj } from '../lib/schema.ts';
import { formatDate } from '../lib/dates.ts';
import { readTime } from '../lib/reading-time.ts';
import { resolveHtml } from '../lib/tokens.ts';
import { contactFor, tokenValues } from '../lib/contact.ts';
import { businessId } from '../lib/jsonld.ts';
import { Layout, SHARE_IMAGE_SIZE } from '../components/Layout.tsx';
import { CallBand } from '../components/CallBand.tsx';
import { Picture } from '../components/Picture.tsx';

export const postCategories = ['Smart Home', 'Outdoor', 'Residential', 'Safety', 'Troubleshooting'] as const;

export const schema = Obj({
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

export type PostFront = Static<typeof schema>;

export function component(props: PageProps<PostPage<PostFront>, Site>) {
  const { page, site, posts, baseUrl, canonical, route, pictures } = props;
  const { front } = page;
  // Absent only while the image has a problem, which the build reports and which stops the write.
  const picture = pictures[front.featuredImage];
  const image = `${baseUrl}${picture?.src ?? front.featuredImage}`;
  // Social networks ignore SVG cards; a post with a drawing shares the site's card, one with a photo its largest JPEG.
  const raster = picture !== undefined && picture.type !== 'image/svg+xml';
  const shareImage = raster ? image : `${baseUrl}${site.share.image}`;
  const index = posts.findIndex((p) => p.slug === page.slug);
  const newer = index > 0 ? posts[index - 1] : undefined;
  const older = index >= 0 ? posts[index + 1] : undefined;
  const blog = site.links.blog;
  // Placeholders are resolved by the HTML's structure: in text, in attribute values, never in code (templates/lib/tokens.ts).
  const body = resolveHtml(page.html, tokenValues(site, contactFor(route, site)));
  const posting = {
    '@type': 'BlogPosting',
    headline: front.title,
    description: front.metaDescription,
    image: raster ? image : [image, shareImage],
    datePublished: front.publishDate,
    dateModified: front.publishDate,
    author: { '@type': 'Person', name: front.author },
    publisher: { '@id': businessId(baseUrl, contactFor(route, site)) },
    mainEntityOfPage: canonical,
    articleSection: front.category,
    wordCount: page.words,
    inLanguage: 'en-CA',
  };
  const crumbs = [{ name: 'Home', href: '/' }, { name: 'Blog', href: blog }, { name: front.title }];
  return (
    <Layout
      props={props}
      meta={{ title: front.seoTitle, description: front.metaDescription }}
      hasForm={false}
      withFeed
      crumbs={crumbs}
      social={{
        type: 'article',
        // The post's card is its own picture, cut to 1200 × 630 (templates/share/card.ts); without one, its image as it is.
        ...(props.shareCard ? {} : { image: shareImage, imageAlt: raster ? front.featuredImageAlt : site.share.alt, imageSize: raster ? { width: picture.width, height: picture.height } : SHARE_IMAGE_SIZE }),
        published: front.publishDate,
      }}
      jsonLd={[posting]}
    >
      <article className="post">
        <header className="wrap narrow post-head">
          <p>
            <a href={blog}>← Back to the blog</a>
          </p>
          {page.status !== 'published' && (
            // Only a preview build (--drafts) renders these; the note keeps an editor from mistaking it for the live page.
            <p className="eyebrow">{page.status === 'draft' ? 'Draft: not on the live site' : `Scheduled: on the live site from ${formatDate(front.publishDate)}`}</p>
          )}
          <p className="eyebrow">{front.category}</p>
          <h1>{front.title}</h1>
          <p className="meta">
            <time dateTime={front.publishDate}>{formatDate(front.publishDate)}</time> · By {front.author} · {readTime(page.words)}
          </p>
          {picture && <Picture className="post-img" picture={picture} alt={front.featuredImageAlt} sizes="(min-width: 48rem) 48rem, 100vw" priority />}
        </header>
        <div className="wrap narrow prose" dangerouslySetInnerHTML={{ __html: body }} />
      </article>
      <CallBand data={site.postCta} booking="phone" />
      <nav className="wrap narrow post-nav" aria-label="More articles">
          {newer && (
            <a href={newer.route} rel="prev">
              <span>← Previous</span> {String(newer.front.title)}
            </a>
          )}
          {older && (
            <a href={older.route} rel="next">
              <span>Next →</span> {String(older.front.title)}
            </a>
          )}
          <a className="btn btn-outline" href={blog}>
            Back to All Blog Posts
          </a>
      </nav>
    </Layout>
  );
}
