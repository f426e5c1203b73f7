// The theme of the electrical contractor's website: the schema of site.yaml,
// one template per kind of page (posts are Markdown pages), and the client assets.
import { defineTheme, type WebAppManifest } from 'trn-site/theme';
import { siteSchema, type Site } from './site.schema.ts';
import { clientScripts } from './lib/client-scripts.ts';
import * as home from './pages/home.tsx';
import * as category from './pages/category.tsx';
import * as service from './pages/service.tsx';
import * as location from './pages/location.tsx';
import * as thankYou from './pages/thank-you.tsx';
import * as notFound from './pages/not-found.tsx';
import * as about from './pages/about.tsx';
import * as contact from './pages/contact.tsx';
import * as torontoHub from './pages/toronto-hub.tsx';
import * as blogList from './pages/blog-list.tsx';
import * as post from './pages/post.tsx';
import { phoneRules } from './rules/phones.ts';
import { nearbyRule, regionRules } from './rules/places.ts';
import { navRules } from './rules/nav.ts';
import { tokenNames } from './lib/tokens.ts';
import { formTarget } from './lib/form-target.ts';
import { shareCard } from './share/card.ts';
import { places } from './collections/places.ts';
import { services } from './collections/services.ts';
import { posts } from './collections/posts.ts';

/**
 * Origins beyond the site itself: the form service the lead form posts to
 * and, when site.yaml names a container, the tag manager.
 */
function securityPolicy(site: Site): Record<string, string[]> {
  const policy: Record<string, string[]> = { 'form-action': [new URL(formTarget(site)).origin] };
  if (site.analytics.tagManagerId) {
    const gtm = 'https://www.googletagmanager.com';
    policy['script-src'] = [gtm];
    policy['connect-src'] = [gtm, 'https://www.google-analytics.com'];
    policy['img-src'] = [gtm, 'https://www.google-analytics.com'];
  }
  return policy;
}

/** The web app manifest: what a phone shows when a visitor adds the site to the home screen. */
function manifest(site: Site): WebAppManifest {
  return {
    name: site.business.name,
    short_name: site.business.shortName,
    description: site.business.description,
    lang: 'en-CA',
    theme_color: BRAND,
    background_color: '#ffffff',
  };
}

/** The brand's navy: the browser bar, and behind the icon where a platform wants no transparency. */
const BRAND = '#0b2545';

export default defineTheme<Site>({
  siteSchema,
  templates: {
    home,
    category,
    service,
    location,
    'thank-you': thankYou,
    'not-found': notFound,
    about: { schema: about.schema, component: about.component },
    contact: { schema: contact.schema, component: contact.component },
    'toronto-hub': { schema: torontoHub.schema, component: torontoHub.component },
    'blog-list': { schema: blogList.schema, component: blogList.component },
    post: {
      schema: post.schema,
      component: post.component,
      // Posts are Markdown files (pages/blog/<slug>.md) with these fields as front matter.
      markdown: {
        // The browser title is the SEO title, which every post has; the headline is for the page itself.
        head: { title: ['seoTitle', 'title'], description: 'metaDescription' },
        date: 'publishDate',
        // A post's body is a column at most 48rem wide (.narrow).
        imageSizes: '(min-width: 48rem) 48rem, 100vw',
      },
    },
  },
  // Lists of pages are queries over these: places and services are the pages that name them in their
  // own YAML, posts every page of the post template.
  collections: { places, services, posts },
  siteRules: (site) => [...phoneRules(site), ...regionRules(site), ...navRules(site)],
  pageRules: nearbyRule,
  // What prose may name in braces: the claims and the business facts (lib/tokens.ts).
  placeholders: tokenNames,
  securityPolicy,
  client: {
    scripts: clientScripts,
    stylesheet: 'templates/styles/site.css',
    // One drawing for every icon: served as /favicon.svg, drawn as the PNGs phones and the manifest use.
    icon: { source: 'templates/icon.svg', background: BRAND },
    // What phones in Ontario run: modern syntax is kept as far as these know it, the rest rewritten.
    browsers: ['es2020', 'chrome100', 'safari15', 'firefox100'],
  },
  manifest,
  shareCard,
});
