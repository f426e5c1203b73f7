// A Markdown page's images, as the build made them: each `<img>` of its HTML whose
// source is a photo of the site becomes a `<picture>` with its AVIF and WebP
// variants, the real width and height, and lazy loading (a page's own images
// are below its header). Pure; the HTML is held to the allow-list (contentHtml).
import { sitePath, type Picture } from '../images/picture.ts';
import { escapeXml as escape } from '../extras/xml.ts';

export function withPictures(html: string, pictures: Readonly<Record<string, Picture>>, sizes: string): string {
  if (!html.includes('<img')) return html;
  return html.replace(/<img\b[^>]*>/g, (tag) => {
    const src = attribute(tag, 'src');
    const path = src === undefined ? undefined : sitePath(src.replace(/&amp;/g, '&'));
    const picture = path === undefined ? undefined : pictures[path];
    if (!picture) return tag;
    // The alt text is taken as written: already escaped for an attribute.
    const alt = attribute(tag, 'alt') ?? '';
    const size = `width="${picture.width}" height="${picture.height}"`;
    const img = picture.srcset
      ? `<img src="${escape(picture.src)}" srcset="${escape(picture.srcset)}" sizes="${escape(sizes)}" ${size} alt="${alt}" loading="lazy" decoding="async">`
      : `<img src="${escape(picture.src)}" ${size} alt="${alt}" loading="lazy" decoding="async">`;
    if (picture.sources.length === 0) return img;
    const sources = picture.sources.map((s) => `<source type="${s.type}" srcset="${escape(s.srcset)}" sizes="${escape(sizes)}">`).join('');
    return `<picture>${sources}${img}</picture>`;
  });
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}
