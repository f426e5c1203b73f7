// An image as templates get it: the variants the build made and how to ask for them.
/** An image ready for `<picture>`: modern formats first, then the fallback `<img>`. */
export interface Picture {
  /** The fallback's URL at its largest width (or the SVG as it is). */
  src: string;
  /** Intrinsic size of the largest variant, upright: the `width` and `height` that keep the layout from shifting. */
  width: number;
  height: number;
  /** The fallback's media type (`image/jpeg`, `image/png`, or `image/svg+xml` for a drawing served as it is). */
  type: string;
  /** The fallback's `srcset`; empty for a drawing, which has one size. */
  srcset: string;
  /** AVIF then WebP, each a `srcset`; none for a drawing. */
  sources: { type: string; srcset: string }[];
}
