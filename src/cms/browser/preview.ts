// The script the editor's page loads after Decap CMS (admin/preview.js): the preview of each page
// collection says, before anything is published, what the engine would refuse that the editor's own
// checks cannot see: a title or meta description another page already has (src/rules/unique-heads.ts
// compares them the same way). Under it, the fields as the editor shows them.
//
// It is sent as the text of the functions below with the site's heads written in (see
// `previewScript`), so each function must stand alone: no imports, nothing from outside but each
// other by name and what Decap CMS puts on `window` (CMS, h, createClass).

/** What the preview knows of the site: which fields make each template's head, and every page's head. */
export interface PreviewHeads {
  /** Collection name → its template's head fields: the title from the first of `title` that is filled. */
  collections: Record<string, { title: string[]; description: string }>;
  pages: { file: string; title: string; description: string }[];
}

/** The served text: the functions' sources in a scope of their own, started with the site's heads. */
export function previewScript(heads: PreviewHeads): string {
  // JSON inside a script: `<` written as \u003c, so no text of the site can close the script early.
  const data = JSON.stringify(heads).replace(/</g, '\\u003c');
  const parts = [sameText, headProblems].map((part) => part.toString());
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

/** Registers a preview for every page collection. Runs in the editor's page. */
export function registerPreviews(heads: PreviewHeads): void {
  const page = window as unknown as {
    CMS: { registerPreviewTemplate(name: string, component: unknown): void };
    h: (type: string, props: Record<string, unknown> | null, ...children: unknown[]) => unknown;
    createClass: (spec: { render(this: { props: PreviewProps }): unknown }) => unknown;
  };
  interface PreviewProps {
    entry: { get(key: string): unknown; toJS(): { data?: Record<string, unknown>; path?: string; newRecord?: boolean } };
    collection: { get(key: string): unknown };
    fieldsMetaData: unknown;
    widgetFor(name: string): unknown;
  }
  const { CMS, h, createClass } = page;
  for (const collection of Object.keys(heads.collections)) {
    const Preview = createClass({
      render() {
        const entry = this.props.entry.toJS();
        const problems = headProblems(heads, collection, entry.newRecord ? undefined : entry.path, entry.data ?? {});
        const fields = Object.keys(entry.data ?? {}).filter((name) => name !== 'template');
        return h(
          'div',
          { style: { fontFamily: 'system-ui, sans-serif', lineHeight: 1.5, padding: '0 8px' } },
          problems.length > 0
            ? h(
                'div',
                {
                  role: 'alert',
                  'data-preview-problems': '',
                  style: { border: '2px solid #b3261e', background: '#fdecea', color: '#5f1410', padding: '12px 16px', borderRadius: 6 },
                },
                h('strong', null, 'Before you publish'),
                h('ul', { style: { margin: '8px 0 0', paddingLeft: 20 } }, ...problems.map((problem) => h('li', null, problem))),
              )
            : h('p', { 'data-preview-ok': '', style: { color: '#1e5631' } }, 'No other page has this title or meta description.'),
          ...fields.map((name) => h('div', { style: { marginTop: 12 } }, this.props.widgetFor(name))),
        );
      },
    });
    CMS.registerPreviewTemplate(collection, Preview);
  }
}
