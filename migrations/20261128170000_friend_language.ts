import type { Knex } from 'knex';

// Issue 45: the language a Fajr friend (who has no account) is texted in, and their calls speak, as the
// inviter chose it; null = the inviter's language. Codes are api/src/contracts/languages.contract.ts's.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('fajr_friends', (t) => {
    t.text('language').nullable().comment("The friend's language as the inviter chose it; null = the inviter's");
  });
  await knex.raw(
    "alter table fajr_friends add constraint fajr_friends_language_known check (language is null or language in ('en','ar','ur','bn','id','ms','tr','fr'))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('fajr_friends', (t) => t.dropColumn('language'));
}
