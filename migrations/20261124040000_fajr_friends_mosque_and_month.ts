import type { Knex } from 'knex';

// Fajr friends (issue 17): a friend chooses a city or a mosque (called 30 minutes before its Fajr
// jamaah, like a user), and the inviter's "woken this month" survives the friend's stop, which erases
// their call log: only the month of their last answered and last missed call is kept, never a time.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('fajr_friends', (t) => {
    t.uuid('mosque_id')
      .nullable()
      .references('id')
      .inTable('mosques')
      .onDelete('SET NULL')
      .withKeyName('fajr_friends_mosque_id_fk')
      .comment('The mosque the friend chose instead of a city (called 30 min before its Fajr jamaah); erased on stop');
    t.text('woken_month')
      .nullable()
      .comment(
        'YYYY-MM (UTC) of the friend\'s last answered call, kept when their call log is erased (stop, end) so the inviter still sees "woken this month"; no day or time',
      );
    t.text('missed_month')
      .nullable()
      .comment("YYYY-MM (UTC) of the friend's last unanswered call, kept like woken_month");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('fajr_friends', (t) => {
    t.dropForeign(['mosque_id'], 'fajr_friends_mosque_id_fk');
    t.dropColumn('mosque_id');
    t.dropColumn('woken_month');
    t.dropColumn('missed_month');
  });
}
