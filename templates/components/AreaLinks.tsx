// The places the business serves, grouped by region, from site.yaml. A place
// with a page links to it.
import type { AreasData } from '../blocks/service-areas.ts';
import { usePage } from './PageContext.ts';
import { T } from './Text.tsx';
import { columns } from '../lib/grid.ts';

export function AreaLinks({ data }: { data: AreasData }) {
  const { site, route } = usePage();
  return (
    <section className="sec" id="areas">
      <div className="wrap">
        <h2>
          <T text={data.heading} />
        </h2>
        {data.intro && (
          <p className="intro">
            <T text={data.intro} />
          </p>
        )}
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
      </div>
    </section>
  );
}
