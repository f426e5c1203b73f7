// The one function of launder (the sanitiser's own package for addresses) the engine calls:
// the package has no types of its own.
declare module 'launder' {
  interface NaughtyHrefOptions {
    allowedSchemes?: string[];
    allowProtocolRelative?: boolean;
  }
  const launder: {
    /** Whether a browser would read `href` as an address with a scheme outside `allowedSchemes` (or protocol-relative, unless allowed). */
    naughtyHref(href: string, options?: NaughtyHrefOptions): boolean;
  };
  export default launder;
}
