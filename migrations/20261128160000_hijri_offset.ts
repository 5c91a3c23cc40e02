import type { Knex } from 'knex';

// Issue 45 point 4: the schedule shows the Hijri (Umm al-Qura) date beside the Gregorian; communities
// that sight the moon start their months a day or two apart, so the account keeps an adjustment (issue
// 47 dates Ramadan by it too). On the account, not the device: it is the community's, on every phone.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.smallint('hijri_offset')
      .notNullable()
      .defaultTo(0)
      .comment("Days the Hijri date is moved from Umm al-Qura's (-2..2; +1 shows the date a day later)");
  });
  await knex.raw('alter table users add constraint users_hijri_offset_range check (hijri_offset between -2 and 2)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('hijri_offset');
  });
}
