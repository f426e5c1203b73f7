// The frame of every page: document head, header, main content, footer and
// the mobile call bar. Pages pass what differs: breadcrumbs, structured data,
// whether the page holds the estimate form, and extra scripts.
import type { ReactNode } from 'react';
import { Shared, type CommonPageFields, type PageProps } from 'trn-site/theme';
import type { ScriptName } from '../lib/client-scripts.ts';
import type { Site } from '../site.schema.ts';
import { contactFor, tokenValues } from '../lib/contact.ts';
import { resolveText } from '../lib/tokens.ts';
import { breadcrumbNode, businessNode, graph } from '../lib/jsonld.ts';
import { PageContext, type PageContextValue } from './PageContext.ts';
import { Document, type SocialCard } from './Document.tsx';
import { Header, headerInputs } from './Header.tsx';
import { Footer, footerInputs } from './Footer.tsx';
import { MobileStickyBar } from './MobileStickyBar.tsx';
import { Breadcrumbs, type Crumb } from './Breadcrumbs.tsx';
import { FloatingCta } from './FloatingCta.tsx';
import { blogFeed } from '../lib/feed.ts';
import { placeMembers, servedPlaces } from '../lib/place-lists.ts';
import { serviceMembers } from '../lib/service-lists.ts';

/** Pixel size of the site's share picture (site.yaml share.image). */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 };

interface LayoutProps {
  props: PageProps<unknown, Site>;
  /** Overrides page.title and page.description (posts take theirs from front matter). */
  meta?: Pick<CommonPageFields, 'title' | 'description'>;
  /** The trail from home, current page last; none on the home page. */
  crumbs?: Crumb[];
  /** True when the page renders the estimate form (#estimate). */
  hasForm: boolean;
  social?: SocialCard;
  /** Structured data besides the business and the breadcrumb trail. */
  jsonLd?: Record<string, unknown>[];
  /** Client script entries besides site (every page) and form (with hasForm), e.g. faq. */
  scripts?: ScriptName[];
  /** No canonical link (the 404 page is served at any address). */
  noCanonical?: boolean;
  /** Offer the blog's feed in the head (the blog list and posts). */
  withFeed?: boolean;
  children: ReactNode;
}

export function Layout({ props, meta, crumbs, hasForm, social, jsonLd = [], scripts = [], noCanonical, withFeed, children }: LayoutProps) {
  const { site, page, route, baseUrl, canonical, assets, collections, shareCard } = props;
  const contact = contactFor(route, site);
  const tokens = tokenValues(site, contact);
  const title = resolveText(meta?.title ?? page.title, tokens);
  const description = resolveText(meta?.description ?? page.description, tokens);
  const places = placeMembers(collections);
  const ctx: PageContextValue = { site, route, baseUrl, canonical, title, contact, tokens, places, services: serviceMembers(collections) };
  const areaServed = servedPlaces(places, site.regions).map((p) => p.data.label);
  const nodes = [businessNode(site, baseUrl, contact, areaServed), ...(crumbs ? [breadcrumbNode(crumbs, baseUrl, canonical)] : []), ...jsonLd];
  const entries = ['site', ...(hasForm ? ['form'] : []), ...scripts, ...(site.analytics.tagManagerId ? ['analytics'] : [])];
  const scriptUrls = entries.map((name) => {
    const url = assets.scripts[name];
    // A misspelt name would leave the page without its script, and nothing would say so.
    if (!url)
      throw new Error(`no client script is named "${name}"; the theme's are ${Object.keys(assets.scripts).join(', ')} (templates/lib/client-scripts.ts)`);
    return url;
  });
  return (
    <PageContext.Provider value={ctx}>
      <Document
        title={title}
        description={description}
        canonical={noCanonical ? undefined : canonical}
        feed={withFeed ? feedLink(blogFeed(site)) : undefined}
        noindex={page.noindex}
        siteName={site.business.name}
        social={{
          type: 'website',
          // The page's own card (templates/share/card.ts); the site's picture only where the build drew none.
          image: `${baseUrl}${shareCard?.src ?? site.share.image}`,
          imageAlt: shareCard?.alt ?? site.share.alt,
          imageSize: shareCard ? { width: shareCard.width, height: shareCard.height } : SHARE_IMAGE_SIZE,
          ...social,
        }}
        css={assets.css}
        icons={assets.icons ?? []}
        manifest={assets.manifest}
        jsonLd={graph(nodes)}
        scripts={scriptUrls}
        tagManagerId={site.analytics.tagManagerId}
      >
        {/* The header and footer of pages with the same inputs are alike: rendered once, spliced into each. */}
        <Shared by={headerInputs(ctx)}>
          {() => (
            <PageContext.Provider value={ctx}>
              <Header />
            </PageContext.Provider>
          )}
        </Shared>
        {crumbs && <Breadcrumbs crumbs={crumbs} />}
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <Shared by={footerInputs(ctx)}>
          {() => (
            <PageContext.Provider value={ctx}>
              <Footer />
            </PageContext.Provider>
          )}
        </Shared>
        <FloatingCta hasForm={hasForm} />
        <MobileStickyBar hasForm={hasForm} />
      </Document>
    </PageContext.Provider>
  );
}

/** The head's link to a feed: its path and title. */
function feedLink(feed: { path: string; title: string }): { href: string; title: string } {
  return { href: feed.path, title: feed.title };
}
