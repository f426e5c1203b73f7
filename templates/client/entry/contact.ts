// The contact page: the emergency call event and the map, loaded on demand.
import { all, start } from '../core.ts';
import { clickToCall, lazyMap } from '../contact.ts';

start('click to call', clickToCall);
for (const map of all('[data-map]')) start('map', () => lazyMap(map));
