// A blog post (pages/blog/<slug>.md, `template: post`): header with category,
// date, author and reading time, featured illustration, the Markdown body, a
// call-to-action block and previous/next links in list order (newest first).
import type { MarkdownPage, PageProps } from 'trn-site/theme';
import type { Site } from '../site.schema.ts';
import { formatDate } from '../lib/dates.ts';
import { readTime } from '../lib/reading-time.ts';
import { resolveHtml } from '../lib/tokens.ts';
import { contactFor, tokenValues } from '../lib/contact.ts';
import { businessId } from '../lib/jsonld.ts';
import { Layout, SHARE_IMAGE_SIZE } from '../components/Layout.tsx';
import { CallBand } from '../components/CallBand.tsx';
import { Picture } from '../components/Picture.tsx';
import { PostSchema, postsNewestFirst, type PostFront } from '../collections/posts.ts';

// The fields of a post are the posts collection's (templates/collections/posts.ts): its lists read them.
export const schema = PostSchema;

export function component(props: PageProps<MarkdownPage<PostFront>, Site>) {
  const { page, site, collections, baseUrl, canonical, route, pictures } = props;
  const { front } = page;
  // Absent only while the image has a problem, which the build reports and which stops the write.
  const picture = pictures[front.featuredImage];
  const image = `${baseUrl}${picture?.src ?? front.featuredImage}`;
  // Social networks ignore SVG cards; a post with a drawing shares the site's card, one with a photo its largest JPEG.
  const raster = picture !== undefined && picture.type !== 'image/svg+xml';
  const shareImage = raster ? image : `${baseUrl}${site.share.image}`;
  const posts = postsNewestFirst(collections.posts ?? []);
  const index = posts.findIndex((p) => p.route === route);
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
        ...(props.shareCard
          ? {}
          : {
              image: shareImage,
              imageAlt: raster ? front.featuredImageAlt : site.share.alt,
              imageSize: raster ? { width: picture.width, height: picture.height } : SHARE_IMAGE_SIZE,
            }),
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
            <p className="eyebrow">
              {page.status === 'draft' ? 'Draft: not on the live site' : `Scheduled: on the live site from ${formatDate(front.publishDate)}`}
            </p>
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
            <span>← Previous</span> {newer.data.title}
          </a>
        )}
        {older && (
          <a href={older.route} rel="next">
            <span>Next →</span> {older.data.title}
          </a>
        )}
        <a className="btn btn-outline" href={blog}>
          Back to All Blog Posts
        </a>
      </nav>
    </Layout>
  );
}
