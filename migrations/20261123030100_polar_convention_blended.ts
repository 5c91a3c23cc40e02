import type { Knex } from 'knex';

// NearestDaysBlended (docs/PRAYER-TIMES.md "Polar days"): the times of the nearest dates on which the
// sun rises and sets, moving evenly between them, so a polar-night timetable never jumps (adhan's
// AqrabBalad jumps by up to 22 minutes a day, AqrabYaum by 25 once). It becomes the default for new
// rows; stored rows keep the convention they hold (nobody's choice changes silently; docs/DECISIONS.md).
const BEFORE = ['AqrabBalad', 'AqrabYaum', 'None'];
const AFTER = ['NearestDaysBlended', ...BEFORE];
const list = (values: string[]) => values.map((v) => `'${v}'`).join(', ');

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table preferences drop constraint preferences_prayer_polar_convention_check');
  await knex.raw(
    `alter table preferences add constraint preferences_prayer_polar_convention_check check (prayer_polar_convention in (${list(AFTER)}))`,
  );
  await knex.raw(`alter table preferences alter column prayer_polar_convention set default 'NearestDaysBlended'`);
  await knex.raw(
    `comment on column preferences.prayer_polar_convention is 'Fajr on dates the method gives none (sun does not rise or set): NearestDaysBlended = moving evenly between the nearest dates where it does, AqrabBalad = nearest latitude where it does, AqrabYaum = nearest date where it does, None = no call'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('preferences')
    .where({ prayer_polar_convention: 'NearestDaysBlended' })
    .update({ prayer_polar_convention: 'AqrabBalad' });
  await knex.raw('alter table preferences drop constraint preferences_prayer_polar_convention_check');
  await knex.raw(
    `alter table preferences add constraint preferences_prayer_polar_convention_check check (prayer_polar_convention in (${list(BEFORE)}))`,
  );
  await knex.raw(`alter table preferences alter column prayer_polar_convention set default 'AqrabBalad'`);
  await knex.raw(
    `comment on column preferences.prayer_polar_convention is 'Fajr on dates the method gives none (sun does not rise or set): AqrabBalad = nearest latitude where it does, AqrabYaum = nearest date where it does, None = no call'`,
  );
}
