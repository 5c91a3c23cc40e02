import { performance } from 'node:perf_hooks';
import { planDays, type CallPlan } from '@fajr/activities/domain/planning';
import { cityIndex, searchCities } from '@fajr/activities/domain/cities';
import { fmt, machine, runBench, summary, writeResult } from './lib';

/**
 * `npm run bench:plan`: the cost of a 365-day schedule for one user (the planner the API's schedule
 * uses) and of city search (the index behind GET /api/data/cities/:country), in process, no servers.
 */

const PLACES: { name: string; plan: CallPlan }[] = [
  {
    name: 'London, home +10 min',
    plan: {
      kind: 'home',
      offsetMinutes: 10,
      place: {
        lat: 51.5074,
        lng: -0.1278,
        tzName: 'Europe/London',
        calcMethod: 'MuslimWorldLeague',
        highLatRule: 'MiddleOfTheNight',
      },
    },
  },
  {
    name: 'Tromsø (polar), home',
    plan: {
      kind: 'home',
      offsetMinutes: 0,
      place: {
        lat: 69.6492,
        lng: 18.9553,
        tzName: 'Europe/Oslo',
        calcMethod: 'MuslimWorldLeague',
        highLatRule: 'SeventhOfTheNight',
      },
    },
  },
  {
    name: 'Jakarta, home',
    plan: {
      kind: 'home',
      offsetMinutes: 0,
      place: {
        lat: -6.2088,
        lng: 106.8456,
        tzName: 'Asia/Jakarta',
        calcMethod: 'Singapore',
        highLatRule: 'MiddleOfTheNight',
      },
    },
  },
];

function mosquePlan(): CallPlan {
  const jamaah: Record<string, string> = {};
  const start = Date.UTC(2026, 0, 1, 6, 0);
  for (let i = 0; i < 366; i += 1) {
    const d = new Date(start + i * 86_400_000);
    jamaah[d.toISOString().slice(0, 10)] = d.toISOString();
  }
  return { kind: 'mosque', mosqueId: 'bench', jamaah, place: PLACES[0]!.plan.place };
}

// Queries as people type them: prefixes of growing length, accents, other scripts, misses.
const QUERIES = [
  'l',
  'lo',
  'lon',
  'lond',
  'london',
  'man',
  'manch',
  'birm',
  'brad',
  'leic',
  'glas',
  'new',
  'new y',
  'new york',
  'par',
  'paris',
  'ber',
  'berl',
  'ist',
  'istanbul',
  'kar',
  'karachi',
  'lah',
  'lahore',
  'dha',
  'dhaka',
  'jak',
  'jakarta',
  'kua',
  'kuala',
  'cai',
  'cairo',
  'riy',
  'riyadh',
  'mec',
  'makkah',
  'med',
  'medina',
  'dub',
  'dubai',
  'tor',
  'toronto',
  'são',
  'sao paulo',
  'zür',
  'zurich',
  'montréal',
  'qu',
  'x',
  'zz',
  'qqqq',
  'al ',
  'san',
  'santa',
  'st ',
  'saint',
  'bradford',
  'blackburn',
  'dewsbury',
  'luton',
  'slough',
  'oldham',
  'preston',
  'bolton',
  'huddersfield',
  'leeds',
];
const COUNTRIES = ['any', 'any', 'any', 'GB', 'US', 'PK', 'FR'];

function time(fn: () => void, runs: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t0 = performance.now();
    fn();
    out.push(performance.now() - t0);
  }
  return out;
}

async function main() {
  const info = machine();
  const lines = [`bench:plan  ${info.date}  node ${info.node}  nproc ${info.nproc}  load ${info.loadavgAtStart}`];
  const result: Record<string, unknown> = { machine: info };

  const plans = [...PLACES, { name: 'mosque timetable', plan: mosquePlan() }];
  const schedules: Record<string, unknown> = {};
  for (const { name, plan } of plans) {
    const first = time(() => planDays(plan, '2026-01-01', 365), 1)[0]!;
    time(() => planDays(plan, '2026-01-01', 365), 20); // warm-up
    const s = summary(time(() => planDays(plan, '2026-01-01', 365), 200));
    schedules[name] = { firstMs: first, ...s };
    lines.push(
      `365-day schedule, ${name.padEnd(24)} first ${fmt(first)} ms, then p50 ${fmt(s.p50)} ms, p99 ${fmt(s.p99)} ms (n=${s.n}; target < 20 ms)`,
    );
  }
  result.schedule365 = schedules;

  // The same with the planner's day cache missing (a place no request has asked for: each run moves it by
  // 1e-5°), which is what a new city costs; Nuku'alofa keeps the date of the date line's other side.
  const cold: Record<string, unknown> = {};
  const NUKUALOFA: CallPlan = {
    kind: 'home',
    offsetMinutes: 0,
    place: {
      lat: -21.1393,
      lng: -175.2049,
      tzName: 'Pacific/Tongatapu',
      calcMethod: 'MuslimWorldLeague',
      highLatRule: 'MiddleOfTheNight',
    },
  };
  for (const { name, plan } of [...PLACES, { name: "Nuku'alofa, home", plan: NUKUALOFA }]) {
    let moved = 0;
    const newPlace = (): CallPlan => ({ ...plan, place: { ...plan.place, lat: plan.place.lat + (moved += 1) * 1e-5 } });
    time(() => planDays(newPlace(), '2026-01-01', 365), 20); // warm-up
    const s = summary(time(() => planDays(newPlace(), '2026-01-01', 365), 200));
    cold[name] = s;
    lines.push(
      `365-day schedule, new place, ${name.padEnd(22)} p50 ${fmt(s.p50)} ms, p99 ${fmt(s.p99)} ms (n=${s.n}; target < 20 ms)`,
    );
  }
  result.schedule365NewPlace = cold;

  const buildStart = performance.now();
  cityIndex();
  const buildMs = performance.now() - buildStart;
  const coldStart = performance.now();
  searchCities('lon', 'any');
  const firstQueryMs = performance.now() - coldStart;
  const queries: string[] = [];
  for (let round = 0; round < 30; round += 1) for (const q of QUERIES) queries.push(q);
  const lat: number[] = [];
  let i = 0;
  for (const q of queries) {
    const country = COUNTRIES[i++ % COUNTRIES.length]!;
    const t0 = performance.now();
    searchCities(q, country);
    lat.push(performance.now() - t0);
  }
  // The first round includes each city's first zone lookup (cached afterwards), as a fresh API process sees it.
  const firstRound = summary(lat.slice(0, QUERIES.length));
  const s = summary(lat);
  result.citySearch = { indexBuildMs: buildMs, firstQueryMs, firstRound, all: s };
  lines.push(`city index build ${fmt(buildMs, 0)} ms (once per process); first query ${fmt(firstQueryMs)} ms`);
  lines.push(
    `city search, first pass over ${QUERIES.length} distinct queries: p50 ${fmt(firstRound.p50)} ms, p99 ${fmt(firstRound.p99)} ms`,
  );
  lines.push(
    `city search, ${s.n} queries: p50 ${fmt(s.p50, 3)} ms, p99 ${fmt(s.p99)} ms, max ${fmt(s.max)} ms (target p50 < 5 ms)`,
  );
  writeResult('plan', result, lines);
}

runBench(main);
