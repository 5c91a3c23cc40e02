import type { Knex } from 'knex';
import { CALC_METHODS, DEFAULT_CALC_METHOD } from './prayer-calc-methods';

// One row per method of the catalogue (prayer-calc-methods.ts), generated from it: the planner maps the name to the
// authority's parameters. Names already stored are never renamed.
export const prayerCalcMethods = CALC_METHODS.map((m) => ({
  name: m.id,
  label: m.label,
  description: m.description,
  is_default: m.id === DEFAULT_CALC_METHOD,
}));

export const prayerCalcHighLats = [
  {
    name: 'MiddleOfTheNight',
    label: 'Middle of the night',
    description: 'Where twilight never ends, Fajr is no earlier than the middle of the night (sunset to sunrise).',
    is_default: true,
  },
  {
    name: 'SeventhOfTheNight',
    label: 'Seventh of the night',
    description:
      'Fajr is no earlier than the last seventh of the night, even where the sun sinks to the Fajr angle. Recommended where it does not in summer: above 48° latitude for an 18° Fajr, 54° for 12°.',
    is_default: false,
  },
  {
    name: 'TwilightAngle',
    label: 'Twilight angle',
    description: 'The night is divided by the Fajr angle divided by 60, as used by some authorities at high latitudes.',
    is_default: false,
  },
];

export const adhaans = [
  // Recordings made by this project (generated tones), served by the API so previews work offline.
  { title: 'Default', audio_url: '/api/media/adhaans/default.wav' },
  { title: 'Gentle', audio_url: '/api/media/adhaans/gentle.wav' },
];

export const callTimePrefs = [
  { title: 'As soon as Fajr starts', offset_minutes: 0, relative_to: 'fajr' },
  { title: '10 minutes after Fajr starts', offset_minutes: 10, relative_to: 'fajr' },
  { title: '20 minutes after Fajr starts', offset_minutes: 20, relative_to: 'fajr' },
  { title: '30 minutes after Fajr starts', offset_minutes: 30, relative_to: 'fajr' },
  { title: '45 minutes after Fajr starts', offset_minutes: 45, relative_to: 'fajr' },
  // Counted back from sunrise, the end of Fajr's time (issue 47 point 2): never before Fajr starts. Half an
  // hour to an hour: nearer leaves too little time to pray, further is before Fajr on many mornings.
  { title: '60 minutes before sunrise', offset_minutes: -60, relative_to: 'sunrise' },
  { title: '45 minutes before sunrise', offset_minutes: -45, relative_to: 'sunrise' },
  { title: '30 minutes before sunrise', offset_minutes: -30, relative_to: 'sunrise' },
];

/** Upserts the reference catalogue; safe to run on every start. */
export async function seedCatalogue(knex: Knex): Promise<void> {
  const withOrder = <T extends object>(rows: T[]) => rows.map((r, i) => ({ ...r, sort_order: i }));
  await knex('prayer_calc_methods').insert(withOrder(prayerCalcMethods)).onConflict('name').merge();
  await knex('prayer_calc_high_lats').insert(withOrder(prayerCalcHighLats)).onConflict('name').merge();
  await knex('adhaans').insert(withOrder(adhaans)).onConflict('title').merge();
  await knex('call_time_prefs').insert(withOrder(callTimePrefs)).onConflict('title').merge();
}
