import { resolveZone } from '@fajr/activities/domain/timezones';
import {
  impossibleTime,
  jamaahDays,
  ruleProblem,
  startsOn,
  type DatedRule,
} from '@fajr/activities/domain/mosques/jamaah-rules';
import { addDays } from '@fajr/activities/domain/time/zone-clock';
import {
  addMosqueAdmin,
  adminMosqueIds,
  isMosqueAdmin,
  listMosqueAdmins,
  logMosqueChange,
  mosqueAuditLog,
  openMosqueClaim,
  removeMosqueAdmin,
} from '@fajr/activities/repositories/mosque-admins.repository';
import {
  deleteMosqueRule,
  mosqueJamaahAhead,
  mosquePlace,
  mosqueRules,
  saveMosqueRule,
  writeMosqueTimes,
} from '@fajr/activities/repositories/jamaah-rules.repository';
import { findUserByUsername } from '@fajr/activities/repositories/users.repository';
import type { z } from 'zod';
import type { registerMosqueBody, saveRuleBody } from '../contracts/mosque-admin.contract';
import type { ApiDeps } from '../deps';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../errors';
import { usernameOrFail } from './auth.service';
import { replanAfterTimesChanged } from './mosque-members.service';

type Deps = Pick<ApiDeps, 'db' | 'now'>;
/** What re-planning the members after a change needs (issue 46 point 4). */
type ReplanDeps = Pick<ApiDeps, 'temporal' | 'config' | 'logger'>;

/** Days before the mosque's own times run out when its admins are asked to add more. */
export const RUN_OUT_WARNING_DAYS = 14;
const NOT_ADMIN = 'Only the admins of this mosque can do that';

/** Refuses anyone but the mosque's admins; a removed admin is refused from the next request on. */
export async function adminOrFail(deps: Deps, mosqueId: string, userId: string): Promise<void> {
  if (!(await deps.db('mosques').where({ id: mosqueId }).first('id'))) throw new NotFoundError('No such mosque');
  if (!(await isMosqueAdmin(deps.db, mosqueId, userId))) throw new ForbiddenError(NOT_ADMIN);
}

const audit = (deps: Deps, mosqueId: string, userId: string, action: string, details?: object) =>
  logMosqueChange(deps.db, { mosqueId, actorUserId: userId, actor: 'admin', action, details, at: deps.now() });

/** Registers a mosque (offered to users once it has times) and makes its registrant the first admin. */
export async function registerMosque(deps: Deps, userId: string, body: z.infer<typeof registerMosqueBody>) {
  const now = deps.now();
  const taken = await deps
    .db('mosques')
    .whereRaw('lower(name) = lower(?) and lower(city_name) = lower(?)', [body.name, body.cityName])
    .first('id');
  if (taken) throw new ConflictError('This mosque is already listed: claim it instead of registering it again');
  const [mosque] = await deps
    .db('mosques')
    .insert({
      name: body.name,
      address: body.address,
      city_name: body.cityName,
      country_code: body.countryCode,
      lat: body.lat,
      lng: body.lng,
      tz_name: resolveZone(body.lat, body.lng),
      contact_phone: body.contactPhone ?? null,
      registered_by: userId,
      is_active: false,
      created_at: now,
      updated_at: now,
    })
    .returning(['id', 'name', 'tz_name as tzName']);
  await addMosqueAdmin(deps.db, mosque.id, userId, null, now);
  await audit(deps, mosque.id, userId, 'registered', { name: body.name, city: body.cityName, tz: mosque.tzName });
  return mosque as { id: string; name: string; tzName: string };
}

export async function claimMosque(deps: Deps, userId: string, mosqueId: string, note: string | null) {
  if (!(await deps.db('mosques').where({ id: mosqueId }).first('id'))) throw new NotFoundError('No such mosque');
  if (await isMosqueAdmin(deps.db, mosqueId, userId))
    throw new ConflictError('You are already an admin of this mosque');
  const id = await openMosqueClaim(deps.db, mosqueId, userId, note, deps.now());
  if (!id) throw new ConflictError('Your claim of this mosque is already waiting for an operator');
  await audit(deps, mosqueId, userId, 'claimed', { claimId: id });
  return { message: 'Claim sent: an operator will check it and tell you', claimId: id };
}

export async function myMosques(deps: Deps, userId: string) {
  const ids = await adminMosqueIds(deps.db, userId);
  return deps.db('mosques').whereIn('id', ids).orderBy('name').select('id', 'name', 'city_name as cityName');
}

export async function addCoAdmin(deps: Deps, userId: string, mosqueId: string, username: string) {
  await adminOrFail(deps, mosqueId, userId);
  const other = await findUserByUsername(deps.db, usernameOrFail(username));
  // The same answer whether or not the account exists would hide typos; an admin adds people they know.
  if (!other) throw new BadRequestError('No account has this e-mail or phone number');
  if (!(await addMosqueAdmin(deps.db, mosqueId, other.id, userId, deps.now())))
    throw new ConflictError('This account is already an admin');
  await audit(deps, mosqueId, userId, 'admin-added', { userId: other.id });
  return { message: 'Admin added' };
}

export async function removeCoAdmin(deps: Deps, userId: string, mosqueId: string, otherId: string) {
  await adminOrFail(deps, mosqueId, userId);
  const admins = await listMosqueAdmins(deps.db, mosqueId);
  if (!admins.some((a) => a.userId === otherId)) throw new NotFoundError('No such admin');
  if (admins.length === 1) throw new BadRequestError('A mosque keeps at least one admin');
  await removeMosqueAdmin(deps.db, mosqueId, otherId);
  await audit(deps, mosqueId, userId, 'admin-removed', { userId: otherId });
  return { message: 'Admin removed' };
}

