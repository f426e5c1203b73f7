import { describe, expect, it } from 'vitest';
import type { Picture } from '../images/picture.ts';
import { withPictures } from './content-pictures.ts';

const photo: Picture = {
  src: '/assets/images/floor-ab-800.jpg',
  width: 800,
  height: 600,
  type: 'image/jpeg',
  srcset: '/assets/images/floor-ab-400.jpg 400w, /assets/images/floor-ab-800.jpg 800w',
  sources: [
    { type: 'image/avif', srcset: '/assets/images/floor-ab-400.avif 400w' },
    { type: 'image/webp', srcset: '/assets/images/floor-ab-400.webp 400w' },
  ],
};
const drawing: Picture = { src: '/images/plan.svg', width: 1200, height: 630, type: 'image/svg+xml', srcset: '', sources: [] };
const pictures = { '/images/IMG 2041 Floor.JPG': photo, '/images/plan.svg': drawing };

describe('withPictures', () => {
  it('makes a photo of the site a lazy <picture> with its variants and size, keeping the alt text as written', () => {
    expect(withPictures('<p><img src="/images/IMG%202041%20Floor.JPG" alt="Cable &amp; mat" /></p>', pictures, '100vw')).toBe(
      '<p><picture><source type="image/avif" srcset="/assets/images/floor-ab-400.avif 400w" sizes="100vw"><source type="image/webp" srcset="/assets/images/floor-ab-400.webp 400w" sizes="100vw">' +
        '<img src="/assets/images/floor-ab-800.jpg" srcset="/assets/images/floor-ab-400.jpg 400w, /assets/images/floor-ab-800.jpg 800w" sizes="100vw" width="800" height="600" alt="Cable &amp; mat" loading="lazy" decoding="async"></picture></p>',
    );
  });

  it('gives a drawing its size and lazy loading, and leaves other images as they are', () => {
    expect(withPictures('<img src="/images/plan.svg" alt="Plan">', pictures, '100vw')).toBe(
      '<img src="/images/plan.svg" width="1200" height="630" alt="Plan" loading="lazy" decoding="async">',
    );
    const other = '<img src="https://example.org/x.jpg" alt="Elsewhere"><img src="/images/unknown.jpg" alt="">';
    expect(withPictures(other, pictures, '100vw')).toBe(other);
  });
});
