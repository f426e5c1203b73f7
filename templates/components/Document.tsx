// The HTML document: head (title, description, canonical, social cards,
// inlined stylesheet, structured data, module scripts) and body.
import type { ReactNode } from 'react';
import type { IconLink } from 'trn-site/theme';
import { jsonForScript } from '../lib/script-json.ts';

export interface SocialCard {
  type: 'website' | 'article';
  /** Absolute image URL. */
  image?: string | undefined;
  /** What the image shows. */
  imageAlt?: string | undefined;
  /** Pixel size of the image, when known (1200 by 630 for the site's share card). */
  imageSize?: { width: number; height: number } | undefined;
  /** ISO date of an article. */
  published?: string | undefined;
}

interface DocumentProps {
  title: string;
  description: string;
  /** Absent on pages with no address of their own (the 404 page). */
  canonical?: string | undefined;
  noindex: boolean;
  siteName: string;
  social: SocialCard;
  css: string;
  /** The icon links the build made from the theme's icon. */
  icons: IconLink[];
  /** The web app manifest's address. */
  manifest?: string | undefined;
  jsonLd: Record<string, unknown>;
  /** Public URLs of module scripts. */
  scripts: string[];
  tagManagerId?: string | undefined;
  /** A feed to offer feed readers (the blog pages' Atom feed). */
  feed?: { href: string; title: string } | undefined;
  children: ReactNode;
}

/** Mark an element `data-needs-script` when it does nothing without the page's scripts. */
const NO_SCRIPT_CSS = '[data-needs-script]{display:none}';

export function Document(p: DocumentProps) {
  return (
    <html lang="en-CA">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{p.title}</title>
        <meta name="description" content={p.description} />
        {p.noindex && <meta name="robots" content="noindex" />}
        {p.canonical && <link rel="canonical" href={p.canonical} />}
        {p.feed && <link rel="alternate" type="application/atom+xml" title={p.feed.title} href={p.feed.href} />}
        <meta name="theme-color" content="#0b2545" />
        {p.icons.map((icon) => (
          <link key={icon.href} rel={icon.rel} href={icon.href} type={icon.type} sizes={icon.sizes} />
        ))}
        {p.manifest && <link rel="manifest" href={p.manifest} />}
        <meta property="og:type" content={p.social.type} />
        <meta property="og:site_name" content={p.siteName} />
        <meta property="og:locale" content="en_CA" />
        <meta property="og:title" content={p.title} />
        <meta property="og:description" content={p.description} />
        {p.canonical && <meta property="og:url" content={p.canonical} />}
        {p.social.image && <meta property="og:image" content={p.social.image} />}
        {p.social.image && p.social.imageSize && <meta property="og:image:width" content={String(p.social.imageSize.width)} />}
        {p.social.image && p.social.imageSize && <meta property="og:image:height" content={String(p.social.imageSize.height)} />}
        {p.social.image && p.social.imageAlt && <meta property="og:image:alt" content={p.social.imageAlt} />}
        {p.social.published && <meta property="article:published_time" content={p.social.published} />}
        <meta name="twitter:card" content={p.social.image ? 'summary_large_image' : 'summary'} />
        <meta name="twitter:title" content={p.title} />
        <meta name="twitter:description" content={p.description} />
        {p.social.image && <meta name="twitter:image" content={p.social.image} />}
        {p.social.image && p.social.imageAlt && <meta name="twitter:image:alt" content={p.social.imageAlt} />}
        {p.tagManagerId && <meta name="tag-manager" content={p.tagManagerId} />}
        <style dangerouslySetInnerHTML={{ __html: p.css }} />
        {/* Controls that only a script can make work (blog search and chips) are hidden when
            scripting is off; hiding them from CSS here, rather than showing them from the
            script, keeps the layout from shifting when the script arrives. */}
        <noscript>
          <style dangerouslySetInnerHTML={{ __html: NO_SCRIPT_CSS }} />
        </noscript>
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(p.jsonLd) }} />
        {p.scripts.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
      </head>
      <body>{p.children}</body>
    </html>
  );
}
