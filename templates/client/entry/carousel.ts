// Pages with a testimonial carousel.
import { all, start } from '../core.ts';
import { carousel, uncarousel } from '../carousel.ts';

for (const box of all('[data-carousel]'))
  start(
    'carousel',
    () => carousel(box),
    () => uncarousel(box),
    box,
  );
