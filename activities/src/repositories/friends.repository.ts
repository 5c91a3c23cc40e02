import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Knex } from './db';

/** invited: code sent, no consent yet; active: consented, called daily; stopped: they said stop; ended: the inviter's Premium ended or they were removed. */
export type FriendStatus = 'invited' | 'active' | 'stopped' | 'ended';

/** A Fajr friend as its inviter's account and the consent page know it. */
export interface Friend {
  id: string;
  inviterId: string;
  inviterName: string;
  firstName: string;
  phoneNumber: string | null;
  /** The language the inviter chose for the friend (their texts and calls); null: the inviter's. */
  language: string | null;
  status: FriendStatus;
  consentedAt: Date | null;
  cityName: string | null;
  /** The month (YYYY-MM) of the last answered / missed call once the call log is erased (a stop). */
  wokenMonth: string | null;
  missedMonth: string | null;
  createdAt: Date;
}

/** Wrong consent codes before the code is locked (the inviter can send a new one). */
export const FRIEND_CODE_MAX_WRONG = 5;
/** How long a consent code works. */
export const FRIEND_CODE_TTL_MS = 24 * 3600_000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function fromRow(r: any): Friend {
  return {
    id: r.id,
    inviterId: r.inviter_id,
    inviterName: r.inviter_name,
    firstName: r.first_name,
    phoneNumber: r.phone_number,
    language: r.language ?? null,
    status: r.status,
    consentedAt: r.consented_at,
    cityName: r.city_name,
    wokenMonth: r.woken_month ?? null,
    missedMonth: r.missed_month ?? null,
    createdAt: r.created_at,
  };
}

/** The keyed hash a consent code is kept as (never the code). */
export function friendCodeHash(secret: string, friendId: string, code: string): string {
  return createHmac('sha256', secret).update(`friend-consent:${friendId}:${code}`).digest('hex');
}

/** The signature of a friend's stop link: anyone holding the SMS may stop the calls, nobody can guess it. */
export function friendStopSignature(secret: string, friendId: string): string {
  return createHmac('sha256', secret).update(`friend-stop:${friendId}`).digest('base64url');
}

/** Whether `sig` is the stop link signature of this friend. */
export function validStopSignature(secret: string, friendId: string, sig: string): boolean {
  const want = Buffer.from(friendStopSignature(secret, friendId));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}

/**
 * Invites a friend: the row, invited, with the hash of the consent code just generated; 'limit' when
 * the inviter already has `max` invited or active friends, 'duplicate' when this number is one of them
 * (checked under a per-inviter lock, so two requests at once cannot pass the limit).
 */
export async function createFriend(
  db: Knex,
  f: {
    inviterId: string;
    inviterName: string;
    firstName: string;
    phoneNumber: string;
    /** The inviter's choice of the friend's language; null: the inviter's own. */
    language?: string | null;
    secret: string;
    code: string;
    max: number;
    now: Date;
  },
): Promise<Friend | 'limit' | 'duplicate'> {
  return db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`fajr-friends:${f.inviterId}`]);
    const current = await trx('fajr_friends')
      .where({ inviter_id: f.inviterId })
      .whereIn('status', ['invited', 'active'])
      .select('phone_number');
    if (current.some((r: { phone_number: string | null }) => r.phone_number === f.phoneNumber)) return 'duplicate';
    if (current.length >= f.max) return 'limit';
    const id = randomUUID();
    const [row] = await trx('fajr_friends')
      .insert({
        id,
        inviter_id: f.inviterId,
        inviter_name: f.inviterName,
        first_name: f.firstName,
        phone_number: f.phoneNumber,
        language: f.language ?? null,
        status: 'invited',
        code_hash: friendCodeHash(f.secret, id, f.code),
        code_expires_at: new Date(f.now.getTime() + FRIEND_CODE_TTL_MS),
        created_at: f.now,
        updated_at: f.now,
      })
      .returning('*');
    return fromRow(row);
  });
}

/** Forgets a friend whose invitation SMS could not be sent. */
export async function deleteFriend(db: Knex, id: string): Promise<void> {
  await db('fajr_friends').where({ id }).del();
}

/** The inviter's friends, oldest first. */
export async function listFriends(db: Knex, inviterId: string): Promise<Friend[]> {
  return (await db('fajr_friends').where({ inviter_id: inviterId }).orderBy('created_at')).map(fromRow);
}

export async function findFriend(db: Knex, id: string): Promise<Friend | undefined> {
  const r = await db('fajr_friends').where({ id }).first();
  return r ? fromRow(r) : undefined;
}

/** Where a friend is called for: their own city (as soon as Fajr starts) or a mosque (30 min before its jamaah). */
export type FriendPlace = { cityName: string; lat: number; lng: number; tzName: string } | { mosqueId: string };

/**
 * Checks a consent code and, when right, makes the friend active at their city or mosque (consent now).
 * 'wrong' counts a wrong guess; 'locked' after FRIEND_CODE_MAX_WRONG; 'expired' once the code is old or used.
 */
