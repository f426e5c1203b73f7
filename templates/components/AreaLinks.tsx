// The places the business serves, grouped by region, from site.yaml. A place
// with a page links to it.
import type { AreasData } from '../blocks/service-areas.ts';
import { usePage } from './PageContext.ts';
import { Section } from './Section.tsx';
import { columns } from '../lib/grid.ts';

export function AreaLinks({ data }: { data: AreasData }) {
  const { site, route } = usePage();
  return (
    <Section heading={data.heading} intro={data.intro} id="areas">
      <div className={`areas ${columns(site.serviceAreas.length)}`}>
        {site.serviceAreas.map((group) => (
          <div key={group.name}>
            <h3>{group.name}</h3>
            <ul>
              {group.places.map((place) => (
                <li key={place.name}>
                  {place.href && place.href !== route ? <a href={place.href}>{place.name}</a> : place.name}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </Section>
  );
}
