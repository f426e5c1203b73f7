// The trail from home to a nested page; the same trail feeds BreadcrumbList
// structured data (lib/jsonld.ts).
export interface Crumb {
  name: string;
  /** Absent for the current page and for levels that have no page. */
  href?: string | undefined;
}

export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav className="crumbs" aria-label="Breadcrumb">
      <ol className="wrap">
        {crumbs.map((c, i) => (
          <li key={i}>{c.href ? <a href={c.href}>{c.name}</a> : <span aria-current={i === crumbs.length - 1 ? 'page' : undefined}>{c.name}</span>}</li>
        ))}
      </ol>
    </nav>
  );
}
