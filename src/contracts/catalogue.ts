// Every problem the engine can report, declared once: its title, its severity,
// what it stops, its message and its hint. Stages create diagnostics only
// through `diagnostic(code, where, params)`, so a code cannot be misspelt, a
// message cannot drift between two places that report the same problem, and
// decisions (what stops rendering, what was reported already) read codes and
// fields, never message text.

/** What a problem stops, beyond being printed. */
export type Stops =
  /** Nothing renders: the problem is in an input every page reads (site.yaml, the theme, client code, an option). A problem of this kind in one page's file only keeps that page out. */
  | 'render'
  /** Pages still render, so one run reports every problem, but nothing is written. */
  | 'write'
  /** A warning: printed, nothing stops (except under a strict run, where warnings are errors). */
  | 'nothing';

/** One kind of problem. `P` is what a stage supplies to fill in the message and hint. */
export interface CatalogueEntry<P = void> {
  /** A few words naming the kind of problem, for docs and tools. */
  title: string;
  severity: 'error' | 'warning';
  stops: Stops;
  /** What is wrong, as one sentence without a trailing period. */
  message: (params: P) => string;
  /** What to do about it. */
  hint?: (params: P) => string | undefined;
}

/** Text supplied by a parser, a schema validator, a compiler or a theme's rule, kept as it is. */
interface Supplied {
  message: string;
  hint?: string;
}

/** A link problem, and whether the link is written in a template (found in the rendered HTML) rather than in content. */
interface LinkParams {
  inTemplate?: boolean;
}

/** Why a content path is not read (see src/load/content-file.ts). */
interface Refusal {
  why: 'pipe' | 'socket' | 'device' | 'link-outside' | 'link-nowhere' | 'link-folder' | 'link-special' | 'folder' | 'unreadable' | 'too-large' | 'not-folder';
  target?: string;
  code?: string;
  bytes?: number;
  limit?: number;
}

function refusalWords(p: Refusal): string {
  const target = JSON.stringify(p.target ?? '');
  switch (p.why) {
    case 'pipe':
      return 'this is a named pipe (FIFO), not a file: the build reads only regular files';
    case 'socket':
      return 'this is a socket, not a file: the build reads only regular files';
    case 'device':
      return 'this is a device, not a file: the build reads only regular files';
    case 'link-outside':
      return `this link leads outside the project, to ${target}`;
    case 'link-nowhere':
      return `this link leads to ${target}, which is not there`;
    case 'link-folder':
      return `this link leads to a folder, ${target}, and only links to files are read`;
    case 'link-special':
      return `this link leads to ${target}, which is not a regular file (a pipe, a device or a socket)`;
    case 'folder':
      return 'this is a folder where a file should be';
    case 'not-folder':
      return p.target === undefined
        ? 'this is a file where a folder of content should be'
        : `this link leads to ${target}, which is not a folder, where a folder of content should be`;
    case 'unreadable':
      return `this file cannot be read (${p.code ?? 'unknown'})`;
    case 'too-large':
      return `this file is ${(p.bytes ?? 0).toLocaleString('en-CA')} bytes; the build reads at most ${(p.limit ?? 0).toLocaleString('en-CA')} bytes of such a file`;
    default:
      return 'this is not a file the build reads';
  }
}

/** Why an element Markdown may not use is kept out, for the commonest. */
const UNSAFE_ELEMENTS: Record<string, string> = {
  script: 'it runs script on the site',
  iframe: 'it loads another page, with its own scripts, inside this one',
  frame: 'it loads another page inside this one',
  object: 'it embeds a plug-in or another page',
  embed: 'it embeds a plug-in or another page',
  style: 'it restyles the whole site',
  link: 'it loads a stylesheet or other file into the page',
  meta: 'it can redirect visitors or change how the page is read',
  base: 'it changes where every link on the page leads',
  form: 'it sends what visitors type somewhere else',
  svg: 'it can carry script',
  math: 'it can carry script',
};

const supplied = {
  message: (p: Supplied) => p.message,
  hint: (p: Supplied) => p.hint,
} as const;

/** Where the fix is: a link found in the rendered HTML is written in a template. */
function linkHint(hint: string, p: LinkParams): string {
  return p.inTemplate ? `${hint}; the link is written in a template` : hint;
}

/**
 * A type error in plain words, by TypeScript's code for it. The commonest
 * matter most: a misspelt field is no error at run time, it renders as nothing.
 */
