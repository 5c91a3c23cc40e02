import { parseCalendarCsv, type CalendarParse } from '@fajr/activities/domain/mosques/calendar-csv';
import { ruleOn } from '@fajr/activities/domain/mosques/jamaah-rules';
import { logMosqueChange } from '@fajr/activities/repositories/mosque-admins.repository';
import {
  mosquePlace,
  mosqueRules,
  saveCalendarDays,
  saveMosqueRule,
  writeMosqueTimes,
} from '@fajr/activities/repositories/jamaah-rules.repository';
import type { ApiDeps } from '../deps';
import { BadRequestError } from '../errors';
import { adminOrFail } from './mosque-admin.service';
import { replanAfterTimesChanged } from './mosque-members.service';

type Deps = Pick<ApiDeps, 'db' | 'now'>;

const hhmm = (iso: string | null) => (iso ? iso.slice(11, 16) : null);

/** What an upload would save, row by row, or every bad row with its line and reason; nothing is saved. */
export async function previewCalendar(deps: Deps, userId: string, mosqueId: string, csv: string, winterTime: boolean) {
  await adminOrFail(deps, mosqueId, userId);
  return shown(parseCalendarCsv(csv, (await mosquePlace(deps.db, mosqueId))!, winterTime));
}

function shown(parsed: CalendarParse) {
  return parsed.ok
    ? {
        ok: true,
        rows: parsed.days.map((d) => ({ date: d.localDate, fajrBegins: hhmm(d.fajrAt), jamaah: hhmm(d.jamaahAt)! })),
        errors: [],
      }
    : { ok: false, rows: [], errors: parsed.errors };
}

/**
 * Saves a calendar the admin previewed: all its days or, with any bad row, none (400 naming them). Its
 * dates are read by a calendar rule: one is added from the first date when another rule governs it.
 */
export async function saveCalendar(
  deps: Deps & Pick<ApiDeps, 'temporal' | 'config' | 'logger'>,
  userId: string,
  mosqueId: string,
  csv: string,
  winterTime: boolean,
) {
  await adminOrFail(deps, mosqueId, userId);
  const parsed = parseCalendarCsv(csv, (await mosquePlace(deps.db, mosqueId))!, winterTime);
  if (!parsed.ok) {
    const first = parsed.errors.slice(0, 3).map((e) => `line ${e.line}: ${e.message}`);
    throw new BadRequestError(`The calendar was not saved: ${first.join('; ')}${parsed.errors.length > 3 ? ' …' : ''}`);
  }
  const now = deps.now();
  await saveCalendarDays(deps.db, mosqueId, parsed.days);
  const from = parsed.days[0]!.localDate;
  if (ruleOn(await mosqueRules(deps.db, mosqueId), from, false)?.rule.kind !== 'calendar')
    await saveMosqueRule(deps.db, mosqueId, { from, ramadan: false, rule: { kind: 'calendar' } }, now);
  const changed = await writeMosqueTimes(deps.db, mosqueId, now);
  await replanAfterTimesChanged(deps, mosqueId, changed);
  const to = parsed.days[parsed.days.length - 1]!.localDate;
  await logMosqueChange(deps.db, {
    mosqueId,
    actorUserId: userId,
    actor: 'admin',
    action: 'calendar-uploaded',
    details: { from, to, days: parsed.days.length, winterTime, changedDays: changed.length },
    at: now,
  });
  return { message: `Calendar saved: ${parsed.days.length} days from ${from} to ${to}` };
}
