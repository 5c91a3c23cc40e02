import { callerAccountsOf } from '@fajr/activities';
import { FAJR_CONTACT_NAME, fajrContactCard } from '@fajr/activities/domain/contact-card';
import type { ApiDeps } from '../deps';

type Deps = Pick<ApiDeps, 'config'>;

const NOTE =
  'Fajr calls you from these numbers to wake you for the Fajr prayer. Add this contact to your Favourites (iPhone) or star it (Android) so the calls ring through Do Not Disturb.';

/** Every number Fajr calls from (each caller account), in configuration order. */
function callerNumbers(deps: Deps): string[] {
  return [...new Set(callerAccountsOf(deps.config).map((a) => a.number))];
}

/** GET /data/fajr-contact: the contact's name and numbers (the web shows them and hands them to the native host). */
export function fajrContact(deps: Deps) {
  return { name: FAJR_CONTACT_NAME, phoneNumbers: callerNumbers(deps), vcardPath: '/api/data/fajr-contact.vcf' };
}

/** GET /data/fajr-contact.vcf: the same contact as a card a phone imports in one tap. */
export function fajrContactVcard(deps: Deps): string {
  return fajrContactCard(callerNumbers(deps), NOTE);
}
