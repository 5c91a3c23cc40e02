import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DateTime } from 'luxon';
import { runOps } from '@fajr/scripts/ops/commands';
import type { Stack } from './support';

// The steps journey.e2e.test.ts takes more than once or at length: picking a city, the operator's timetable
// import, and the local phone's dev routes.

/** In the settings form: types the start of a city's name in the City box and takes the first option matching. */
export async function pickCity(page: Page, typed: string, option: RegExp): Promise<void> {
  await page.getByRole('combobox', { name: 'City' }).fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

/**
 * The operator imports the authority's table (ops CLI). Islamiska förbundet's own 2026 Stockholm rows
 * (activities/test/fixtures/official-timetables) for the coming fortnight's month-days, so the schedule of
 * whatever week this runs in has them. Returns the command's exit code.
 */
export async function importStockholmTimetable(stack: Stack, logs: string[]): Promise<number> {
  const fixture = readFileSync(
    path.join(__dirname, '../activities/test/fixtures/official-timetables/islamiska-forbundet-stockholm.csv'),
    'utf8',
  )
    .trim()
    .split('\n');
  const byMonthDay = new Map(fixture.slice(1).map((l) => [l.slice(5, 10), l.slice(11)]));
  const today = DateTime.now().setZone('Europe/Stockholm');
  const rows = Array.from({ length: 14 }, (_, i) => today.plus({ days: i - 1 })).flatMap((d) => {
    const row = byMonthDay.get(d.toFormat('MM-dd'));
    return row ? [`${d.toISODate()},${row}`] : [];
  });
  const csv = path.join(mkdtempSync(path.join(os.tmpdir(), 'fajr-e2e-')), 'published-stockholm.csv');
  writeFileSync(csv, [fixture[0], ...rows].join('\n'));
  return runOps(
    [
      'timetable',
      'import',
      '--authority',
      'Islamiska förbundet',
      '--country',
      'SE',
      '--city',
      'Stockholm',
      '--source',
      'https://www.islamiskaforbundet.se/bonetider/',
      csv,
    ],
    {
      db: stack.db.knex,
      out: () => undefined,
      err: (l) => logs.push(l),
    },
  );
}

/** Tells the local phone how the phone at `phoneNumber` answers (the dev phone's behaviours route). */
export async function setPhoneBehaviour(stack: Stack, phoneNumber: string, outcome: string): Promise<void> {
  await fetch(`${stack.baseUrl}/api/dev/phone/behaviours`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ phoneNumber, outcome }),
  });
}

/** The sid of the call ringing at `phoneNumber`, polled every 500 ms for up to `ms`; undefined if none rang. */
export async function ringingCall(stack: Stack, phoneNumber: string, ms: number): Promise<string | undefined> {
  const deadline = Date.now() + ms;
  let sid: string | undefined;
  while (!sid && Date.now() < deadline) {
    const calls = (await (await fetch(`${stack.baseUrl}/api/dev/phone/calls`)).json()) as {
      result: Array<{ sid: string; to: string; status: string }>;
    };
    sid = calls.result.find((c) => c.to === phoneNumber && c.status === 'ringing')?.sid;
    if (!sid) await new Promise((r) => setTimeout(r, 500));
  }
  return sid;
}

/** Answers the ringing call `sid` on the local phone for `durationSeconds`. */
export function answerCall(stack: Stack, sid: string | undefined, durationSeconds: number): Promise<Response> {
  return fetch(`${stack.baseUrl}/api/dev/phone/calls/${sid}/answer`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ durationSeconds }),
  });
}
