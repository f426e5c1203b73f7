// An image an editor named, as the build made it: AVIF and WebP for browsers
// that take them, the JPEG or PNG fallback, each at several widths, with the real
// width and height so nothing moves when it arrives. The page's main image
// (`priority`) is fetched first; every other one waits until it nears the screen.
import type { Picture as PictureData } from 'trn-site/theme';

interface PictureProps {
  picture: PictureData;
  /** What it shows; empty only where the image is decorative (its meaning is in the text beside it). */
  alt: string;
  /** How wide it is shown, for the browser's choice of width, e.g. `(min-width: 48rem) 48rem, 100vw`. */
  sizes: string;
  className?: string;
  /** The largest image above the fold: fetched early and at once, never lazily. */
  priority?: boolean;
}

export function Picture({ picture, alt, sizes, className, priority = false }: PictureProps) {
  const img = (
    <img
      className={className}
      src={picture.src}
      srcSet={picture.srcset || undefined}
      sizes={picture.srcset ? sizes : undefined}
      width={picture.width}
      height={picture.height}
      alt={alt}
      loading={priority ? undefined : 'lazy'}
      decoding={priority ? undefined : 'async'}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
  if (picture.sources.length === 0) return img;
  return (
    <picture>
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
