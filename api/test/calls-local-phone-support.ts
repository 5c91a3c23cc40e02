import { randomUUID } from 'node:crypto';
import { nextCall, type CallPlan } from '@fajr/activities/domain/planning';
import type { ApiHarness } from '@fajr/scripts/testing/api';
import { insertTestMosque } from '@fajr/scripts/testing/mosques';
import { fajrCall, fajrCallWorkflowId, type FajrCallResult } from '@fajr/workflows';

// What calls-local-phone.int.test.ts builds its mornings from: a day's call run end to end, and a place whose
// Fajr falls on a chosen minute.

/**
 * A morning on the local phone, end to end on the dev server: the real API (status callbacks, the
 * awake-check webhook, the dev phone's routes), a worker with every activity and the real workflows,
 * and a mosque whose jamaah puts the day's call a few seconds from now, so the re-checks before each
 * dial see the same plan. Returns the day's result, its call log and the operators' attributes.
 */
export async function morningOnLocalPhone(h: ApiHarness, userId: string) {
  const jamaah = Math.ceil((Date.now() + 30 * 60_000 + 4_000) / 1000) * 1000;
  const callAt = jamaah - 30 * 60_000;
  const callDate = new Date(callAt).toISOString().slice(0, 10);
  const m = await insertTestMosque(h.db, { name: `Local phone ${randomUUID().slice(0, 6)}` }, [
    { localDate: callDate, jamaahAt: new Date(jamaah) },
  ]);
  await h.db('preferences').where({ user_id: userId }).update({ mosque_id: m.id });
  const handle = await h.temporal.workflow.start(fajrCall, {
    workflowId: fajrCallWorkflowId(userId, callDate),
    taskQueue: h.taskQueue,
    args: [{ userId, callDate, callAt: new Date(callAt).toISOString(), leadSeconds: 2 }],
  });
  const result: FajrCallResult = await handle.result();
  const desc = await handle.describe();
  const attr = (name: string) => desc.typedSearchAttributes.get({ name, type: 'KEYWORD' } as never);
  const log = await h
    .db('call_attempts')
    .where({ user_id: userId })
    .orderBy('id')
    .select('kind', 'attempt', 'outcome', 'ring_seconds', 'awake_check', 'confirmed_at');
  return { result, log, callOutcome: attr('CallOutcome'), wokenBy: attr('WokenBy') };
}

/**
 * A place (a "city" at latitude 10) whose Fajr, as the planner computes it for a Fajr friend (MWL,
 * middle of the night, as soon as Fajr starts), is exactly `target` (a whole minute): the longitude
 * moves Fajr by 4 minutes a degree, so a few Newton steps find it (halved each time they overshoot:
 * Fajr moves by whole minutes, and a full step can jump back and forth over the target's); its zone is
 * the Etc/GMT hour of that longitude, so the local date is the solar one.
 */
export function placeWithFajrAt(target: number): { cityName: string; lat: number; lng: number; tzName: string } {
  const lat = 10;
  let lng = 0;
  let degreesPerMs = 1 / 240_000;
  let lastDelta = 0;
  for (let i = 0; i < 30; i += 1) {
    const hours = Math.round(lng / 15);
    const tzName = hours === 0 ? 'Etc/GMT' : `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
    const plan: CallPlan = {
      kind: 'home',
      place: {
        lat,
        lng,
        tzName,
        calcMethod: 'MuslimWorldLeague',
        highLatRule: 'MiddleOfTheNight',
        polarConvention: 'NearestDaysBlended',
      },
      offsetMinutes: 0,
    };
    const day = nextCall(plan, new Date(target - 6 * 3600_000), null, 3);
    const delta = Date.parse(day!.callAt!) - target;
    if (delta === 0 && Date.parse(nextCall(plan, new Date(), null, 3)!.callAt!) === target)
      return { cityName: 'Fajr Now', lat, lng: Number(lng.toFixed(6)), tzName };
    if (lastDelta && Math.sign(delta) !== Math.sign(lastDelta)) degreesPerMs /= 2;
    lastDelta = delta;
    lng = ((((lng + delta * degreesPerMs + 180) % 360) + 360) % 360) - 180;
  }
  throw new Error('no place found whose Fajr is the target minute');
}
