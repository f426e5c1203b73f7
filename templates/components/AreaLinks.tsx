// The places the business serves, grouped by region: every place of the
// service-area lists (home, category and service pages) or, on a city or
// neighbourhood page (`near`), the places near it. Each place links to its page.
import type { AreasData } from '../blocks/service-areas.ts';
import { usePage } from './PageContext.ts';
import { Section } from './Section.tsx';
import { columns } from '../lib/grid.ts';
import { groupByRegion, nearbyPlaces, serviceAreaGroups } from '../lib/place-lists.ts';

export function AreaLinks({ data, near = false }: { data: AreasData; near?: boolean }) {
  const { site, route, places } = usePage();
  const groups = near ? groupByRegion(nearbyPlaces(places, route), site.regions) : serviceAreaGroups(places, site.regions);
  return (
    <Section heading={data.heading} intro={data.intro} id="areas">
      <div className={`areas ${columns(groups.length)}`}>
        {groups.map((group) => (
          <div key={group.id}>
            <h3>{group.name}</h3>
            <ul>
              {group.places.map((place) => (
                <li key={place.route}>{place.route !== route ? <a href={place.route}>{place.data.label}</a> : place.data.label}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </Section>
  );
}
