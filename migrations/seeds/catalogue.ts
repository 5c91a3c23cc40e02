import type { Knex } from 'knex';

// Names match the adhan library's CalculationMethod and HighLatitudeRule keys; the planner maps them.
export const prayerCalcMethods = [
  { name: 'MuslimWorldLeague', label: 'Muslim World League', description: 'Fajr at 18° below the horizon. A common default in Europe, the Far East and parts of the US.', is_default: true },
  { name: 'Egyptian', label: 'Egyptian General Authority of Survey', description: 'Fajr at 19.5°. Used in Africa, Syria, Iraq, Lebanon and Malaysia.', is_default: false },
  { name: 'Karachi', label: 'University of Islamic Sciences, Karachi', description: 'Fajr at 18°. Used in Pakistan, Afghanistan, Bangladesh and India.', is_default: false },
  { name: 'UmmAlQura', label: 'Umm al-Qura University, Makkah', description: 'Fajr at 18.5°. Used in the Arabian Peninsula.', is_default: false },
  { name: 'Dubai', label: 'Dubai', description: 'Fajr at 18.2°. Used in the United Arab Emirates.', is_default: false },
  { name: 'MoonsightingCommittee', label: 'Moonsighting Committee Worldwide', description: 'Fajr at 18° with seasonal adjustments for higher latitudes.', is_default: false },
  { name: 'NorthAmerica', label: 'Islamic Society of North America (ISNA)', description: 'Fajr at 15°. Used in North America.', is_default: false },
  { name: 'Kuwait', label: 'Kuwait', description: 'Fajr at 18°. Used in Kuwait.', is_default: false },
  { name: 'Qatar', label: 'Qatar', description: 'Fajr at 18°. Used in Qatar.', is_default: false },
  { name: 'Singapore', label: 'Majlis Ugama Islam Singapura', description: 'Fajr at 20°. Used in Singapore, Malaysia and Indonesia.', is_default: false },
  { name: 'Tehran', label: 'Institute of Geophysics, University of Tehran', description: 'Fajr at 17.7°. Used in Iran.', is_default: false },
  { name: 'Turkey', label: 'Diyanet İşleri Başkanlığı, Turkey', description: 'Fajr at 18°. Used in Turkey.', is_default: false },
];

export const prayerCalcHighLats = [
  { name: 'MiddleOfTheNight', label: 'Middle of the night', description: 'Where twilight never ends, Fajr is no earlier than the middle of the night (sunset to sunrise).', is_default: true },
  { name: 'SeventhOfTheNight', label: 'Seventh of the night', description: 'Fajr is no earlier than the last seventh of the night. Recommended above 48° latitude.', is_default: false },
  { name: 'TwilightAngle', label: 'Twilight angle', description: 'The night is divided by the Fajr angle divided by 60, as used by some authorities at high latitudes.', is_default: false },
];

export const adhaans = [
  // Recordings made by this project (generated tones), served by the API so previews work offline.
  { title: 'Default', audio_url: '/api/media/adhaans/default.wav' },
  { title: 'Gentle', audio_url: '/api/media/adhaans/gentle.wav' },
];

export const callTimePrefs = [
  { title: 'As soon as Fajr starts', offset_minutes: 0 },
  { title: '10 minutes after Fajr starts', offset_minutes: 10 },
  { title: '20 minutes after Fajr starts', offset_minutes: 20 },
  { title: '30 minutes after Fajr starts', offset_minutes: 30 },
  { title: '45 minutes after Fajr starts', offset_minutes: 45 },
];

/** Upserts the reference catalogue; safe to run on every start. */
export async function seedCatalogue(knex: Knex): Promise<void> {
  const withOrder = <T extends object>(rows: T[]) => rows.map((r, i) => ({ ...r, sort_order: i }));
  await knex('prayer_calc_methods').insert(withOrder(prayerCalcMethods)).onConflict('name').merge();
  await knex('prayer_calc_high_lats').insert(withOrder(prayerCalcHighLats)).onConflict('name').merge();
  await knex('adhaans').insert(withOrder(adhaans)).onConflict('title').merge();
  await knex('call_time_prefs').insert(withOrder(callTimePrefs)).onConflict('title').merge();
}
