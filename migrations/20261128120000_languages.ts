import type { Knex } from 'knex';

// Issue 45: the language a user reads (the interface, the server's messages, texts and e-mails) and the
// one their calls speak, kept on the account. Codes are api/src/contracts/languages.contract.ts's.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.text('language')
      .notNullable()
      .defaultTo('en')
      .comment(
        "The interface language (en, ar, ur, bn, id, ms, tr, fr): the web app's, the API's messages, texts and e-mails",
      );
    t.text('call_language').nullable().comment('The language the calls speak; null = the interface language');
  });
  await knex.raw(
    "alter table users add constraint users_language_known check (language in ('en','ar','ur','bn','id','ms','tr','fr'))",
  );
  await knex.raw(
    "alter table users add constraint users_call_language_known check (call_language is null or call_language in ('en','ar','ur','bn','id','ms','tr','fr'))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('call_language');
    t.dropColumn('language');
  });
}
