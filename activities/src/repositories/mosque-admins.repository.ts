import type { Knex } from 'knex';

/** Who may change a mosque, the claims to become one, and the log of what they changed (issue 46). */

export interface AuditEntry {
  id: number;
  actor: string;
  /** The acting admin's e-mail and number (null for an operator or the system). */
  actorEmail: string | null;
  actorPhone: string | null;
  action: string;
  details: Record<string, unknown>;
  at: Date;
}

export async function isMosqueAdmin(db: Knex, mosqueId: string, userId: string): Promise<boolean> {
  return Boolean(await db('mosque_admins').where({ mosque_id: mosqueId, user_id: userId }).first('user_id'));
}

export async function addMosqueAdmin(
  db: Knex,
  mosqueId: string,
  userId: string,
  addedBy: string | null,
  now: Date,
): Promise<boolean> {
  const rows = await db('mosque_admins')
    .insert({ mosque_id: mosqueId, user_id: userId, added_by: addedBy, added_at: now })
    .onConflict(['mosque_id', 'user_id'])
    .ignore()
    .returning('user_id');
  return rows.length > 0;
}

export async function removeMosqueAdmin(db: Knex, mosqueId: string, userId: string): Promise<boolean> {
  return (await db('mosque_admins').where({ mosque_id: mosqueId, user_id: userId }).delete()) > 0;
}

/** A mosque's admins as other admins see them: the account's e-mail or a number shown only in part. */
export async function listMosqueAdmins(
  db: Knex,
  mosqueId: string,
): Promise<{ userId: string; email: string | null; phoneNumber: string | null; addedAt: Date }[]> {
  return db('mosque_admins as a')
    .join('users as u', 'u.id', 'a.user_id')
    .where('a.mosque_id', mosqueId)
    .orderBy('a.added_at')
    .select('a.user_id as userId', 'u.email', 'u.phone_number as phoneNumber', 'a.added_at as addedAt');
}

/** The mosques an account keeps. */
export async function adminMosqueIds(db: Knex, userId: string): Promise<string[]> {
  return db('mosque_admins').where({ user_id: userId }).pluck('mosque_id');
}

export async function logMosqueChange(
  db: Knex,
  e: { mosqueId: string; actorUserId: string | null; actor: string; action: string; details?: object; at: Date },
): Promise<void> {
  await db('mosque_audit_log').insert({
    mosque_id: e.mosqueId,
    actor_user_id: e.actorUserId,
    actor: e.actor,
    action: e.action,
    details: JSON.stringify(e.details ?? {}),
    at: e.at,
  });
}

export async function mosqueAuditLog(db: Knex, mosqueId: string, limit = 200): Promise<AuditEntry[]> {
  return db('mosque_audit_log as l')
    .leftJoin('users as u', 'u.id', 'l.actor_user_id')
    .where('l.mosque_id', mosqueId)
    .orderBy('l.id', 'desc')
    .limit(limit)
    .select(
      'l.id',
      'l.actor',
      'l.action',
      'l.details',
      'l.at',
      'u.email as actorEmail',
      'u.phone_number as actorPhone',
    );
}

export interface MosqueClaim {
  id: string;
  mosqueId: string;
  mosqueName: string;
  userId: string;
  status: 'pending' | 'approved' | 'rejected';
  note: string | null;
  createdAt: Date;
}

/** A pending claim, or the one already pending for this account and mosque. */
export async function openMosqueClaim(db: Knex, mosqueId: string, userId: string, note: string | null, now: Date) {
  const [row] = await db('mosque_claims')
    .insert({ mosque_id: mosqueId, user_id: userId, note, created_at: now })
    .onConflict(db.raw("(mosque_id, user_id) where status = 'pending'"))
    .ignore()
    .returning('id');
  return row ? (row as { id: string }).id : null;
}

const claimColumns = [
  'c.id',
  'c.mosque_id as mosqueId',
  'm.name as mosqueName',
  'c.user_id as userId',
  'c.status',
  'c.note',
  'c.created_at as createdAt',
];

export async function listMosqueClaims(db: Knex, opts: { all?: boolean } = {}): Promise<MosqueClaim[]> {
  const q = db('mosque_claims as c').join('mosques as m', 'm.id', 'c.mosque_id').select(claimColumns);
  if (!opts.all) q.where('c.status', 'pending');
  return q.orderBy('c.created_at');
}

/** Decides a pending claim; an approved one makes the claimant an admin, in one transaction. */
export async function resolveMosqueClaim(
  db: Knex,
  id: string,
  decision: 'approved' | 'rejected',
  by: string,
  note: string | null,
  now: Date,
): Promise<MosqueClaim | null> {
  return db.transaction(async (trx) => {
    const [claim] = await trx('mosque_claims')
      .where({ id, status: 'pending' })
      .update({ status: decision, resolved_at: now, resolved_by: by, ...(note ? { note } : {}) })
      .returning(['id', 'mosque_id as mosqueId', 'user_id as userId', 'status', 'note', 'created_at as createdAt']);
    if (!claim) return null;
    if (decision === 'approved') await addMosqueAdmin(trx, claim.mosqueId, claim.userId, null, now);
    await logMosqueChange(trx, {
      mosqueId: claim.mosqueId,
      actorUserId: null,
      actor: `operator:${by}`,
      action: decision === 'approved' ? 'claim-approved' : 'claim-rejected',
      details: { claimId: id, note },
      at: now,
    });
    const { name } = await trx('mosques').where({ id: claim.mosqueId }).first('name');
    return { ...claim, mosqueName: name } as MosqueClaim;
  });
}
