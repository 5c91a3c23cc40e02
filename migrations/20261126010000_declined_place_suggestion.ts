import type { Knex } from 'knex';

// Settings offer a saved user their city's suggested method and rule (docs/PRAYER-TIMES.md "Defaults that
// follow the place"); a user who keeps their own is not asked again about the same suggestion.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('preferences', (t) => {
    t.text('declined_place_suggestion')
      .nullable()
      .comment(
        "The place suggestion the user chose to keep their settings over, as 'method/rule'; a different suggestion (the place or its default changed) is offered again",
      );
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('preferences', (t) => {
    t.dropColumn('declined_place_suggestion');
  });
}
