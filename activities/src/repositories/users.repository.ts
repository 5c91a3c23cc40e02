import { preparedQuery, type Knex } from './db';
import { joinLiveSession } from './sessions.repository';
import type { Plan } from '../domain/entitlements';
import type { UserProfile } from '../domain/user-view';
import type { Username } from '../domain/usernames';

/** A users row as the code uses it. */
export interface UserRow {
  id: string;
  email: string | null;
  phone_number: string | null;
  password_hash: string;
  phone_verified_at: Date | null;
  /** The Premium second number and when it was proved by code. */
  second_phone_number: string | null;
  second_phone_verified_at: Date | null;
  is_app_user: boolean;
  signup_source: string;
  trial_ends_at: Date | null;
  plan: Plan | null;
  billing_customer_id: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A user with their preferences and mosque name (the shape the domain's current-user view reads). */
export type UserProfileRow = UserProfile;

/** The e-mail or phone number is already an account's. */
export class UsernameTakenError extends Error {
  override name = 'UsernameTakenError';
}

export interface NewUser {
  username: Username;
  passwordHash: string;
  isAppUser: boolean;
  trialEndsAt: Date | null;
  now: Date;
}

/**
 * Creates a user and their preferences row with the catalogue defaults (the default calculation
 * method and high-latitude rule; adhaan and call time preference from the column defaults), in one
 * transaction. Throws UsernameTakenError when the username is an account's already.
 */
export async function createUser(db: Knex, u: NewUser): Promise<UserRow> {
  try {
    return await db.transaction(async (trx) => {
      const [user] = await trx('users')
        .insert({
          email: u.username.kind === 'email' ? u.username.email : null,
          phone_number: u.username.kind === 'phone' ? u.username.phoneNumber : null,
          password_hash: u.passwordHash,
          is_app_user: u.isAppUser,
          signup_source: u.isAppUser ? 'app' : 'web',
          trial_ends_at: u.trialEndsAt,
          created_at: u.now,
          updated_at: u.now,
        })
        .returning('*');
      const method = await trx('prayer_calc_methods').where({ is_default: true }).orderBy('sort_order').first('name');
      const hlat = await trx('prayer_calc_high_lats').where({ is_default: true }).orderBy('sort_order').first('name');
      if (!method || !hlat)
        throw new Error('The catalogue has no default calculation method or high-latitude rule (run the seeds)');
      await trx('preferences').insert({
        user_id: user.id,
        prayer_calc_method: method.name,
        prayer_calc_hlat: hlat.name,
        allow_calls: true,
        updated_at: u.now,
      });
      return user as UserRow;
    });
  } catch (err) {
    const e = err as { code?: string; constraint?: string };
    if (e.code === '23505' && (e.constraint === 'users_email_uq' || e.constraint === 'users_phone_number_uq')) {
      throw new UsernameTakenError('username taken');
    }
    throw err;
  }
}

export async function findUserById(db: Knex, id: string): Promise<UserRow | undefined> {
  return db('users').where({ id }).first();
}

/** The account a normalised username belongs to. */
export async function findUserByUsername(db: Knex, username: Username): Promise<UserRow | undefined> {
  return username.kind === 'email'
    ? db('users').where({ email: username.email }).first()
    : db('users').where({ phone_number: username.phoneNumber }).first();
}

/** The columns of a user's profile: the user, their preferences and their mosque's name. */
const PROFILE_COLUMNS = [
  'u.id',
  'u.email',
  'u.phone_number',
  'u.phone_verified_at',
  'u.second_phone_number',
  'u.second_phone_verified_at',
  'u.is_app_user',
  'u.trial_ends_at',
  'u.plan',
  'u.created_at',
  'u.language',
  'u.call_language',
  'u.hijri_offset',
  'p.country_name',
  'p.country_code',
  'p.city_name',
  'p.lat',
  'p.lng',
  'p.tz_name',
  'p.prayer_calc_method',
  'p.prayer_calc_hlat',
  'p.prayer_polar_convention',
  'p.prayer_timetable_id',
  'p.mosque_id',
  'm.name as mosque_name',
  'm.tz_name as mosque_tz_name',
  'p.allow_calls',
  'p.fajr_adhaan_id',
  'p.fajr_call_time_pref',
  'p.allow_repeat_calls',
  'p.awake_check',
  'p.mosque_lead_minutes',
  'p.jamaah_change_sms',
  'p.sunrise_call',
  'p.sunrise_call_minutes',
  'p.tahajjud_call',
  'p.tahajjud_point',
  'p.tahajjud_minutes',
  'p.tahajjud_nights',
  'p.declined_place_suggestion',
];

/** Users with preferences and mosque name (left joins: a user without a preferences row still shows). */
function profiles(db: Knex) {
  return (
    db('users as u')
      .leftJoin('preferences as p', 'p.user_id', 'u.id')
      .leftJoin('mosques as m', 'm.id', 'p.mosque_id')
      // The chosen published timetable's name and last date: the settings' source line (prayer-times-source).
      .leftJoin('published_timetables as pt', 'pt.id', 'p.prayer_timetable_id')
      .select(
        'pt.authority as timetable_authority',
        'pt.city_name as timetable_city',
        'pt.zone_code as timetable_zone',
        db.raw(
          '(select max(d.local_date)::text from published_timetable_days d where d.timetable_id = pt.id) as timetable_last_date',
        ),
      )
  );
}

/** The user with preferences and mosque name. */
export async function findUserProfile(db: Knex, id: string): Promise<UserProfileRow | undefined> {
  return profiles(db)
    .where('u.id', id)
    .first(...PROFILE_COLUMNS);
}

/**
 * The profile of the user a live session token hash belongs to, with the session's id, in one round
 * trip: what `GET current-user` needs, asked once instead of session then user.
 */
export async function findUserProfileBySession(
  db: Knex,
  tokenHash: string,
  now: Date,
): Promise<(UserProfileRow & { session_id: string }) | undefined> {
  const [row] = await profileBySessionQuery(db, tokenHash, now);
  return row;
}

const profileBySessionQuery = preparedQuery<[tokenHash: string, now: Date], UserProfileRow & { session_id: string }>(
  (db, tokenHash, now) =>
    joinLiveSession(profiles(db), tokenHash, now)
      .select(...PROFILE_COLUMNS, 's.id as session_id')
      .limit(1),
);

export async function setPasswordHash(db: Knex, id: string, passwordHash: string, now: Date): Promise<void> {
  await db('users').where({ id }).update({ password_hash: passwordHash, updated_at: now });
}

/**
 * Gives an account without a verified number its phone number (E.164), unverified. False when the
 * account has a verified number already; throws UsernameTakenError when another account has it.
 */
export async function setUnverifiedPhoneNumber(db: Knex, id: string, phoneNumber: string, now: Date): Promise<boolean> {
  try {
    const n = await db('users')
      .where({ id })
      .whereNull('phone_verified_at')
      .update({ phone_number: phoneNumber, updated_at: now });
    return n > 0;
  } catch (err) {
    const e = err as { code?: string; constraint?: string };
    if (e.code === '23505' && e.constraint === 'users_phone_number_uq') throw new UsernameTakenError('username taken');
    throw err;
  }
}

/** Sets (unverified) or removes (null) the user's second number. */
export async function setSecondPhoneNumber(db: Knex, id: string, phoneNumber: string | null, now: Date): Promise<void> {
  await db('users')
    .where({ id })
    .update({ second_phone_number: phoneNumber, second_phone_verified_at: null, updated_at: now });
}

/** Records that the user proved the second number is theirs to add (the code went to it). */
export async function markSecondPhoneVerified(db: Knex, id: string, now: Date): Promise<void> {
  await db('users')
    .where({ id })
    .whereNotNull('second_phone_number')
    .update({ second_phone_verified_at: now, updated_at: now });
}

/** Records that the user proved they own their phone number. */
export async function markPhoneVerified(db: Knex, id: string, now: Date): Promise<void> {
  await db('users').where({ id }).update({ phone_verified_at: now, updated_at: now });
}

/**
 * Deletes a user's personal data: the users row (sessions, preferences, call history and checkout
 * sessions cascade; subscriptions, feedback and requests keep their rows with the user set null) and
 * their one-time codes (keyed by user id, no foreign key).
 */
export async function deleteUser(db: Knex, id: string): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('one_time_codes').where({ subject: id }).delete();
    await trx('users').where({ id }).delete();
  });
}
