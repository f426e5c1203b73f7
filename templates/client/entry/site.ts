// On every page: the menu, the floating estimate button, and the campaign of
// the visit remembered for the lead form (a visitor may land on one page and
// write from another).
import { rememberCampaign } from '../attribution.ts';
import { start } from '../core.ts';
import { floatingButton } from '../float.ts';
import { menu } from '../menu.ts';

start('menu', menu);
start('floating button', floatingButton);
start('attribution', () => rememberCampaign(location.search));
