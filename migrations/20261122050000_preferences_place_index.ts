import type { Knex } from 'knex';

// The planner counts the users due in the same minute as the one it plans (same place to a tenth
// of a degree, same method and rule) to size the arming lead. Without this index that count scanned
// every preferences row for every plan: quadratic in a big city.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create index preferences_same_place_idx on preferences
      (round(lat::numeric, 1), round(lng::numeric, 1), prayer_calc_method, prayer_calc_hlat)
      where mosque_id is null and allow_calls`);
  await knex.raw(
    "comment on index preferences_same_place_idx is 'Home users by place (0.1 degree), method and rule: the same-minute count of the call planner'",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index preferences_same_place_idx');
}
