// The script the editor's page loads after Decap CMS (admin/preview.js): the preview of each page
// collection says, before anything is published, what the engine would refuse that the editor's own
// checks cannot see: a title or meta description another page already has (src/rules/unique-heads.ts
// compares them the same way). Under it, in `site dev`, the page as the site renders it from the form's
// values, not yet saved (or the problems that stop it, at their lines); online, the fields as the
// editor shows them.
//
// It is sent as the text of the functions below with the site's heads written in (see
// `previewScript`), so each function must stand alone: no imports, nothing from outside but each
// other by name and what Decap CMS puts on `window` (CMS, h, createClass).

/** What the preview knows of the site: which fields make each template's head, and every page's head. */
export interface PreviewHeads {
  /** Where `site dev` answers with the page a form would make; online nothing does, and the preview says so. */
  api: string;
  /** Collection name → its template's head fields: the title from the first of `title` that is filled. */
  collections: Record<string, { title: string[]; description: string }>;
  pages: { file: string; title: string; description: string }[];
}

/** The served text: the functions' sources in a scope of their own, started with the site's heads. */
export function previewScript(heads: PreviewHeads): string {
  // JSON inside a script: `<` written as \u003c, so no text of the site can close the script early.
  const data = JSON.stringify(heads).replace(/</g, '\\u003c');
  const parts = [sameText, headProblems, newFile, previewOf, headNotice, pageShown].map((part) => part.toString());
  return `(() => {\n${parts.join('\n')}\n(${registerPreviews.toString()})(${data});\n})();\n`;
}

/** The comparison unique-heads.ts makes: case and runs of spaces do not count. */
export function sameText(text: unknown): string {
  return typeof text === 'string' ? text.trim().toLowerCase().replace(/\s+/g, ' ') : '';
}

/** What another page already has among this entry's title and description, in an editor's words. */
export function headProblems(heads: PreviewHeads, collection: string, path: string | undefined, data: Record<string, unknown>): string[] {
  const fields = heads.collections[collection];
  if (!fields) return [];
  const title = fields.title.map((name) => data[name]).find((value) => typeof value === 'string' && value.trim() !== '');
  const problems: string[] = [];
  for (const [kind, value] of [
    ['title', title],
    ['meta description', data[fields.description]],
  ] as const) {
    const key = sameText(value);
    const owner = key ? heads.pages.find((page) => page.file !== path && sameText(kind === 'title' ? page.title : page.description) === key) : undefined;
    if (owner) problems.push(`Another page has this ${kind}: ${owner.file}. Search engines would show the two alike; write one of this page's own.`);
  }
  return problems;
}

/** Decap's element maker (React's createElement), as it puts it on `window`. */
type H = (type: string, props: Record<string, unknown> | null, ...children: unknown[]) => unknown;

/** What Decap gives a preview: the entry being edited, its collection, and each field's own view. */
interface PreviewProps {
  entry: { get(key: string): unknown; toJS(): { data?: Record<string, unknown>; path?: string; newRecord?: boolean } };
  collection: { get(key: string): unknown };
  fieldsMetaData: unknown;
  widgetFor(name: string): unknown;
}

/** What `site dev` answered for the form's values: the page, or the problems that stop it. */
interface Shown {
  html?: string;
  problems?: { file: string; line: number; column: number; message: string; hint?: string }[];
}

/** A preview as it runs (a React component made by Decap's createClass). */
interface PreviewThis {
  props: PreviewProps;
  state: { shown: Shown | null };
  asked?: string;
  timer?: ReturnType<typeof setTimeout>;
  ask(): void;
  setState(state: { shown: Shown }): void;
  forceUpdate(): void;
}

/** Registers a preview for every page collection. Runs in the editor's page. */
export function registerPreviews(heads: PreviewHeads): void {
  const page = window as unknown as {
    CMS: { registerPreviewTemplate(name: string, component: unknown): void };
    h: H;
    createClass: (spec: Record<string, unknown> & ThisType<PreviewThis>) => unknown;
  };
  // Whether `site dev` answers previews: online nothing does, and the fields are shown instead.
  const service = { served: true };
  for (const collection of Object.keys(heads.collections))
    page.CMS.registerPreviewTemplate(collection, page.createClass(previewOf(heads, collection, service, page.h)));
}

