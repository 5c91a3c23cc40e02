import knexFactory, { type Knex } from 'knex';
import * as usersAndSessions from '../20261122040000_users_and_sessions';
import * as catalogue from '../20261122040100_catalogue';
import * as preferences from '../20261122040200_preferences';
import * as calls from '../20261122040300_calls';
import * as codesAndBilling from '../20261122040400_codes_and_billing';
import * as messages from '../20261122040500_messages';
import * as localPayments from '../20261122041000_local_payments';
import * as preferencesPlaceIndex from '../20261122050000_preferences_place_index';
import * as supportChat from '../20261122060000_support_chat';
import * as callPacerCalendar from '../20261122070000_call_pacer_calendar';
import * as callPacerReservationPlanned from '../20261122073000_call_pacer_reservation_planned';
import * as preferencesPolarConvention from '../20261122080000_preferences_polar_convention';
import * as phoneSends from '../20261122081000_phone_sends';
import * as appChallenges from '../20261123010000_app_challenges';
import * as publishedTimetables from '../20261123030000_published_timetables';
import * as polarConventionBlended from '../20261123030100_polar_convention_blended';
import * as callRingThrough from '../20261123040000_call_ring_through';
import * as awakeCheck from '../20261123040100_awake_check';
import * as secondPhone from '../20261123040200_second_phone';
import * as appStores from '../20261123050000_app_stores';
import * as callerAccounts from '../20261123070000_caller_accounts';
import * as fajrFriends from '../20261123080000_fajr_friends';
import * as fajrFriendsMosqueAndMonth from '../20261124040000_fajr_friends_mosque_and_month';
import * as callArming from '../20261124050000_call_arming';
import * as localProviderQueue from '../20261125010000_local_provider_queue';
import * as declinedPlaceSuggestion from '../20261126010000_declined_place_suggestion';
import * as localPaymentInvoices from '../20261128080000_local_payment_invoices';
import * as consentBoundCodes from '../20261128090000_consent_bound_codes';
import * as rateLimitCounters from '../20261128100000_rate_limit_counters';
import * as phoneSpend from '../20261128110000_phone_spend';
import * as languages from '../20261128120000_languages';
import * as shippedTimetables from '../20261128130000_shipped_timetables';
import * as mosqueAdmins from '../20261128150000_mosque_admins';
import * as hijriOffset from '../20261128160000_hijri_offset';
import * as friendLanguage from '../20261128170000_friend_language';
import * as mosqueSearch from '../20261128180000_mosque_search';
import * as mosqueLead from '../20261128190000_mosque_lead';
import * as mosqueReminders from '../20261128200000_mosque_reminders_invitations';
import * as jamaahChangeSms from '../20261128213000_jamaah_change_sms';
import * as sunriseCall from '../20261128220000_sunrise_call';
import * as mosqueSearchText from '../20261128223000_mosque_search_text';
import * as callTimeSunrise from '../20261128230000_call_time_sunrise';
import * as tahajjudCall from '../20261128233000_tahajjud_call';
import * as mosqueSearchNearest from '../20261128234000_mosque_search_nearest';
import * as mosqueSearchWords from '../20261128235000_mosque_search_words';
import { seedCatalogue } from '../seeds/catalogue';
import { seedMosques, seedMosqueTimetables } from '../seeds/mosques';
import { seedShippedTimetables } from '../seeds/shipped-timetables';

// Migrations are listed explicitly (not discovered on disk) so they load the same way under
// tsx, jest and any bundler. Append new ones at the end, in timestamp order.
const migrations: Record<string, Knex.Migration> = {
  '20261122040000_users_and_sessions': usersAndSessions,
  '20261122040100_catalogue': catalogue,
  '20261122040200_preferences': preferences,
  '20261122040300_calls': calls,
  '20261122040400_codes_and_billing': codesAndBilling,
  '20261122040500_messages': messages,
  '20261122041000_local_payments': localPayments,
  '20261122050000_preferences_place_index': preferencesPlaceIndex,
  '20261122060000_support_chat': supportChat,
  '20261122070000_call_pacer_calendar': callPacerCalendar,
  '20261122073000_call_pacer_reservation_planned': callPacerReservationPlanned,
  '20261122080000_preferences_polar_convention': preferencesPolarConvention,
  '20261122081000_phone_sends': phoneSends,
  '20261123010000_app_challenges': appChallenges,
  '20261123030000_published_timetables': publishedTimetables,
  '20261123030100_polar_convention_blended': polarConventionBlended,
  '20261123040000_call_ring_through': callRingThrough,
  '20261123040100_awake_check': awakeCheck,
  '20261123040200_second_phone': secondPhone,
  '20261123050000_app_stores': appStores,
  '20261123070000_caller_accounts': callerAccounts,
  '20261123080000_fajr_friends': fajrFriends,
  '20261124040000_fajr_friends_mosque_and_month': fajrFriendsMosqueAndMonth,
  '20261124050000_call_arming': callArming,
  '20261125010000_local_provider_queue': localProviderQueue,
  '20261126010000_declined_place_suggestion': declinedPlaceSuggestion,
  '20261128080000_local_payment_invoices': localPaymentInvoices,
  '20261128090000_consent_bound_codes': consentBoundCodes,
  '20261128100000_rate_limit_counters': rateLimitCounters,
  '20261128110000_phone_spend': phoneSpend,
  '20261128120000_languages': languages,
  '20261128130000_shipped_timetables': shippedTimetables,
  '20261128150000_mosque_admins': mosqueAdmins,
  '20261128160000_hijri_offset': hijriOffset,
  '20261128170000_friend_language': friendLanguage,
  '20261128180000_mosque_search': mosqueSearch,
  '20261128190000_mosque_lead': mosqueLead,
  '20261128200000_mosque_reminders_invitations': mosqueReminders,
  '20261128213000_jamaah_change_sms': jamaahChangeSms,
  '20261128220000_sunrise_call': sunriseCall,
  '20261128223000_mosque_search_text': mosqueSearchText,
  '20261128230000_call_time_sunrise': callTimeSunrise,
  '20261128233000_tahajjud_call': tahajjudCall,
  '20261128234000_mosque_search_nearest': mosqueSearchNearest,
  '20261128235000_mosque_search_words': mosqueSearchWords,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name]!,
};

export const migratorConfig: Knex.MigratorConfig = { migrationSource, tableName: 'knex_migrations' };

/** Runs every pending migration. */
export async function migrateLatest(knex: Knex): Promise<void> {
  await knex.migrate.latest(migratorConfig);
}

/** Loads the reference data and the seed mosques; idempotent. */
export async function seed(knex: Knex): Promise<void> {
  await seedCatalogue(knex);
  await seedMosqueTimetables(knex);
}

/** A knex instance for a Postgres URL. */
export function createKnex(databaseUrl: string, pool: Knex.PoolConfig = { min: 0, max: 10 }): Knex {
  return knexFactory({ client: 'pg', connection: databaseUrl, pool });
}

export { seedCatalogue, seedMosques, seedMosqueTimetables, seedShippedTimetables };
export { prayerCalcMethods } from '../seeds/catalogue';
