// The en catalogue, one JSON file per namespace (../../namespaces.ts); loaded as one chunk when chosen.
import account from './account.json';
import auth from './auth.json';
import common from './common.json';
import help from './help.json';
import landing from './landing.json';
import mosques from './mosques.json';
import pages from './pages.json';
import schedule from './schedule.json';
import settings from './settings.json';
import subscriptions from './subscriptions.json';
import support from './support.json';

export default { account, auth, common, help, landing, mosques, pages, schedule, settings, subscriptions, support };
