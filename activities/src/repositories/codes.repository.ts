import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * verify-second-phone: the Premium second number, sent to that number. claim-mosque: a claim to keep a
 * mosque, sent to the mosque's listed phone (subject `<userId>:<mosqueId>`, activities/src/repositories/mosque-claim-codes.repository.ts).
 */
export type CodePurpose = 'verify-phone' | 'verify-second-phone' | 'reset-password' | 'claim-mosque';

export const CODE_TTL_MS = 10 * 60_000;
export const RESEND_COOLDOWN_MS = 60_000;
export const MAX_WRONG_ATTEMPTS = 5;

/**
 * Ceilings on wrong guesses per purpose and account, over every code of the window (docs/SECURITY.md):
 * at most 10 a day (two codes' worth, so one mistyped code never holds a person back) and 20 in 30
 * days, so a year of guessing one account's codes tries at most 20 × 365 / 30 ≈ 243 of the 1,000,000
 * codes (< 0.025 %). The per-hour rate limits come first.
 */
export const WRONG_GUESS_CEILINGS = [
  { windowMs: 24 * 3600_000, max: 10 },
  { windowMs: 30 * 24 * 3600_000, max: 20 },
] as const;

/**
 * Seconds until another guess may be checked under the ceilings (0 = now): per purpose and account for
 * the verification codes (only the signed-in owner guesses those), per purpose and network for the
 * anonymous reset codes, so strangers' wrong guesses never hold back the owner's next code (issue 42).
 */
export async function wrongGuessWait(
  db: Knex,
  purpose: CodePurpose,
  by: { subject: string } | { networkKey: string },
  now: Date,
): Promise<number> {
  let wait = 0;
  for (const c of WRONG_GUESS_CEILINGS) {
    const since = new Date(now.getTime() - c.windowMs);
    const rows: { created_at: Date; attempts: number }[] =
      'subject' in by
        ? await db('one_time_codes')
            .where({ purpose, subject: by.subject })
            .where('created_at', '>', since)
            .where('attempts', '>', 0)
            .orderBy('created_at', 'desc')
            .select('created_at', 'attempts')
        : await db('wrong_code_guesses')
            .where({ purpose, network_key: by.networkKey })
            .where('created_at', '>', since)
            .orderBy('created_at', 'desc')
            .select('created_at', db.raw('1 as attempts'));
    let sum = 0;
    for (const r of rows) {
      sum += r.attempts;
      // The newest codes holding `max` wrong guesses: once the oldest of them leaves the window, there is room again.
      if (sum >= c.max) {
        wait = Math.max(wait, Math.ceil((new Date(r.created_at).getTime() + c.windowMs - now.getTime()) / 1000));
        break;
      }
    }
  }
  return wait;
}

/** Counts one wrong anonymous guess against the network it came from (the per-network ceilings). */
export async function recordWrongGuess(db: Knex, purpose: CodePurpose, networkKey: string, now: Date): Promise<void> {
  await db('wrong_code_guesses').insert({ purpose, network_key: networkKey, created_at: now });
}

/**
 * HMAC-SHA-256 of a code bound to its purpose, subject and the number or address it was sent to,
 * keyed with OTP_SECRET: what the database keeps. A code proves only its own destination (issue 42).
 */
export function hashCode(
  secret: string,
  purpose: CodePurpose,
  subject: string,
  destination: string,
  code: string,
): string {
  return createHmac('sha256', secret).update(`${purpose}:${subject}:${destination}:${code}`).digest('hex');
}

/** The keyed hash of a code's destination (or of a client network) kept beside it: never the number itself. */
export function destinationKey(secret: string, destination: string): string {
  return createHmac('sha256', secret).update(`code-destination:${destination}`).digest('hex');
}

/** Ends every live code of a subject that was sent to this destination (its number changed or was removed). */
export async function endCodesSentTo(db: Knex, subject: string, destKey: string, now: Date): Promise<void> {
  await db('one_time_codes')
    .where({ subject, destination_key: destKey })
    .whereNull('consumed_at')
    .update({ consumed_at: now });
}

