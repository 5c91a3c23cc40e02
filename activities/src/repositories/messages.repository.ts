import type { Knex } from 'knex';

/** Records a user's request to add a mosque (user null when signed out). */
export async function insertMosqueRequest(
  db: Knex,
  r: { userId: string | null; name: string; address: string },
): Promise<string> {
  const [row] = await db('mosque_requests')
    .insert({ user_id: r.userId, name: r.name, address: r.address })
    .returning('id');
  return row.id;
}

/** Records a rating and/or comments. */
export async function insertFeedback(
  db: Knex,
  f: { userId: string | null; rating: number | null; comments: string | null },
): Promise<string> {
  const [row] = await db('feedback')
    .insert({ user_id: f.userId, rating: f.rating, comments: f.comments })
    .returning('id');
  return row.id;
}

/** Records a message from the help form. */
export async function insertContactMessage(
  db: Knex,
  m: { userId: string | null; email: string; type: string; details: string },
): Promise<string> {
  const [row] = await db('contact_messages')
    .insert({ user_id: m.userId, email: m.email, type: m.type, details: m.details })
    .returning('id');
  return row.id;
}