function typeProblem(code: number): { words: string; hint?: string } {
  switch (code) {
    case 2339: // Property 'x' does not exist on type …
    case 2551: // … Did you mean 'y'?
      return { words: 'the template reads a field its data does not have, which would render as empty text', hint: "check the name against the page's schema" };
    case 2304: // Cannot find name 'x'.
    case 2552: // Cannot find name 'x'. Did you mean 'y'?
      return { words: 'the template names something that is not defined', hint: 'check the spelling, or import it' };
    case 2307: // Cannot find module 'x' or its corresponding type declarations.
      return { words: 'the template imports a file or package that cannot be found', hint: 'check the path, with its extension, relative to this file' };
    case 2322: // Type 'x' is not assignable to type 'y'.
    case 2345: // Argument of type 'x' is not assignable to parameter of type 'y'.
    case 2741: // Property 'x' is missing in type …
    case 2769: // No overload matches this call.
      return { words: 'the template passes a value of the wrong kind' };
    case 2532: // Object is possibly 'undefined'.
    case 18047: // 'x' is possibly 'null'.
    case 18048: // 'x' is possibly 'undefined'.
      return { words: 'the template uses a value that may be missing', hint: 'handle the case where it is absent (?. or a default)' };
    default:
      return { words: 'the template does not type-check' };
  }
}

