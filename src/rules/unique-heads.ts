// Every page needs its own title and meta description: search engines show
// them as the result, and two alike compete with each other.
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import type { SiteModel } from '../contracts/model.ts';
import type { ParsedYaml } from '../validate/yaml.ts';

interface Head {
  file: string;
  source: ParsedYaml;
  values: { field: string; value: string }[];
}

export function uniqueHeads(model: SiteModel): Diagnostic[] {
  // A second file for one route is reported as such; its head is the same for the same reason.
  const seenRoutes = new Set<string>();
  const pages = model.pages.filter((page) => !seenRoutes.has(page.route) && seenRoutes.add(page.route));
  const heads: Head[] = pages.map(({ file, source, head }) => ({
    file,
    source,
    values: [
      { field: head.titleField, value: head.title },
      { field: head.descriptionField, value: head.description },
    ],
  }));
  const out: Diagnostic[] = [];
  for (const kind of [0, 1]) {
    const first = new Map<string, string>();
    for (const head of heads) {
      const { field, value } = head.values[kind]!;
      const key = value.trim().toLowerCase().replace(/\s+/g, ' ');
      const owner = first.get(key);
      if (owner === undefined) {
        first.set(key, head.file);
        continue;
      }
      out.push(
        diagnostic(
          'duplicate-head',
          { file: head.file, ...head.source.locate([field]), path: field },
          { kind: kind === 0 ? 'title' : 'description', first: owner },
        ),
      );
    }
  }
  return out;
}
