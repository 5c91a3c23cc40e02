/**
 * Fits each JAKIM e-Solat zone's reference point (migrations/seeds/jakim-zones.ts; docs/PRAYER-TIMES.md
 * "JAKIM's zones") on the zone's 2026 table alone, and measures it on 2024, which the fit never reads.
 *
 *   npx tsx scripts/src/jakim-zone-fit.ts            # every zone: the point, then 2026 and 2024 figures
 *   npx tsx scripts/src/jakim-zone-fit.ts PRK05      # one zone
 *
 * Reads migrations/seeds/data/jakim-2026.json (the fit) and
 * activities/test/fixtures/official-timetables/jakim-zones/jakim-2024.json (the test year). The rule:
 * 1. 2026 days more than 3 min from the median at the current point are the source's errors and left out
 *    (SBH09 28–31 March, SBH06 12–14 March).
 * 2. For each latitude within 0.6° of the current point (0.005° steps), the `Jakim` method's unrounded
 *    Subuh minus e-Solat's is computed for every day; the longitude only shifts them all alike (4 min a
 *    degree), so it is solved for: every day but the two extremes must stay within ±1.15 min (0.35 min of
 *    margin before the nearest minute differs by 2), and among such points the one where most Syuruk days
 *    are within a minute wins, then the larger Subuh margin (mountain zones: Subuh alone).
 * 3. A zone where no point keeps that margin takes the point of least Subuh spread, centred.
 * Each line: zone, lat, lng, how, then Subuh and Syuruk within a minute (% and largest minutes) on 2026 and
 * 2024, through the planner as a user is planned.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Coordinates, PrayerTimes } from 'adhan';
import { adhanParamsOf, authorityOf } from '@fajr/activities/domain/planning/authorities';
import { planDays } from '@fajr/activities/domain/planning';
import { JAKIM_ZONES } from '@fajr/migrations/jakim-zones';

const ROOT = path.join(__dirname, '../..');
const MOUNTAIN = new Set(['KDH07', 'PHG05', 'PHG06', 'PRK07', 'SBH06', 'SWK09']);
const HALF_WINDOW = 1.15;
const params = adhanParamsOf(authorityOf('Jakim')!);

interface Row {
  date: string;
  fajr: number;
  sunrise: number;
}

function readTables(file: string): Map<string, Row[]> {
  const f = JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as {
    firstDate: string;
    tables: { zone: string; days: string }[];
  };
  const out = new Map<string, Row[]>();
  for (const t of f.tables) {
    const rows: Row[] = [];
    for (let i = 0; i * 8 < t.days.length; i++) {
      const day = t.days.slice(i * 8, i * 8 + 8);
      if (day === '--------') continue;
      const d = new Date(`${f.firstDate}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + i);
      const m = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(2, 4));
      rows.push({ date: d.toISOString().slice(0, 10), fajr: m(day.slice(0, 4)), sunrise: m(day.slice(4, 8)) });
    }
    out.set(t.zone, rows);
  }
  return out;
}

/** The method's unrounded Subuh and Syuruk, minutes after local (UTC+8) midnight. */
function sun(lat: number, lng: number, date: string): { fajr: number; sunrise: number } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = new PrayerTimes(new Coordinates(lat, lng), new Date(y, m - 1, d), params);
  const local = (x: Date) => (((x.getTime() / 60_000 + 480) % 1440) + 1440) % 1440;
  return { fajr: local(t.fajr), sunrise: local(t.sunrise) };
}

/** Within a minute, as the planner rounds and plans a user at the point. */
function figures(lat: number, lng: number, rows: Row[]): string {
  const plan = {
    kind: 'home' as const,
    place: { lat, lng, tzName: 'Asia/Kuala_Lumpur', calcMethod: 'Jakim', highLatRule: 'MiddleOfTheNight' },
    offsetMinutes: 0,
  };
  const planned = new Map(planDays(plan, rows[0]!.date, 366).map((d) => [d.date, d]));
  const hm = (iso: string) => Number(iso.slice(11, 13)) * 60 + Number(iso.slice(14, 16));
  const out: string[] = [];
  for (const key of ['fajr', 'sunrise'] as const) {
    let within = 0;
    let max = 0;
    for (const r of rows) {
      const d = planned.get(r.date)!;
      const diff = Math.abs(hm(key === 'fajr' ? d.fajrAt! : d.sunriseAt!) - r[key]);
      if (diff <= 1) within++;
      max = Math.max(max, diff);
    }
    out.push(`${((100 * within) / rows.length).toFixed(1)} %/${max}`);
  }
  return out.join('\t');
}

function fit(zone: { code: string; lat: number; lng: number }, all: Row[]) {
  const atSeed = all.map((x) => x.fajr - sun(zone.lat, zone.lng, x.date).fajr);
  const median = [...atSeed].sort((a, b) => a - b)[Math.floor(atSeed.length / 2)]!;
  const rows = all.filter((_, i) => Math.abs(atSeed[i]! - median) <= 3);
  let best: { lat: number; shift: number; score: number } | null = null;
  let narrow: { lat: number; shift: number; width: number } | null = null;
  for (let step = -120; step <= 120; step++) {
    const lat = zone.lat + step * 0.005;
    const fajr: number[] = [];
    const sunrise: number[] = [];
    for (const x of rows) {
      const t = sun(lat, zone.lng, x.date);
      fajr.push(x.fajr - t.fajr);
      sunrise.push(x.sunrise - t.sunrise);
    }
    const sorted = [...fajr].sort((a, b) => a - b);
    const [lo, hi] = [sorted[1]!, sorted[sorted.length - 2]!];
    if (!narrow || hi - lo < narrow.width) narrow = { lat, shift: (lo + hi) / 2, width: hi - lo };
    // shift: minutes the times move later (the point moves west by shift/4 degrees).
    for (let shift = hi - HALF_WINDOW; shift <= lo + HALF_WINDOW + 1e-9; shift += 0.01) {
      const days = MOUNTAIN.has(zone.code) ? 0 : sunrise.filter((r) => Math.abs(r - shift) < 1.5).length;
      const score = days - Math.max(Math.abs(lo - shift), Math.abs(hi - shift));
      if (!best || score > best.score) best = { lat, shift, score };
    }
  }
  const chosen = best ?? narrow!;
  return {
    lat: Number(chosen.lat.toFixed(3)),
    lng: Number((zone.lng - chosen.shift / 4).toFixed(3)),
    how: best ? 'subuh-and-syuruk' : 'subuh-only',
    dropped: all.length - rows.length,
  };
}

function main() {
  const only = process.argv[2];
  const y2026 = readTables('migrations/seeds/data/jakim-2026.json');
  const y2024 = readTables('activities/test/fixtures/official-timetables/jakim-zones/jakim-2024.json');
  console.log('zone\tlat\tlng\thow\t2026 Subuh\t2026 Syuruk\t2024 Subuh\t2024 Syuruk\tdays left out of 2026');
  for (const zone of JAKIM_ZONES) {
    if (only && zone.code !== only) continue;
    const p = fit(zone, y2026.get(zone.code)!);
    const test = y2024.get(zone.code) ?? [];
    const tested = test.length >= 200 ? figures(p.lat, p.lng, test) : `(${test.length} days)\t`;
    console.log(
      `${zone.code}\t${p.lat}\t${p.lng}\t${p.how}\t${figures(p.lat, p.lng, y2026.get(zone.code)!)}\t${tested}\t${p.dropped}`,
    );
  }
}

main();