export const catalogue = {
  // ── Files and options ──────────────────────────────────────────────────────
  'missing-file': entry({
    title: 'A required file is missing',
    severity: 'error',
    stops: 'render',
    message: (p: { what: string; hint: string }) => `${p.what} is missing`,
    hint: (p) => p.hint,
  }),
  'base-url': entry({
    title: 'The base URL is not an absolute URL',
    severity: 'error',
    stops: 'render',
    message: (p: { value: unknown }) => `base URL ${JSON.stringify(p.value)} is not an absolute http(s) URL`,
    hint: () => 'for example https://www.example.com',
  }),
  'base-url-origin': entry({
    title: 'The base URL has more than a scheme and a host',
    severity: 'error',
    stops: 'render',
    message: (p: { value: string; extra: string }) => `base URL ${JSON.stringify(p.value)} has ${p.extra}, where only the scheme and the host belong`,
    hint: () => 'write the scheme and host only, e.g. https://www.example.com: every page links from the root of its host',
  }),
  'output-folder': entry({
    title: 'The output folder would replace the project',
    severity: 'error',
    stops: 'render',
    message: (p: { out: string; why: string }) => `cannot write the site to ${JSON.stringify(p.out)}: ${p.why}`,
    hint: () => 'choose a folder of its own, such as dist',
  }),
  'output-folder-unmarked': entry({
    title: 'The output folder holds files this generator did not make',
    severity: 'error',
    stops: 'render',
    message: (p: { out: string; names: string; marker: string }) =>
      `cannot write the site to ${JSON.stringify(p.out)}: it holds files this generator did not make (${p.names}), and a build replaces the whole output folder`,
    hint: (p) =>
      `choose an empty or new folder, such as dist; if it is a build from an older version of the generator (no ${p.marker} file in it), delete it once and build again`,
  }),
  'changed-while-building': entry({
    title: 'A page file changed while the build read it',
    severity: 'error',
    stops: 'render',
    message: () => 'this file changed while the build was reading it, and the earlier reading the build began with is no longer in its cache',
    hint: () => 'build again once the file is saved; nothing was written',
  }),
  'output-folder-added': entry({
    title: 'Files were put into the output folder since it was built',
    severity: 'error',
    stops: 'render',
    message: (p: { out: string; names: string }) =>
      `cannot write the site to ${JSON.stringify(p.out)}: it holds files that no build wrote there, or that changed since (${p.names}), and a build replaces the whole output folder`,
    hint: () =>
      "move them somewhere of their own (the site's own files go under static/), then build again; if the folder holds nothing of yours, delete it once",
  }),
  'output-write': entry({
    title: 'The output folder cannot be written',
    severity: 'error',
    stops: 'render',
    message: (p: { out: string; why: string; hint: string }) =>
      `cannot write the site to ${JSON.stringify(p.out)}: ${p.why}; the previous build, if any, is left as it was`,
    hint: (p) => p.hint,
  }),
  'thread-memory': entry({
    title: 'A thread of the build ran out of memory',
    severity: 'error',
    stops: 'render',
    message: (p: { limit: number }) => `a thread of the build ran out of memory (it may use ${p.limit} MB), so the build stopped`,
    hint: () => 'give Node more memory, in MB, and build again: NODE_OPTIONS=--max-old-space-size=8192 (the threads get as much as the build)',
  }),
  'cache-folder': entry({
    title: 'The cache folder cannot be used',
    severity: 'error',
    stops: 'render',
    message: (p: { folder: string; why: string; hint: string }) => `cannot keep the build's cache in ${JSON.stringify(p.folder)}: ${p.why}`,
    hint: (p) => p.hint,
  }),

  'named-file': entry({
    title: 'A file named to check is missing or outside the project',
    severity: 'error',
    stops: 'render',
    message: (p: { why: 'missing' | 'outside'; root: string }) =>
      p.why === 'missing' ? 'there is no such file or folder to check' : `cannot check a file outside the project (${p.root})`,
    hint: () => 'name files of the project, relative to the current folder, e.g. pages/about.yaml',
  }),
  'file-refused': entry({
    title: 'A content path that is not a file the build reads',
    severity: 'error',
    stops: 'write',
    message: (p: Refusal) => refusalWords(p),
    hint: (p) =>
      p.why === 'link-outside'
        ? 'copy the file into the project instead of linking to it: the build reads only what the project holds'
        : p.why === 'link-nowhere'
          ? 'point the link at a file that exists, or remove it'
          : p.why === 'not-folder'
            ? 'make it a folder holding the files (rename the file that stands in its place), or remove it if the site has none'
            : p.why === 'link-folder' || p.why === 'folder'
              ? 'put the files themselves here (links to folders are not followed), or remove it'
              : p.why === 'unreadable'
                ? 'let your user read it (check its owner and permissions), or remove it'
                : p.why === 'too-large'
                  ? 'make it smaller, or publish it elsewhere and link to it (the CDNs refuse files over 25 MiB; a page rarely needs more than 100 kB)'
                  : 'replace it with a regular file holding the content, or move it out of the project',
  }),

  // ── Shape: YAML and the schemas ────────────────────────────────────────────
  encoding: entry({
    title: 'A file that is not UTF-8 text',
    severity: 'error',
    stops: 'render',
    message: (p: { kind: 'utf16' | 'not-utf8' }) =>
      p.kind === 'utf16'
        ? 'the file is saved as UTF-16; content files are UTF-8'
        : 'a character here is not UTF-8 (the file was saved in another encoding, such as Latin-1)',
    hint: () => 'save the file as UTF-8 (VS Code: the encoding in the status bar, then "Save with Encoding", UTF-8) and retype the character if it changed',
  }),
  'yaml-syntax': entry({
    title: 'The YAML cannot be read',
    severity: 'error',
    stops: 'render',
    ...supplied,
  }),
  'yaml-warning': entry({
    title: 'The YAML parser warns about the text',
    severity: 'warning',
    stops: 'nothing',
    ...supplied,
  }),
  'comment-in-text': entry({
    title: 'Text cut off by a # that YAML reads as a comment',
    severity: 'error',
    stops: 'render',
    message: (p: { kept: string; lost: string }) => `"${p.lost}" is cut off: after a space, # starts a comment in YAML, so the value is only "${p.kept}"`,
    hint: (p) => `put the whole value in quotes: "${p.kept} ${p.lost}"`,
  }),
  schema: entry({
    title: 'A field does not have the shape its schema asks for',
    severity: 'error',
    stops: 'render',
    ...supplied,
  }),
  modeline: entry({
    title: 'The schema line for editors names another schema',
    severity: 'error',
    stops: 'write',
    message: () => 'the schema line points at the wrong schema',
    hint: (p: { expected: string }) => `make the first line: ${p.expected}, or remove the line`,
  }),
  'unknown-template': entry({
    title: 'A page names a template the theme does not have',
    severity: 'error',
    stops: 'write',
    message: (p: { template: string; known: string[] }) => `unknown template "${p.template}"`,
    hint: (p) => `templates: ${p.known.join(', ')}`,
  }),
  'route-name': entry({
    title: 'A file name cannot be part of a URL',
    severity: 'error',
    stops: 'write',
    message: (p: { segment: string }) => `"${p.segment}" cannot be part of a URL`,
    hint: () => 'name files with lower-case letters, digits and single hyphens, e.g. opening-hours.yaml',
  }),
  'static-backslash': entry({
    title: 'A static file whose name holds a backslash',
    severity: 'error',
    stops: 'write',
    message: (p: { file: string }) => `${p.file} has a backslash in its name, which browsers read as a slash, so no address reaches the file`,
    hint: () => 'rename it without the backslash (a hyphen reads well), and link it by its new name',
  }),
  'template-kind': entry({
    title: 'A page names a template whose pages are files of the other kind',
    severity: 'error',
    stops: 'write',
    message: (p: { template: string; markdown: boolean; same: string[] }) =>
      p.markdown
        ? `the template "${p.template}" makes pages from YAML files, and this is a Markdown file`
        : `the template "${p.template}" makes pages from Markdown files (.md, with front matter), and this is a YAML file`,
    hint: (p) =>
      (p.markdown ? 'write the page as a .yaml file' : 'write the page as a .md file: its fields between two --- lines, then its text') +
      (p.same.length > 0 ? `, or name a template for ${p.markdown ? 'Markdown' : 'YAML'} pages: ${p.same.join(', ')}` : ''),
  }),
  'not-a-page': entry({
    title: 'A file under pages/ that is not a page',
    severity: 'warning',
    stops: 'nothing',
    message: (p: { file: string; why?: 'hidden' | 'case' | 'underscore' | 'extension' }) =>
      p.why === 'hidden'
        ? `${p.file} is not read: files whose names start with "." are hidden, and left out of the site`
        : p.why === 'underscore'
          ? `${p.file} is not read: files and folders whose names start with "_" are left out of the site`
          : p.why === 'case'
            ? `${p.file} is not read: pages end in .yaml or .md, written in small letters`
            : `${p.file} is not a page: only .yaml (or .yml) and .md files under pages/ become pages`,
    hint: (p) =>
      p.why === 'hidden' || p.why === 'underscore'
        ? 'rename it without the leading character if it should be a page; otherwise move it out of pages/'
        : p.why === 'case'
          ? 'rename it to end in .yaml (a page of fields) or .md (a page of Markdown)'
          : 'rename it to .yaml if it is a page; move notes and backups out of pages/, and pictures or downloads to static/',
  }),
  'too-deep': entry({
    title: 'Quotes or lists nested too deeply in Markdown',
    severity: 'error',
    stops: 'write',
    message: (p: { depth: number; limit: number }) =>
      `quotes and lists are nested ${p.depth} levels deep here; Markdown may nest them ${p.limit} levels at most`,
    hint: () => 'flatten them: a page rarely needs more than three levels of quotes or lists',
  }),
  'markdown-too-deep': entry({
    title: 'Markdown nested too deeply',
    severity: 'error',
    stops: 'write',
    message: (p: { limit: number }) =>
      `emphasis, links, quotes or lists are nested more than ${p.limit} levels deep from here on; Markdown may nest them ${p.limit} levels at most`,
    hint: () =>
      'close what is open before opening more (every ** or _ needs its closing pair), or flatten the nesting: a page rarely needs more than three levels',
  }),
  'markdown-unclosed': entry({
    title: 'A paragraph of Markdown that opens far more emphasis than it closes',
    severity: 'error',
    stops: 'write',
    message: () =>
      'this paragraph opens so many *, _ or ~ marks that never close that reading it would take too long; from here on they are not read as emphasis',
    hint: () => 'close each * or _ you open, or write \\* and \\_ for a star or an underscore meant as text',
  }),
  'markdown-long-item': entry({
    title: 'A list item of Markdown with too many lines not indented under it',
    severity: 'error',
    stops: 'write',
    message: (p: { limit: number }) =>
      `this list has an item that goes on for more than ${p.limit.toLocaleString('en-CA')} lines not indented under it; it is not read as a list`,
    hint: () => 'leave a blank line where the list ends, or indent the lines that belong to the item under it',
  }),
  'html-too-deep': entry({
    title: 'HTML in Markdown nested too deeply',
    severity: 'error',
    stops: 'write',
    message: (p: { limit: number }) => `this HTML opens more than ${p.limit} elements inside each other here; Markdown may nest ${p.limit} at most`,
    hint: () => 'close each element you open (</div> for <div>), or write it in Markdown',
  }),
  'too-large': entry({
    title: 'A content file too large to be a page',
    severity: 'error',
    stops: 'write',
    message: (p: { characters: number; limit: number }) =>
      `this file holds ${p.characters.toLocaleString('en-CA')} characters; a page may hold ${p.limit.toLocaleString('en-CA')} at most`,
    hint: () => 'split it into several pages, or check that nothing was pasted into it by mistake',
  }),
  'front-matter': entry({
    title: 'A Markdown page without front matter',
    severity: 'error',
    stops: 'write',
    message: () => 'a Markdown page must start with front matter between two "---" lines',
    hint: () => 'begin the file with ---, the fields of the page (its template: first), and another ---',
  }),
  'front-matter-open': entry({
    title: 'Front matter that never ends',
    severity: 'error',
    stops: 'write',
    message: () => 'the front matter that starts here never ends: no line below it is only ---',
    hint: () => 'end the fields of the page with a line that is only --- (a comment after it may follow a space), then write its text',
  }),
  'front-matter-ended': entry({
    title: 'A field of a Markdown page below the end of its front matter',
    severity: 'error',
    stops: 'write',
    message: (p: { field: string; end: number }) =>
      `"${p.field}:" is below the end of the front matter (the line ${p.end} that is only --- or ... ends it, even inside a value), so it would be published as text, not read as a field`,
    hint: () => 'indent the --- or ... line that is part of a value, or put that value in quotes, so the front matter ends at the --- you meant',
  }),
  'impossible-date': entry({
    title: 'A date that is not on the calendar',
    severity: 'error',
    stops: 'write',
    message: (p: { date: string; why: string }) => `${p.date} is not a real date: ${p.why}`,
    hint: () => 'write the day the page is published as YYYY-MM-DD, e.g. 2025-02-28',
  }),
  'page-rule': entry({
    title: 'A rule of the theme on a page',
    severity: 'error',
    stops: 'write',
    ...supplied,
  }),
  'rule-warning': entry({
    title: 'A warning from a rule of the theme',
    severity: 'warning',
    stops: 'nothing',
    ...supplied,
  }),
  'site-rule': entry({
    title: 'A rule of the theme on site.yaml',
    severity: 'error',
    stops: 'render',
    ...supplied,
  }),

  // ── Meaning: routes, heads, links, redirects ───────────────────────────────
  'duplicate-route': entry({
    title: 'Two files claim one route',
    severity: 'error',
    stops: 'write',
    message: (p: { first: string; route: string }) => `${p.first} already serves the route ${p.route}`,
    hint: () => 'keep one of the two files',
  }),
  'duplicate-head': entry({
    title: 'Two pages share a title or description',
    severity: 'error',
    stops: 'write',
    message: (p: { kind: 'title' | 'description'; first: string }) => `the same ${p.kind} as ${p.first}`,
    hint: () => 'every page needs its own, so search results tell them apart',
  }),
  'image-missing': entry({
    title: 'An image that is not in static/',
    severity: 'error',
    stops: 'write',
    message: (p: { path: string }) => `the image ${p.path} is not in static/`,
    hint: (p) => `put the file at static${p.path} (names with spaces and capitals are fine), or fix the path`,
  }),
  'image-unreadable': entry({
    title: 'A file named as an image that cannot be read as one',
    severity: 'error',
    stops: 'write',
    message: (p: { path: string; reason: string }) => `${p.path} cannot be read as an image (${p.reason})`,
    hint: () => 'save it again as a JPEG, PNG, WebP or AVIF photo, or name another file',
  }),
  'image-unused': entry({
    title: 'A photo under static/ that no published page uses',
    severity: 'warning',
    stops: 'nothing',
    message: (p: { path: string }) =>
      `${p.path} is a picture no published page uses, so it is left out of the site (a photo as it comes from a camera or phone carries its GPS position and other data)`,
    hint: () =>
      'name it in an image field of a page (it is then published small and without that data), link its path from a published page, or delete it; a draft’s pictures are published with the draft',
  }),
  'file-location': entry({
    title: 'A file of static/ that carries a GPS position',
    severity: 'error',
    stops: 'write',
    message: (p: { path: string; place: string }) =>
      `${p.path} carries a GPS position (in ${p.place}), which would be published with it: the build copies such a file as it is and cannot take that data out`,
    hint: () =>
      'save or export it again without location data (a scan app or phone camera has a setting for it; for a PDF, make it from a copy of the photo with location removed), or delete it',
  }),
  'image-alt-missing': entry({
    title: 'An image in Markdown without alt text',
    severity: 'error',
    stops: 'write',
    message: (p: { path: string }) => `the image ${p.path} has no alt text`,
    hint: () => 'say what it shows between the brackets: ![A red front door with a brass knocker](…)',
  }),
  'share-card': entry({
    title: 'A share card the theme draws that cannot be drawn',
    severity: 'error',
    stops: 'write',
    message: (p: { route: string }) => `the share card of ${p.route} cannot be drawn`,
    hint: () => 'the SVG the theme makes for it (shareCard in templates/index.ts) is not one sharp can draw',
  }),
  'image-too-large': entry({
    title: 'An image with more pixels than the build reads',
    severity: 'error',
    stops: 'write',
    message: (p: { path: string; width: number; height: number; limit: number }) =>
      `${p.path} is ${p.width} × ${p.height} pixels (${Math.round((p.width * p.height) / 100_000) / 10} megapixels); the most the build reads is ${p.limit}`,
    hint: () => 'export it smaller (4000 pixels wide is plenty) and name that file instead',
  }),
  'broken-link': entry({
    title: 'A link to a path that is neither a page, a file nor a redirect',
    severity: 'error',
    stops: 'write',
    message: (p: { path: string } & LinkParams) => `link to ${p.path}, which is neither a page nor a redirect`,
    hint: (p) => linkHint('add the page, add a redirect in pages/_redirects.yaml, or fix the link', p),
  }),
  'non-canonical-link': entry({
    title: 'A link that costs a redirect',
    severity: 'warning',
    stops: 'nothing',
    message: (p: { href: string; path: string } & LinkParams) => `"${p.href}" ends in a slash and costs the visitor a redirect`,
    hint: (p) => linkHint(`link ${p.path} instead`, p),
  }),
  'through-redirect': entry({
    title: 'A link that passes through a redirect',
    severity: 'warning',
    stops: 'nothing',
    message: (p: { href: string; target: string } & LinkParams) => `"${p.href}" is redirected to ${p.target}, so every visitor waits for one more round trip`,
    hint: (p) => linkHint(`link ${p.target} instead`, p),
  }),
  'orphan-page': entry({
    title: 'A page no other page links to',
    severity: 'warning',
    stops: 'nothing',
    message: () => 'no other page links to this page, so visitors and search engines will hardly find it',
    hint: () => 'link it from a related page, list it in a collection a menu or list shows, or mark it noindex: true if it is only reached another way',
  }),
  'markdown-in-text': entry({
    title: 'A Markdown link in a text field',
    severity: 'error',
    stops: 'write',
    message: (p: { link: string }) => `${p.link} would show as written, brackets and all: text fields in YAML are not Markdown`,
    hint: () => 'write the words alone and link the page from a field made for links (an href), or from the body of a Markdown page',
  }),
  placeholder: entry({
    title: 'Placeholder text that `site new` wrote is still there',
    severity: 'error',
    stops: 'write',
    message: (p: { text: string; inBody?: boolean }) =>
      `still holds the placeholder "${p.text.length > 40 ? p.text.slice(0, 39) + '…' : p.text}" that site new wrote`,
    hint: (p) => (p.inBody ? "write the page's text in its place" : 'write the real text in its place; the comment above the field says what goes there'),
  }),
  'placeholder-unknown': entry({
    title: 'A {placeholder} the theme does not know',
    severity: 'error',
    stops: 'write',
    message: (p: { name: string; known: readonly string[] }) => `{${p.name}} is not a placeholder this site fills in`,
    hint: (p) => `write one of ${p.known.map((n) => `{${n}}`).join(', ')}, or leave out the braces if the text is meant as it is`,
  }),
  'hidden-character': entry({
    title: 'An invisible character that changes what text says',
    severity: 'error',
    stops: 'write',
    message: (p: { character: string; after?: string }) =>
      `this text holds ${p.character}${p.after === undefined ? '' : p.after === '' ? ' at its start' : ` after "${p.after}"`}, which readers cannot see but which changes how the text shows or reads, or breaks the feed and sitemap made from it`,
    hint: () =>
      'delete it: retype the text around it, since it cannot be seen (it often comes with text pasted from elsewhere); direction marks belong only in right-to-left text such as Arabic or Hebrew',
  }),
  'unsafe-html': entry({
    title: 'HTML in Markdown that could run script or restyle the site',
    severity: 'error',
    stops: 'write',
    message: (p: { element: string; attribute?: string }) =>
      p.attribute
        ? `the ${p.attribute}= attribute of <${p.element}> is not allowed in Markdown: ${/^on/.test(p.attribute) ? 'it runs script' : p.attribute === 'style' ? 'it restyles the page' : 'HTML there keeps to a short list of attributes'}`
        : `<${p.element}> is not allowed in Markdown: ${UNSAFE_ELEMENTS[p.element] ?? 'HTML there keeps to a short list of elements'}`,
    hint: (p) =>
      p.attribute
        ? `remove ${p.attribute}=; write it in Markdown, which needs no attributes`
        : `remove the <${p.element}> element; write it in Markdown (headings, lists, links, images, tables), or use the elements Markdown allows such as <figure>, <table> and <details>`,
  }),
  'unsafe-url': entry({
    title: 'A URL that runs code',
    severity: 'error',
    stops: 'write',
    message: (p: { shown: string; scheme: string } & LinkParams) => `"${p.shown}": ${p.scheme}: URLs run code or hide content instead of linking`,
    hint: (p) => linkHint('use a path like /contact or an https:// address', p),
  }),
  'tel-format': entry({
    title: 'A phone link not in E.164 form',
    severity: 'error',
    stops: 'write',
    message: (p: { href: string } & LinkParams) => `phone link "${p.href}" is not in international (E.164) form`,
    hint: (p) => linkHint('write it like tel:+14165550100', p),
  }),
  'tel-number': entry({
    title: 'A phone link to a number nobody can dial',
    severity: 'error',
    stops: 'write',
    message: (p: { href: string; why: string } & LinkParams) => `phone link "${p.href}" dials no one: ${p.why}`,
    hint: (p) => linkHint('check the number digit by digit against the one the business answers', p),
  }),
  'redirect-unreachable': entry({
    title: 'A redirect that an earlier rule hides',
    severity: 'error',
    stops: 'write',
    message: (p: { index: number; earlier: string; from: string }) => `never applies: redirects[${p.index}] (${p.earlier}) already matches ${p.from}`,
    hint: () => 'the first matching rule wins; remove this one or move it up',
  }),
  'redirect-shadows-page': entry({
    title: 'A redirect and a page at one path',
    severity: 'error',
    stops: 'write',
    message: (p: { from: string; force: boolean; hidden?: { count: number; example: string } }) =>
      p.hidden
        ? `hides ${p.hidden.count} page(s) matching ${p.from}, such as ${p.hidden.example}`
        : p.force
          ? `hides the page at ${p.from}: visitors can never reach it`
          : `never applies: the page at ${p.from} is served instead`,
    hint: (p) => (p.hidden ? 'remove force, or narrow the source' : 'remove the rule, or remove the page if it has moved'),
  }),
  'redirect-loop': entry({
    title: 'Redirects that lead back to where they start',
    severity: 'error',
    stops: 'write',
    message: (p: { hops: string[] }) => `redirect loop: ${p.hops.join(' → ')}`,
    hint: () => 'one of these rules must point at a page',
  }),
  'redirect-chain': entry({
    title: 'A redirect to another redirect',
    severity: 'error',
    stops: 'write',
    message: (p: { hops: string[]; end: string }) => `redirect chain: ${[...p.hops, p.end].join(' → ')}`,
    hint: (p) => `point it straight at ${p.end}`,
  }),
  'redirect-target': entry({
    title: 'A redirect to a path that is not a page',
    severity: 'error',
    stops: 'write',
    message: (p: { target: string }) => `redirects to ${p.target}, which is not a page`,
    hint: () => 'point it at an existing page',
  }),
  'redirect-character': entry({
    title: 'A redirect with a character _redirects cannot hold',
    severity: 'error',
    stops: 'write',
    message: (p: { field: 'from' | 'to'; character: string }) =>
      `the ${p.field} of this rule holds ${p.character}, which a line of _redirects cannot hold: the CDN would split the rule there, or read a rule nobody wrote`,
    hint: () => 'write the path or address on one line, with no spaces or invisible characters; a space inside an address is written %20',
  }),
  'redirect-url': entry({
    title: 'A redirect to an address that is not a working https:// URL',
    severity: 'error',
    stops: 'write',
    message: (p: { to: string; why: 'invalid' | 'http' | 'credentials' | 'long' }) =>
      p.why === 'http'
        ? `redirects to ${p.to}, an http:// address, which Cloudflare Pages refuses in _redirects`
        : p.why === 'credentials'
          ? `redirects to ${p.to}, whose user name or password makes it read as one site while it leads to another`
          : p.why === 'long'
            ? `this rule is longer than the 2,000 characters a line of _redirects may have on Cloudflare Pages, which would ignore it`
            : `redirects to ${p.to}, which is not an address a browser can follow`,
    hint: (p) =>
      p.why === 'long'
        ? 'shorten the address, or point at a page of this site that links on'
        : p.why === 'http'
          ? 'write https:// instead'
          : 'write a path starting with "/" or a whole address like https://www.example.com/page',
  }),
  'redirect-pattern': entry({
    title: 'A redirect source that is not a pattern the CDNs read',
    severity: 'error',
    stops: 'write',
    message: (p: { error: string }) => `the source is not a pattern the CDNs can read: ${p.error}`,
    hint: () => 'use at most one "*", at the end after a "/", and each :name once as a whole segment, e.g. /blog/:year/*',
  }),
  'redirect-other-site': entry({
    title: 'A redirect to a path a browser reads as another site',
    severity: 'error',
    stops: 'write',
    message: (p: { to: string; through?: string }) =>
      p.through === undefined
        ? `redirects to ${p.to}, which a browser reads as an address on another site (a path starting with two slashes, or holding a backslash, which browsers read as a slash)`
        : `redirects to ${p.to}, which begins with part of the address the visitor asked for: anyone could send people to another site through this one, with a link to ${p.through}`,
    hint: (p: { through?: string }) =>
      p.through === undefined
        ? 'write a path with one "/" at its start and only forward slashes, or the other site\'s whole https:// address'
        : 'start the target with a fixed folder before the placeholder, e.g. /archive/:splat, or write one redirect for each old address',
  }),
  'redirect-placeholder': entry({
    title: 'A redirect target naming a part its source does not capture',
    severity: 'error',
    stops: 'write',
    message: (p: { name: string; from: string }) =>
      `the target names :${p.name}, which the source ${p.from} does not capture, so the CDN would send visitors to an address with ":${p.name}" in it`,
    hint: () => 'use only the :names the source has (and :splat for its "*"), or write the address out in full',
  }),

  // ── Templates, client code and output ──────────────────────────────────────
  bundle: entry({
    title: 'Client code or the stylesheet does not compile',
    severity: 'error',
    stops: 'render',
    ...supplied,
  }),
  theme: entry({
    title: 'The theme does not compile',
    severity: 'error',
    stops: 'render',
    ...supplied,
  }),
  'theme-load': entry({
    title: 'The theme failed while it loaded',
    severity: 'error',
    stops: 'render',
    message: (p: { error: string }) => `the theme threw while it loaded: ${p.error}`,
    hint: () =>
      'code at the top of a theme file runs once, as the build loads the theme, before any page: make it run without throwing, or move it into a function a template calls',
  }),
  render: entry({
    title: 'A template failed while rendering a page',
    severity: 'error',
    stops: 'write',
    message: (p: { template: string; error: string; at?: string; caller?: string }) => `the "${p.template}" template failed: ${p.error}`,
    hint: (p) => (p.at ? `thrown at ${p.at}${p.caller ? `, called from ${p.caller}` : ''}, with this page's data` : undefined),
  }),
  'template-type': entry({
    title: 'A template does not type-check',
    severity: 'error',
    stops: 'write',
    message: (p: { code: number; text: string }) => `${typeProblem(p.code).words}: ${p.text} (TS${p.code})`,
    hint: (p) => typeProblem(p.code).hint,
  }),
  'typescript-missing': entry({
    title: 'The templates were not type-checked',
    severity: 'warning',
    stops: 'nothing',
    message: () => 'the templates were not type-checked: the typescript package is not installed',
    hint: () =>
      'install it with `npm install --save-dev typescript` (an install without devDependencies leaves it out), or skip the check with `site check --no-types`',
  }),
  'inline-code': entry({
    title: 'Inline style or script that the Content-Security-Policy blocks',
    severity: 'error',
    stops: 'write',
    message: (p: { attribute: string }) =>
      `the rendered page has ${/^[aeiou]/.test(p.attribute) ? 'an' : 'a'} ${p.attribute}="…" attribute, which the Content-Security-Policy blocks`,
    hint: (p) =>
      p.attribute === 'style'
        ? 'use a class in the stylesheet instead; the attribute is written in a template'
        : 'attach behaviour in a client script instead; the attribute is written in a template',
  }),
  'output-clash': entry({
    title: 'Two sources write one output file',
    severity: 'error',
    stops: 'write',
    message: (p: { path: string; first?: string }) =>
      p.first ? `writes dist/${p.path}, which ${p.first} also writes` : `writes dist/${p.path}, which other files need as a folder`,
    hint: (p) => (p.first ? 'rename or remove one of them' : 'rename or remove it'),
  }),
  'editor-headers-limit': entry({
    title: 'Too many folders for the browser editor’s headers',
    severity: 'error',
    stops: 'write',
    message: (p: { folders: number; blocks: number; limit: number }) =>
      `the site has ${p.folders} folders: with the browser editor, _headers needs a block for each (${p.blocks} in all), more than the ${p.limit} Cloudflare Pages reads`,
    hint: () => 'gather pages or pictures into fewer folders, or build with --no-editor (docs/editing-online.md)',
  }),
  'editor-folder-name': entry({
    title: 'A folder the browser editor’s headers cannot name',
    severity: 'error',
    stops: 'write',
    message: (p: { path: string }) =>
      `writes into dist/${p.path}/, a folder _headers cannot name as itself (only letters, digits and - . _ ~, and not the editor's /admin/ in any case), so its pages would go out without the site's security policy`,
    hint: () => 'rename the folder, or build with --no-editor (docs/editing-online.md)',
  }),
};

/** Every code a diagnostic can have. */
export type DiagnosticCode = keyof typeof catalogue;

/** What a stage supplies for `code` to fill in its message and hint. */
export type ParamsOf<C extends DiagnosticCode> = (typeof catalogue)[C] extends CatalogueEntry<infer P> ? P : never;

/** Declares one entry; `P` comes from the message's parameter, so the hint is checked against it. */
function entry<P = void>(definition: CatalogueEntry<P>): CatalogueEntry<P> {
  return definition;
}