export async function consentFriend(
  db: Knex,
  f: { id: string; code: string; secret: string; place: FriendPlace; now: Date },
): Promise<'ok' | 'wrong' | 'locked' | 'expired' | 'not-found'> {
  return db.transaction(async (trx) => {
    const row = await trx('fajr_friends').where({ id: f.id }).forUpdate().first();
    if (!row || !row.phone_number) return 'not-found';
    if (!row.code_hash || !row.code_expires_at || row.code_expires_at.getTime() <= f.now.getTime()) return 'expired';
    if (row.wrong_codes >= FRIEND_CODE_MAX_WRONG) return 'locked';
    const want = Buffer.from(row.code_hash);
    const got = Buffer.from(friendCodeHash(f.secret, f.id, f.code));
    if (want.length !== got.length || !timingSafeEqual(want, got)) {
      await trx('fajr_friends').where({ id: f.id }).increment('wrong_codes', 1);
      return row.wrong_codes + 1 >= FRIEND_CODE_MAX_WRONG ? 'locked' : 'wrong';
    }
    await trx('fajr_friends')
      .where({ id: f.id })
      .update({
        status: 'active',
        consented_at: f.now,
        code_hash: null,
        code_expires_at: null,
        wrong_codes: 0,
        ...('mosqueId' in f.place
          ? { mosque_id: f.place.mosqueId, city_name: null, lat: null, lng: null, tz_name: null }
          : {
              mosque_id: null,
              city_name: f.place.cityName,
              lat: f.place.lat,
              lng: f.place.lng,
              tz_name: f.place.tzName,
            }),
        stopped_at: null,
        updated_at: f.now,
      });
    return 'ok';
  });
}

/**
 * A friend stops (a key during a call, the stop link) or their calls end (the inviter's Premium ended,
 * the inviter removed them): the number and the place are erased (their call log when their chain ends:
 * `forgetFriendCalls`, once no call of theirs is in flight); the name and status stay for the inviter's list.
 * Returns the number it had (to send a last notice) when the friend was invited or active.
 */
export async function endFriend(
  db: Knex,
  id: string,
  status: 'stopped' | 'ended',
  now: Date,
): Promise<{ phoneNumber: string | null; wasCurrent: boolean } | undefined> {
  return db.transaction(async (trx) => {
    const row = await trx('fajr_friends').where({ id }).forUpdate().first();
    if (!row) return undefined;
    const wasCurrent = row.status === 'invited' || row.status === 'active';
    await trx('fajr_friends')
      .where({ id })
      .update({
        status: wasCurrent ? status : row.status,
        phone_number: null,
        code_hash: null,
        code_expires_at: null,
        consented_at: null,
        city_name: null,
        lat: null,
        lng: null,
        tz_name: null,
        mosque_id: null,
        stopped_at: row.stopped_at ?? now,
        updated_at: now,
      });
    return { phoneNumber: row.phone_number, wasCurrent };
  });
}

/**
 * Erases a stopped or ended friend's call log (their chain has ended: no call is in flight), keeping
 * only the month (YYYY-MM) of their last answered and last missed call on the row, so the inviter
 * still sees "woken this month" after the friend stops; no day, time or number is kept.
 */
export async function forgetFriendCalls(db: Knex, friendId: string): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw(
      `update fajr_friends f set
         woken_month = coalesce(s.woken, f.woken_month), missed_month = coalesce(s.missed, f.missed_month)
       from (select to_char(max(call_date) filter (where outcome = 'answered'), 'YYYY-MM') as woken,
                    to_char(max(call_date) filter (where outcome in (${MISSED_SQL})), 'YYYY-MM') as missed
               from call_attempts where friend_id = ?) s
       where f.id = ? and (s.woken is not null or s.missed is not null)`,
      [friendId, friendId],
    );
    await trx('call_attempts').where({ friend_id: friendId }).del();
  });
}

/** Outcomes of a friend's call that count as missed (placed, not answered). */
const MISSED_SQL = "'no-answer', 'busy', 'voicemail', 'failed', 'canceled'";

/** Removes a friend from the inviter's list altogether (their call log goes with the row). */
export async function removeFriend(db: Knex, inviterId: string, id: string): Promise<boolean> {
  return (await db('fajr_friends').where({ id, inviter_id: inviterId }).del()) > 0;
}

/** Per friend of this inviter: whether a call woke them (answered) in the month from `since`, and whether one was missed. */
export async function friendCallsSince(
  db: Knex,
  inviterId: string,
  since: string,
): Promise<Map<string, { answered: boolean; missed: boolean }>> {
  const rows: { friend_id: string; answered: boolean; missed: boolean }[] = await db('call_attempts')
    .where({ user_id: inviterId, kind: 'friend' })
    .whereNotNull('friend_id')
    .where('call_date', '>=', since)
    .groupBy('friend_id')
    .select(
      'friend_id',
      db.raw("bool_or(outcome = 'answered') as answered"),
      db.raw(`bool_or(outcome in (${MISSED_SQL})) as missed`),
    );
  return new Map(rows.map((r) => [r.friend_id, { answered: r.answered, missed: r.missed }]));
}

/** Every invited or active friend at a number (an SMS reply of STOP stops them all: the number cannot say which inviter). */
export async function currentFriendIdsByPhone(db: Knex, phoneNumber: string): Promise<string[]> {
  return (
    await db('fajr_friends').where({ phone_number: phoneNumber }).whereIn('status', ['invited', 'active']).select('id')
  ).map((r: { id: string }) => r.id);
}

/** Active friends of an inviter (their chains end when the inviter's Premium does). */
export async function activeFriendIds(db: Knex, inviterId: string): Promise<string[]> {
  return (await db('fajr_friends').where({ inviter_id: inviterId }).whereIn('status', ['active']).select('id')).map(
    (r: { id: string }) => r.id,
  );
}

/** Every active friend id, in pages (the worker's reconciliation starts their chains). */
export async function listActiveFriendIds(db: Knex, afterId: string | null, limit: number): Promise<string[]> {
  const q = db('fajr_friends').where({ status: 'active' }).select('id').orderBy('id').limit(limit);
  if (afterId) q.where('id', '>', afterId);
  return (await q).map((r: { id: string }) => r.id);
}