/** Six random digits from the CSPRNG. */
export function generateCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** Seconds until another code may be sent for this purpose and subject (0 = now). */
export async function cooldownSecondsLeft(db: Knex, purpose: CodePurpose, subject: string, now: Date): Promise<number> {
  const row = await db('one_time_codes').where({ purpose, subject }).max({ last: 'sent_at' }).first();
  const last = row?.last ? new Date(row.last).getTime() : 0;
  const left = last + RESEND_COOLDOWN_MS - now.getTime();
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/**
 * Stores a new code's hash, ending the earlier live codes of the same purpose and subject, unless a
 * code was sent less than the cooldown ago. Rows of a subject are serialised by an advisory lock so
 * two issuers never both pass the cooldown check. Returns the new row id, or undefined in the cooldown.
 */
export async function storeCode(
  db: Knex,
  c: { purpose: CodePurpose; subject: string; codeHash: string; destinationKey: string; now: Date },
): Promise<{ id: string; expiresAt: Date } | undefined> {
  return db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`otp:${c.purpose}:${c.subject}`]);
    if ((await cooldownSecondsLeft(trx, c.purpose, c.subject, c.now)) > 0) return undefined;
    await trx('one_time_codes')
      .where({ purpose: c.purpose, subject: c.subject })
      .whereNull('consumed_at')
      .update({ consumed_at: c.now });
    const expiresAt = new Date(c.now.getTime() + CODE_TTL_MS);
    const [row] = await trx('one_time_codes')
      .insert({
        purpose: c.purpose,
        subject: c.subject,
        code_hash: c.codeHash,
        destination_key: c.destinationKey,
        max_attempts: MAX_WRONG_ATTEMPTS,
        sent_at: c.now,
        expires_at: expiresAt,
        created_at: c.now,
      })
      .returning('id');
    return { id: row.id, expiresAt };
  });
}

/** Removes a code whose delivery failed, so that a retry is not held back by the cooldown. */
export async function deleteCode(db: Knex, id: string): Promise<void> {
  await db('one_time_codes').where({ id }).delete();
}

/** Ends codes whose time is up (tidiness; checks also compare expires_at). */
export async function expireCodes(db: Knex, purpose: CodePurpose, subject: string, now: Date): Promise<void> {
  await db('one_time_codes')
    .where({ purpose, subject })
    .whereNull('consumed_at')
    .where('expires_at', '<=', now)
    .update({ consumed_at: now });
}

export type CodeCheck = 'ok' | 'wrong' | 'locked' | 'missing';

/**
 * Checks a code against the live code of a purpose and subject sent to the destination being proved
 * (a code sent elsewhere is no code for it: 'missing'). The row is locked for the check, so
 * concurrent guesses are counted one by one; the fifth wrong guess ends the code. `consume` ends the
 * code when it is right (verification, the final reset step); without it the code stays usable.
 */
export async function checkCode(
  db: Knex,
  c: { purpose: CodePurpose; subject: string; destinationKey: string; codeHash: string; consume: boolean; now: Date },
): Promise<CodeCheck> {
  return db.transaction(async (trx) => {
    const row = await trx('one_time_codes')
      .where({ purpose: c.purpose, subject: c.subject, destination_key: c.destinationKey })
      .whereNull('consumed_at')
      .where('expires_at', '>', c.now)
      .orderBy('created_at', 'desc')
      .forUpdate()
      .first('id', 'code_hash', 'attempts', 'max_attempts');
    if (!row) return 'missing';
    const expected = Buffer.from(row.code_hash, 'hex');
    const given = Buffer.from(c.codeHash, 'hex');
    if (expected.length === given.length && timingSafeEqual(expected, given)) {
      if (c.consume) await trx('one_time_codes').where({ id: row.id }).update({ consumed_at: c.now });
      return 'ok';
    }
    const attempts = row.attempts + 1;
    const locked = attempts >= row.max_attempts;
    await trx('one_time_codes')
      .where({ id: row.id })
      .update({ attempts, ...(locked ? { consumed_at: c.now } : {}) });
    return locked ? 'locked' : 'wrong';
  });
}