/** An admin as other admins see them: their e-mail, or their number with all but its last 3 digits hidden. */
const shownAs = (email: string | null, phone: string | null) =>
  email ?? (phone ? `${'•'.repeat(Math.max(0, phone.length - 3))}${phone.slice(-3)}` : '');

export async function adminsOf(deps: Deps, userId: string, mosqueId: string) {
  await adminOrFail(deps, mosqueId, userId);
  return (await listMosqueAdmins(deps.db, mosqueId)).map((a) => ({
    userId: a.userId,
    shownAs: shownAs(a.email, a.phoneNumber),
    addedAt: a.addedAt.toISOString(),
    you: a.userId === userId,
  }));
}

export async function auditOf(deps: Deps, userId: string, mosqueId: string) {
  await adminOrFail(deps, mosqueId, userId);
  return (await mosqueAuditLog(deps.db, mosqueId)).map(({ actorEmail, actorPhone, ...e }) => ({
    ...e,
    /** Which admin, as admins see each other (null for an operator or the system). */
    by: actorEmail || actorPhone ? shownAs(actorEmail, actorPhone) : null,
    at: e.at.toISOString(),
  }));
}

/**
 * Saves a rule from its date after checking each of the next 60 days it governs against the sun: a time
 * before Fajr begins or at sunrise is refused with its date, and nothing changes.
 */
export async function saveRule(
  deps: Deps & ReplanDeps,
  userId: string,
  mosqueId: string,
  body: z.infer<typeof saveRuleBody>,
) {
  await adminOrFail(deps, mosqueId, userId);
  const problem = ruleProblem(body.rule);
  if (problem) throw new BadRequestError(problem);
  const place = (await mosquePlace(deps.db, mosqueId))!;
  const dated: DatedRule = { from: body.from, ramadan: body.ramadan, rule: body.rule };
  if (body.rule.kind === 'fixed') {
    for (let i = 0; i < 60; i++) {
      const date = addDays(body.from, i);
      const ahead = jamaahDays(place, [dated], {}, date, 1)[0]!;
      const why = ahead.jamaahAt && impossibleTime(place, date, ahead.jamaahAt);
      if (why) throw new BadRequestError(`On ${date} ${body.rule.time} is ${why}`);
    }
  }
  await saveMosqueRule(deps.db, mosqueId, dated, deps.now());
  const changed = await writeMosqueTimes(deps.db, mosqueId, deps.now());
  await replanAfterTimesChanged(deps, mosqueId, changed);
  await audit(deps, mosqueId, userId, 'rule-saved', { ...dated, changedDays: changed.length });
  return { message: 'Rule saved', changedDays: changed.length };
}

export async function deleteRule(
  deps: Deps & ReplanDeps,
  userId: string,
  mosqueId: string,
  from: string,
  ramadan: boolean,
) {
  await adminOrFail(deps, mosqueId, userId);
  if (!(await deleteMosqueRule(deps.db, mosqueId, from, ramadan)))
    throw new NotFoundError('No rule starts on that date');
  const changed = await writeMosqueTimes(deps.db, mosqueId, deps.now());
  await replanAfterTimesChanged(deps, mosqueId, changed);
  await audit(deps, mosqueId, userId, 'rule-deleted', { from, ramadan, changedDays: changed.length });
  return { message: 'Rule removed' };
}

/** The dashboard: members, the next 14 days as members will be called for them, coverage and what needs doing. */
export async function dashboardOf(deps: Deps, userId: string, mosqueId: string) {
  await adminOrFail(deps, mosqueId, userId);
  const m = await deps.db('mosques').where({ id: mosqueId }).first('id', 'name', 'address', 'city_name', 'tz_name');
  const counted = await deps.db('preferences').where({ mosque_id: mosqueId }).count({ members: '*' }).first();
  const ahead = (await mosqueJamaahAhead(deps.db, mosqueId, deps.now()))!;
  const rows = await deps.db('mosque_fajr_times').where({ mosque_id: mosqueId }).count({ n: '*' }).first();
  const attention: string[] = [];
  const today = ahead.days[0]!.date;
  const start = ahead.hasRules ? startsOn(ahead.days) : null;
  // Times that begin later (a calendar from next month): until then members are called by the fallback.
  if (start) attention.push('times-start-later');
  if (!ahead.hasRules && !Number(rows?.n)) attention.push('no-times');
  else if (ahead.hasRules && ahead.coveredUntil !== null) {
    if (ahead.coveredUntil < today) attention.push('times-run-out');
    else if (ahead.coveredUntil < addDays(today, RUN_OUT_WARNING_DAYS)) attention.push('times-run-out-soon');
  }
  return {
    id: m.id,
    name: m.name,
    address: m.address,
    cityName: m.city_name,
    tzName: m.tz_name,
    members: Number(counted?.members ?? 0),
    coveredUntil: ahead.hasRules ? ahead.coveredUntil : null,
    startsOn: start,
    next: ahead.days.slice(0, 14).map((d) => ({ date: d.date, jamaahAt: d.jamaahAt, source: d.source })),
    rules: await mosqueRules(deps.db, mosqueId),
    attention,
  };
}
