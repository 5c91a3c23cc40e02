import type { Knex } from 'knex';

// Where the sun does not rise or set (Tromsø from late November to mid-January), the chosen method
// gives no Fajr. The user's convention for those dates is stored here; the planner applies it only
// on such dates. Existing rows get AqrabBalad: below the polar circles it never applies (nothing
// changes), above them it gives a time instead of weeks without a call (docs/DECISIONS.md).
const VALUES = ['AqrabBalad', 'AqrabYaum', 'None'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('preferences', (t) => {
    t.text('prayer_polar_convention')
      .notNullable()
      .defaultTo('AqrabBalad')
      .comment(
        'Fajr on dates the method gives none (sun does not rise or set): AqrabBalad = nearest latitude where it does, AqrabYaum = nearest date where it does, None = no call',
      );
    t.check(
      `prayer_polar_convention in (${VALUES.map((v) => `'${v}'`).join(', ')})`,
      [],
      'preferences_prayer_polar_convention_check',
    );
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('preferences', (t) => {
    t.dropChecks('preferences_prayer_polar_convention_check');
    t.dropColumn('prayer_polar_convention');
  });
}
