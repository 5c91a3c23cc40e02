import type { Knex } from 'knex';
import { destinationKey, storeCode } from './codes.repository';

/**
 * A code to a mosque's listed phone proves a claim to keep it (issue 46). Its subject is
 * `<userId>:<mosqueId>`, so the code is bound to the claimant *and* the mosque (a code for one mosque
 * proves nothing for another with the same phone), and its destination is the phone it went to.
 */
export const claimCodeSubject = (userId: string, mosqueId: string) => `${userId}:${mosqueId}`;

/** The claimant and mosque of a claim code's subject. */
export function claimCodeParts(subject: string): { userId: string; mosqueId: string } {
  const [userId = '', mosqueId = ''] = subject.split(':');
  return { userId, mosqueId };
}

/**
 * Codes a mosque's phone may be sent per day, by all claimants together: the phone belongs to a
 * mosque, not to the person asking, so strangers must not be able to ring or text it all day.
 */
export const CLAIM_CODES_PER_PHONE_PER_DAY = 3;
const DAY_MS = 24 * 3600_000;

/** Seconds until another claim code may go to this phone (0 = now). */
export async function claimPhoneWait(db: Knex, secret: string, phone: string, now: Date): Promise<number> {
  return claimDestinationWait(db, destinationKey(secret, phone), now);
}

async function claimDestinationWait(db: Knex, destination: string, now: Date): Promise<number> {
  const rows: { created_at: Date }[] = await db('one_time_codes')
    .where({ purpose: 'claim-mosque', destination_key: destination })
    .where('created_at', '>', new Date(now.getTime() - DAY_MS))
    .orderBy('created_at', 'desc')
    .limit(CLAIM_CODES_PER_PHONE_PER_DAY)
    .select('created_at');
  if (rows.length < CLAIM_CODES_PER_PHONE_PER_DAY) return 0;
  const oldest = new Date(rows[rows.length - 1]!.created_at).getTime();
  return Math.max(1, Math.ceil((oldest + DAY_MS - now.getTime()) / 1000));
}

/**
 * Stores a claim code (as `storeCode` does) only while the phone it goes to is under its daily codes.
 * The count and the insert are one step: an advisory lock per phone (its keyed hash) serialises every
 * claimant's request for it on any process, so codes asked for at the same moment cannot all pass a
 * count none of them has added to yet. Undefined in the claimant's resend cooldown.
 */
export async function storeClaimCode(
  db: Knex,
  c: Parameters<typeof storeCode>[1],
): Promise<Awaited<ReturnType<typeof storeCode>> | { retryAfterSeconds: number }> {
  return db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`otp:claim-mosque:phone:${c.destinationKey}`]);
    const wait = await claimDestinationWait(trx, c.destinationKey, c.now);
    if (wait > 0) return { retryAfterSeconds: wait };
    return storeCode(trx, c);
  });
}

/** A mosque's name and listed phone (phone null when it has none; undefined when no such mosque). */
export async function mosqueClaimTarget(
  db: Knex,
  mosqueId: string,
): Promise<{ name: string; phone: string | null } | undefined> {
  const row = await db('mosques').where({ id: mosqueId }).first('name', 'contact_phone');
  return row ? { name: row.name, phone: row.contact_phone ?? null } : undefined;
}
