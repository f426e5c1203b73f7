// The blog list (/blog): search box, category chips and a card for every post,
// in list order. Every card is in the HTML and visible without script; the
// blog script filters by the data attributes on each card, searches
// titles and excerpts, pages by nine and keeps the state in the URL query
// (?category=, ?q=, ?page=), which is why the chips are links and the search
// box is a GET form: without script they still land on this list.
import { Type, type Static } from '@sinclair/typebox';
import type { PageProps, Picture as PictureData } from 'trn-site/theme';
import type { Site } from '../site.schema.ts';
import { Text } from '../lib/tokens.ts';
import { Obj } from '../lib/schema.ts';
import { formatDate } from '../lib/dates.ts';
import { readTime } from '../lib/reading-time.ts';
import { Layout } from '../components/Layout.tsx';
import { Picture } from '../components/Picture.tsx';
import { T } from '../components/Text.tsx';
import { CallBand } from '../components/CallBand.tsx';
import { CallBandSchema } from '../blocks/call-band.ts';
import { postCategories, postsNewestFirst, type PostMember } from '../collections/posts.ts';

export const schema = Obj({
  hero: Obj({
    heading: Text({ maxLength: 90 }),
    lead: Text({ maxLength: 360 }),
  }),
  pageSize: Type.Integer({ minimum: 3, maximum: 30, default: 9, description: 'Posts per page once the blog script pages the list.' }),
  cta: CallBandSchema,
});

export type BlogListPage = Static<typeof schema>;

/** A category's chip slug: its name lower-cased, spaces turned into hyphens ("Smart Home" → smart-home). */
export function categorySlug(name: string): string {
  return name.toLowerCase().replace(/\s+/g, '-');
}

const chips = [{ name: 'All', slug: 'all' }, ...postCategories.map((name) => ({ name, slug: categorySlug(name) }))];

function PostCard({ post, picture }: { post: PostMember; picture: PictureData | undefined }) {
  const front = post.data;
  return (
    <li className="post-card" data-post data-category={categorySlug(front.category)} data-title={front.title} data-excerpt={front.excerpt}>
      {/* Decorative here: the card's title says what the post is about. */}
      {picture && <Picture picture={picture} alt="" sizes="(min-width: 62rem) 24rem, (min-width: 40rem) 50vw, 100vw" />}
      <div className="post-card-in">
        <p className="post-card-meta">
          <span className="chip-cat">{front.category}</span>
          {/* Only previews (site dev, --drafts) list posts that are not out yet; they say so. */}
          {post.status !== 'published' && <strong className="chip-cat">{post.status === 'draft' ? 'Draft' : 'Scheduled'}</strong>}
          <time dateTime={front.publishDate}>{formatDate(front.publishDate)}</time>
        </p>
        <h2>
          <a href={post.route}>{front.title}</a>
        </h2>
        <p>{front.excerpt}</p>
        <p className="post-card-foot">
          <span>{readTime(post.words ?? 0)}</span>
          <span aria-hidden="true">Read article →</span>
        </p>
      </div>
    </li>
  );
}

export function component(props: PageProps<BlogListPage, Site>) {
  const { page, collections, site } = props;
  const blog = site.links.blog;
  return (
    <Layout props={props} hasForm={false} withFeed scripts={['blog']} crumbs={[{ name: 'Home', href: '/' }, { name: 'Blog' }]}>
      <section className="hero hero-sub hero-solo">
        <div className="wrap">
          <h1>
            <T text={page.hero.heading} />
          </h1>
          <p className="lead">
            <T text={page.hero.lead} />
          </p>
        </div>
      </section>
      <section className="sec blog" data-blog data-page-size={page.pageSize} aria-label="Articles">
        <div className="wrap">
          <form className="blog-search" role="search" action={blog} method="get" data-needs-script>
            <label htmlFor="blog-q">Search articles</label>
            <input id="blog-q" name="q" type="search" placeholder="Search articles..." autoComplete="off" data-blog-search />
          </form>
          <nav className="chips" aria-label="Categories" data-needs-script>
            <ul>
              {chips.map((chip) => (
                <li key={chip.slug}>
                  <a
                    className="chip"
                    href={chip.slug === 'all' ? blog : `${blog}?category=${chip.slug}`}
                    data-category-chip={chip.slug}
                    aria-current={chip.slug === 'all' ? 'true' : undefined}
                  >
                    {chip.name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <ul className="post-grid" data-post-list>
            {postsNewestFirst(collections.posts ?? []).map((post) => (
              <PostCard key={post.route} post={post} picture={props.pictures[post.data.featuredImage]} />
            ))}
          </ul>
          <p className="empty" data-blog-empty role="status" hidden>
            No articles found matching your search criteria.
          </p>
          <nav className="pager" data-pagination aria-label="Pages of articles" hidden></nav>
        </div>
      </section>
      <CallBand data={page.cta} booking="phone" />
    </Layout>
  );
}