/** One collection's preview: the head checks, then the page `site dev` renders from the form once it rests, else the fields. */
export function previewOf(heads: PreviewHeads, collection: string, service: { served: boolean }, h: H): Record<string, unknown> & ThisType<PreviewThis> {
  return {
    getInitialState() {
      return { shown: null };
    },
    componentDidMount() {
      this.ask();
    },
    componentDidUpdate() {
      this.ask();
    },
    componentWillUnmount() {
      clearTimeout(this.timer);
    },
    /** Asks for the page once the form has rested a moment, for the form's latest values only. */
    ask() {
      const entry = this.props.entry.toJS();
      const file = entry.newRecord || !entry.path ? newFile(this.props.collection) : entry.path;
      const key = JSON.stringify([file, entry.data ?? {}]);
      if (!service.served || !file || key === this.asked) return;
      this.asked = key;
      clearTimeout(this.timer);
      this.timer = setTimeout(() => {
        fetch(heads.api, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ file, data: entry.data ?? {} }) })
          .then((response) =>
            response.ok ? (response.json() as Promise<Shown>) : ((service.served = response.status !== 404 && response.status !== 405), null),
          )
          .then((shown) => {
            if (shown && this.asked === key) this.setState({ shown });
            else if (!service.served) this.forceUpdate();
          })
          .catch(() => {});
      }, 400);
    },
    render() {
      const entry = this.props.entry.toJS();
      const problems = headProblems(heads, collection, entry.newRecord ? undefined : entry.path, entry.data ?? {});
      const fields = Object.keys(entry.data ?? {}).filter((name) => name !== 'template');
      return h(
        'div',
        { style: { fontFamily: 'system-ui, sans-serif', lineHeight: 1.5, padding: '0 8px' } },
        headNotice(h, problems),
        ...pageShown(h, this.state.shown),
        // Online (no dev server to render the page), the fields as the editor shows them.
        ...(service.served ? [] : fields.map((name) => h('div', { style: { marginTop: 12 } }, this.props.widgetFor(name)))),
      );
    },
  };
}

/** The head checks' verdict: what another page already has, or that nothing does. */
export function headNotice(h: H, problems: string[]): unknown {
  if (problems.length === 0) return h('p', { 'data-preview-ok': '', style: { color: '#1e5631' } }, 'No other page has this title or meta description.');
  return h(
    'div',
    {
      role: 'alert',
      'data-preview-problems': '',
      style: { border: '2px solid #b3261e', background: '#fdecea', color: '#5f1410', padding: '12px 16px', borderRadius: 6 },
    },
    h('strong', null, 'Before you publish'),
    h('ul', { style: { margin: '8px 0 0', paddingLeft: 20 } }, ...problems.map((problem) => h('li', null, problem))),
  );
}

/** The page as the site shows it, in a frame that runs nothing; or the problems that would stop the build, at their lines. */
export function pageShown(h: H, shown: Shown | null): unknown[] {
  if (shown?.html)
    return [
      h('p', { style: { color: '#444', margin: '12px 0 4px' } }, 'The page as the site shows it, with what you typed (not saved yet):'),
      h('iframe', {
        'data-preview-page': '',
        title: 'The page as the site shows it',
        srcDoc: shown.html,
        // Shown, not run: its scripts are left out (src/dev/admin.ts), and nothing in it may run. Of the
        // site's origin still, or its pictures would be refused (Cross-Origin-Resource-Policy: same-origin).
        sandbox: 'allow-same-origin',
        style: { width: '100%', height: '80vh', border: '1px solid #ccc', borderRadius: 6 },
      }),
    ];
  if (!shown?.problems?.length) return [];
  return [
    h(
      'div',
      {
        role: 'alert',
        'data-preview-build': '',
        style: { border: '2px solid #b3261e', background: '#fdecea', color: '#5f1410', padding: '12px 16px', borderRadius: 6, marginTop: 12 },
      },
      h('strong', null, 'The site would not build with this'),
      h(
        'ul',
        { style: { margin: '8px 0 0', paddingLeft: 20 } },
        ...shown.problems.map((p) => h('li', null, `${p.file}:${p.line}:${p.column} ${p.message}${p.hint ? `; ${p.hint}` : ''}`)),
      ),
    ),
  ];
}

/** The file a new entry of a folder collection is previewed as: any name in its folder, with its extension. */
export function newFile(collection: { get(key: string): unknown }): string | undefined {
  const folder = collection.get('folder');
  const extension = collection.get('extension') ?? 'yaml';
  return typeof folder === 'string' && folder !== '' ? `${folder.replace(/\/$/, '')}/preview-of-a-new-page.${String(extension)}` : undefined;
}
