import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@fajr/migrations/testing';
import { repoRoot } from '../src/config';
import { createLogger } from '@fajr/activities';
import { createLocalEmail } from '@fajr/activities/adapters/email/local';
import { runOps, type OpsIo } from '../src/ops/commands';

jest.setTimeout(30_000);

let db: TestDatabase;
let dir: string;
beforeAll(async () => {
  db = await createTestDatabase();
  dir = await mkdtemp(path.join(os.tmpdir(), 'fajr-ops-test-'));
});
afterAll(async () => {
  await db?.drop();
  await rm(dir, { recursive: true, force: true });
});

async function opsWith(io: Pick<OpsIo, 'email' | 'reportEmail'>, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOps(argv, { db: db.knex, out: (l) => out.push(l), err: (l) => err.push(l), ...io });
  return { code, out: out.join('\n'), err: err.join('\n') };
}
const ops = (...argv: string[]) => opsWith({}, ...argv);

async function csvFile(name: string, text: string) {
  const file = path.join(dir, name);
  await writeFile(file, text);
  return file;
}

/** A user with preferences (the default method and rule unless given). */
async function user(prefs: Record<string, unknown>) {
  const [u] = await db
    .knex('users')
    .insert({ email: `ops-${Math.random().toString(36).slice(2)}@example.com`, password_hash: 'x' })
    .returning('id');
  const [method] = await db.knex('prayer_calc_methods').where({ is_default: true }).pluck('name');
  const [hlat] = await db.knex('prayer_calc_high_lats').where({ is_default: true }).pluck('name');
  await db.knex('preferences').insert({ user_id: u.id, prayer_calc_method: method, prayer_calc_hlat: hlat, ...prefs });
  return u.id as string;
}

const ADD_LEEDS = [
  'mosque',
  'add',
  '--name',
  'Leeds Makkah Masjid',
  '--address',
  '100 Thornville Road, Leeds LS6 1JY',
  '--city',
  'Leeds',
  '--country',
  'gb',
  '--lat',
  '53.8118',
  '--lng',
  '-1.5768',
];

describe('npm run ops -- mosque', () => {
  let leedsId: string;

  it('when a mosque is added without a zone, then it is stored with the zone of its coordinates', async () => {
    const res = await ops(...ADD_LEEDS);
    expect(res.code).toBe(0);
    const row = await db.knex('mosques').where({ name: 'Leeds Makkah Masjid' }).first();
    expect(row).toMatchObject({
      city_name: 'Leeds',
      country_code: 'GB',
      tz_name: 'Europe/London',
      is_active: true,
      lat: 53.8118,
    });
    expect(res.out).toContain(row.id);
    leedsId = row.id;
  });

  it('when the same mosque is added twice, then it is refused naming the existing one', async () => {
    const res = await ops(...ADD_LEEDS);
    expect(res.code).toBe(1);
    expect(res.err).toContain(leedsId);
  });

  it.each([
    ['a latitude out of range', ['--lat', '95'], '--lat must be a number from -90 to 90'],
    ['a bad country code', ['--country', 'GBR'], '--country must be a 2-letter'],
    ['an unknown zone', ['--tz', 'Europe/Atlantis'], '--tz must be an IANA time zone'],
  ])('when add has %s, then it fails and adds nothing', async (_what, extra, message) => {
    const before = await db.knex('mosques').count('* as n');
    const res = await ops(
      'mosque',
      'add',
      '--name',
      'Other',
      '--address',
      'x',
      '--city',
      'Leeds',
      '--country',
      'GB',
      '--lat',
      '53.8',
      '--lng',
      '-1.5',
      ...extra,
    );
    expect(res.code).toBe(1);
    expect(res.err).toContain(message);
    expect(await db.knex('mosques').count('* as n')).toEqual(before);
  });

  it('when add misses options or has unknown ones, then it is a usage error', async () => {
    expect(await ops('mosque', 'add', '--name', 'X')).toMatchObject({
      code: 2,
      err: expect.stringContaining('Missing --address'),
    });
    expect((await ops('mosque', 'add', '--colour', 'green')).code).toBe(2);
  });

  it('when a timetable is imported, then every day is stored as an instant in the mosque zone', async () => {
    const file = await csvFile('leeds.csv', 'date,jamaah_time\n2026-03-28,05:45\n2026-03-29,05:45\n2026-12-01,06:30\n');
    const res = await ops('mosque', 'import-timetable', 'leeds makkah masjid', file);
    expect(res).toMatchObject({ code: 0, out: expect.stringContaining('3 new, 0 replaced') });
    const rows = await db
      .knex('mosque_fajr_times')
      .select(db.knex.raw('local_date::text as local_date'), 'jamaah_at')
      .where({ mosque_id: leedsId })
      .orderBy('local_date');
    expect(rows.map((r) => [r.local_date, r.jamaah_at.toISOString()])).toEqual([
      ['2026-03-28', '2026-03-28T05:45:00.000Z'],
      ['2026-03-29', '2026-03-29T04:45:00.000Z'],
      ['2026-12-01', '2026-12-01T06:30:00.000Z'],
    ]);
  });

  it('when a timetable is imported again, then its days are replaced (upsert)', async () => {
    const file = await csvFile('leeds2.csv', 'date,jamaah_time\n2026-12-01,06:40\n2026-12-02,06:40\n');
    expect(await ops('mosque', 'import-timetable', leedsId, file)).toMatchObject({
      code: 0,
      out: expect.stringContaining('1 new, 1 replaced'),
    });
    const dec1 = await db.knex('mosque_fajr_times').where({ mosque_id: leedsId, local_date: '2026-12-01' }).first();
    expect(dec1.jamaah_at.toISOString()).toBe('2026-12-01T06:40:00.000Z');
  });

  it('when a timetable has bad rows, then each is named with its line and nothing is imported', async () => {
    const before = await db.knex('mosque_fajr_times').where({ mosque_id: leedsId }).orderBy('local_date');
    const file = await csvFile('bad.csv', 'date,jamaah_time\n2027-01-01,06:30\n2027-01-02,6am\n2027-02-30,06:30\n');
    const res = await ops('mosque', 'import-timetable', leedsId, file);
    expect(res.code).toBe(1);
    expect(res.err).toContain('nothing was imported');
    expect(res.err).toContain('line 3: "6am" is not a time');
    expect(res.err).toContain('line 4: "2027-02-30" is not a date');
    expect(await db.knex('mosque_fajr_times').where({ mosque_id: leedsId }).orderBy('local_date')).toEqual(before);
  });

  it('when the mosque or the file does not exist, then a clear error', async () => {
    const file = await csvFile('ok.csv', 'date,jamaah_time\n2027-01-01,06:30\n');
    expect(await ops('mosque', 'import-timetable', 'No Such Mosque', file)).toMatchObject({
      code: 1,
      err: expect.stringContaining('No mosque "No Such Mosque"'),
    });
    expect(await ops('mosque', 'import-timetable', leedsId, path.join(dir, 'missing.csv'))).toMatchObject({
      code: 1,
      err: expect.stringContaining('Cannot read'),
    });
  });

  it('when a mosque moves to another zone, then its timetable keeps its local times', async () => {
    const res = await ops('mosque', 'update', leedsId, '--tz', 'America/New_York');
    expect(res.code).toBe(0);
    const dec1 = await db.knex('mosque_fajr_times').where({ mosque_id: leedsId, local_date: '2026-12-01' }).first();
    expect(dec1.jamaah_at.toISOString()).toBe('2026-12-01T11:40:00.000Z');
    expect(res.err).toContain('warning');
    // New coordinates without --tz re-derive the zone.
    expect(
      (await ops('mosque', 'update', leedsId, '--lat', '53.81', '--lng', '-1.57', '--name', 'Leeds Makkah Mosque'))
        .code,
    ).toBe(0);
    expect(await db.knex('mosques').where({ id: leedsId }).first()).toMatchObject({
      tz_name: 'Europe/London',
      name: 'Leeds Makkah Mosque',
      lat: 53.81,
    });
    const again = await db.knex('mosque_fajr_times').where({ mosque_id: leedsId, local_date: '2026-12-01' }).first();
    expect(again.jamaah_at.toISOString()).toBe('2026-12-01T06:40:00.000Z');
  });

  it("when a mosque moves to Africa/Casablanca, then its local times are read with current zone data (UTC+0 since 2026-09-20), not the database's", async () => {
    expect((await ops('mosque', 'update', leedsId, '--tz', 'Africa/Casablanca')).code).toBe(0);
    const dec1 = await db.knex('mosque_fajr_times').where({ mosque_id: leedsId, local_date: '2026-12-01' }).first();
    // 06:40 in Casablanca is 06:40 UTC (Postgres's AT TIME ZONE, still UTC+1 there, gave 05:40).
    expect(dec1.jamaah_at.toISOString()).toBe('2026-12-01T06:40:00.000Z');
    expect((await ops('mosque', 'update', leedsId, '--tz', 'Europe/London')).code).toBe(0);
    const back = await db.knex('mosque_fajr_times').where({ mosque_id: leedsId, local_date: '2026-12-01' }).first();
    expect(back.jamaah_at.toISOString()).toBe('2026-12-01T06:40:00.000Z');
  });

  it('when a mosque is deactivated, then list hides it unless --all', async () => {
    expect((await ops('mosque', 'update', 'Leeds Makkah Mosque', '--active', 'false')).code).toBe(0);
    expect((await ops('mosque', 'list')).out).not.toContain('Leeds Makkah Mosque');
    const all = await ops('mosque', 'list', '--all');
    expect(all.out).toContain('Leeds Makkah Mosque');
    expect(all.out).toContain('East London Mosque');
    expect(await ops('mosque', 'update', leedsId)).toMatchObject({
      code: 2,
      err: expect.stringContaining('Nothing to change'),
    });
  });
});

describe("npm run ops -- timetable (an authority's published timetable)", () => {
  // Islamiska förbundet's own 2026 Stockholm table (provenance in that folder's SOURCES.md).
  const STOCKHOLM = path.join(
    repoRoot,
    'activities',
    'test',
    'fixtures',
    'official-timetables',
    'islamiska-forbundet-stockholm.csv',
  );
  const IMPORT = [
    'timetable',
    'import',
    '--authority',
    'Islamiska förbundet',
    '--country',
    'se',
    '--city',
    'stockholm',
    '--source',
    'https://www.islamiskaforbundet.se/bonetider/ (2026)',
  ];

  it('when a published table is imported for a city, then the place comes from the cities list and every day is stored in its zone', async () => {
    const res = await ops(...IMPORT, STOCKHOLM);
    expect(res).toMatchObject({
      code: 0,
      out: expect.stringContaining('365 day(s) from 2026-01-01 to 2026-12-31, 365 new, 0 replaced'),
    });
    const t = await db.knex('published_timetables').first();
    expect(t).toMatchObject({
      authority: 'Islamiska förbundet',
      country_code: 'SE',
      city_name: 'Stockholm',
      tz_name: 'Europe/Stockholm',
    });
    expect(t.lat).toBeCloseTo(59.33, 1);
    const days = await db
      .knex('published_timetable_days')
      .where({ timetable_id: t.id })
      .whereIn('local_date', ['2026-01-01', '2026-06-21'])
      .orderBy('local_date');
    // 06:05 / 08:37 in winter (UTC+1), 02:21 / 03:25 at midsummer (UTC+2), as published.
    expect(days.map((d) => [d.fajr_at.toISOString(), d.sunrise_at.toISOString()])).toEqual([
      ['2026-01-01T05:05:00.000Z', '2026-01-01T07:37:00.000Z'],
      ['2026-06-21T00:21:00.000Z', '2026-06-21T01:25:00.000Z'],
    ]);
    expect((await ops('timetable', 'list')).out).toMatch(
      /Islamiska förbundet\s+Stockholm\s+SE\s+Europe\/Stockholm\s+365\s+2026-01-01\s+2026-12-31/,
    );
  });

  it('when it is imported again, then the same timetable is updated (days replaced), not duplicated', async () => {
    const file = await csvFile(
      'stockholm-fix.csv',
      'date,fajr,sunrise\n2026-01-01,06:06,08:37\n2027-01-01,06:05,08:37\n',
    );
    expect(
      await ops(...IMPORT.map((a) => (a === 'Islamiska förbundet' ? 'ISLAMISKA FÖRBUNDET' : a)), file),
    ).toMatchObject({ code: 0, out: expect.stringContaining('Updated timetable') });
    expect(Number((await db.knex('published_timetables').count('* as n'))[0]!.n)).toBe(1);
    expect(Number((await db.knex('published_timetable_days').count('* as n'))[0]!.n)).toBe(366);
  });

  it('when the city is not in the cities list, the file has bad rows, or options are missing, then nothing is imported', async () => {
    const before = await db.knex('published_timetable_days').count('* as n');
    expect(
      await ops('timetable', 'import', '--authority', 'X', '--country', 'SE', '--city', 'Atlantis', STOCKHOLM),
    ).toMatchObject({ code: 1, err: expect.stringContaining('No city "Atlantis" in SE') });
    const bad = await csvFile(
      'bad-published.csv',
      'date,fajr,sunrise\n2026-02-01,05:50,07:59\n2026-02-02,08:10,07:57\n',
    );
    expect(await ops(...IMPORT, bad)).toMatchObject({
      code: 1,
      err: expect.stringContaining('line 3: Fajr (08:10) must be before sunrise (07:57)'),
    });
    expect(await ops('timetable', 'import', '--authority', 'X', STOCKHOLM)).toMatchObject({
      code: 2,
      err: expect.stringContaining('Missing --country, --city'),
    });
    expect(
      await ops(
        'timetable',
        'import',
        '--authority',
        'X',
        '--country',
        'SE',
        '--city',
        'Kiruna',
        '--lat',
        '67.85',
        STOCKHOLM,
      ),
    ).toMatchObject({ code: 2 });
    expect(await db.knex('published_timetable_days').count('* as n')).toEqual(before);
  });

  it("when a yearless table is imported with --years and --standard-time, then it is laid on each year in that year's clock and the dates it lacks are named", async () => {
    // Rows of the Rijaset's Takvim (vaktija.ba's data, standard time); no 29 February row here.
    const takvim = await csvFile('takvim.csv', 'date,fajr,sunrise\n01-01,05:31,07:15\n03-27,03:56,05:38\n');
    const args = [
      'timetable',
      'import',
      '--authority',
      'Islamska zajednica',
      '--country',
      'BA',
      '--city',
      'Sarajevo',
      '--source',
      'vaktija.ba',
    ];
    expect(await ops(...args, '--years', '2027', takvim)).toMatchObject({
      code: 1,
      err: expect.stringContaining("give the table's times in standard time (--standard-time)"),
    });
    expect(await ops(...args, '--standard-time', takvim)).toMatchObject({
      code: 2,
      err: expect.stringContaining('--standard-time is for a yearless table'),
    });
    expect(await ops(...args, '--years', '2027-2060', '--standard-time', takvim)).toMatchObject({
      code: 2,
      err: expect.stringContaining('at most 30 years'),
    });
    const res = await ops(...args, '--years', '2027-2028', '--standard-time', takvim);
    expect(res).toMatchObject({
      code: 0,
      out: expect.stringContaining(
        '4 day(s) from 2027-01-01 to 2028-03-27, 4 new, 0 replaced; the yearless table laid on 2027–2028 (standard time, summer time added), not on 727 date(s) it has no row for: 2027-01-02,',
      ),
    });
    const t = await db.knex('published_timetables').where({ country_code: 'BA' }).first();
    const days = await db
      .knex('published_timetable_days')
      .where({ timetable_id: t.id })
      .whereIn('local_date', ['2027-03-27', '2028-03-27'])
      .orderBy('local_date');
    // 03:56 CET both years: 03:56 on the clock in 2027 (summer time from 28 March), 04:56 in 2028 (from 26 March).
    expect(days.map((d) => d.fajr_at.toISOString())).toEqual(['2027-03-27T02:56:00.000Z', '2028-03-27T02:56:00.000Z']);
  });
});

describe('npm run ops -- defaults', () => {
  it("when home-city users' saved method or rule differs from their place's default, then they are counted by country and choice: offered it, or kept their own", async () => {
    const MOSCOW = {
      country_code: 'RU',
      country_name: 'Russia',
      city_name: 'Moscow',
      lat: 55.75,
      lng: 37.62,
      tz_name: 'Europe/Moscow',
    };
    const saved = { prayer_calc_method: 'MuslimWorldLeague', prayer_calc_hlat: 'SeventhOfTheNight' };
    await user({ ...MOSCOW, ...saved });
    await user({ ...MOSCOW, ...saved, declined_place_suggestion: 'Russia/TwilightAngle' });
    // Declined an earlier suggestion: today's is a new question.
    await user({ ...MOSCOW, ...saved, declined_place_suggestion: 'Russia/SeventhOfTheNight' });
    await user({ ...MOSCOW, prayer_calc_method: 'Russia', prayer_calc_hlat: 'TwilightAngle' });
    const [mosque] = await db
      .knex('mosques')
      .insert({
        name: 'Moscow Cathedral Mosque',
        address: 'Vypolzov per. 7',
        city_name: 'Moscow',
        country_code: 'RU',
        lat: 55.779,
        lng: 37.627,
        tz_name: 'Europe/Moscow',
      })
      .returning('id');
    const mosqueUser = await user({ ...MOSCOW, ...saved, mosque_id: mosque.id });
    await user({
      country_code: 'CA',
      country_name: 'Canada',
      city_name: 'Toronto',
      lat: 43.65,
      lng: -79.38,
      tz_name: 'America/Toronto',
      prayer_calc_method: 'NorthAmerica',
      prayer_calc_hlat: 'MiddleOfTheNight',
    });

    const { code, out } = await ops('defaults', 'list');
    expect(code).toBe(0);
    expect(out).toMatch(/^country\s+saved\s+default\s+offered\s+kept$/m);
    expect(out).toMatch(/^RU\s+MuslimWorldLeague \/ SeventhOfTheNight\s+Russia \/ TwilightAngle\s+2\s+1$/m);
    expect(out).toMatch(/^CA\s+NorthAmerica \/ MiddleOfTheNight\s+MoonsightingCommittee \/ MiddleOfTheNight\s+1\s+0$/m);
    expect(out).not.toMatch(/^RU\s+Russia \/ TwilightAngle/m);
    expect((await ops('defaults', 'list', '--all')).code).toBe(2);
    // A mosque without a timetable would be in the morning reports below.
    await db.knex('users').where({ id: mosqueUser }).delete();
    await db.knex('mosques').where({ id: mosque.id }).delete();
  });
});

describe('npm run ops -- requests', () => {
  it('when requests are listed and resolved, then each ends added or rejected once', async () => {
    const [a] = await db
      .knex('mosque_requests')
      .insert({ name: 'Masjid Al-Huda', address: 'Bradford' })
      .returning('id');
    const [b] = await db.knex('mosque_requests').insert({ name: 'Not a mosque', address: '???' }).returning('id');
    const listed = await ops('requests', 'list');
    expect(listed.out).toContain(a.id);
    expect(listed.out).toContain('Masjid Al-Huda');

    const mosque = await db.knex('mosques').where({ name: 'East London Mosque' }).first();
    expect((await ops('requests', 'resolve', a.id, '--added', 'East London Mosque')).code).toBe(0);
    expect(await db.knex('mosque_requests').where({ id: a.id }).first()).toMatchObject({
      status: 'added',
      mosque_id: mosque.id,
    });
    expect((await ops('requests', 'resolve', b.id, '--rejected', 'Not a mosque')).code).toBe(0);
    expect(await db.knex('mosque_requests').where({ id: b.id }).first()).toMatchObject({
      status: 'rejected',
      resolution_note: 'Not a mosque',
    });

    expect((await ops('requests', 'list')).out).toBe('No open mosque requests.');
    expect((await ops('requests', 'list', '--all')).out).toContain('rejected');
    expect(await ops('requests', 'resolve', a.id, '--rejected', 'again')).toMatchObject({
      code: 1,
      err: expect.stringContaining('already resolved'),
    });
  });

  it('when resolve is given both or neither outcome, or an unknown request, then it fails', async () => {
    const [r] = await db.knex('mosque_requests').insert({ name: 'X', address: 'Y' }).returning('id');
    expect((await ops('requests', 'resolve', r.id)).code).toBe(2);
    expect((await ops('requests', 'resolve', r.id, '--added', 'East London Mosque', '--rejected', 'no')).code).toBe(2);
    expect(await ops('requests', 'resolve', '00000000-0000-4000-8000-000000000000', '--rejected', 'no')).toMatchObject({
      code: 1,
      err: expect.stringContaining('No mosque request'),
    });
    expect(await ops('requests', 'resolve', r.id, '--added', 'Nowhere Mosque')).toMatchObject({
      code: 1,
      err: expect.stringContaining('No mosque'),
    });
    expect((await db.knex('mosque_requests').where({ id: r.id }).first()).status).toBe('open');
  });
});

describe('npm run ops -- --help', () => {
  it('prints the usage; an unknown command is a usage error', async () => {
    expect(await ops('--help')).toMatchObject({ code: 0, out: expect.stringContaining('mosque import-timetable') });
    expect(await ops('mosque', 'destroy')).toMatchObject({
      code: 2,
      err: expect.stringContaining('Unknown command: mosque destroy'),
    });
  });
});

describe('the npm run ops entry point', () => {
  const run = (args: string[], env: Record<string, string> = {}) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [
          path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
          path.join(repoRoot, 'scripts', 'src', 'ops.ts'),
          ...args,
        ],
        { env: { ...process.env, DATABASE_URL: db.url, ...env }, cwd: repoRoot },
        (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
      );
    });

  it("reads DATABASE_URL, prints to stdout and exits with the command's code", async () => {
    const list = await run(['mosque', 'list']);
    expect(list).toMatchObject({ code: 0, stdout: expect.stringContaining('East London Mosque') });
    const bad = await run(['requests', 'resolve', 'nope', '--rejected', 'x']);
    expect(bad).toMatchObject({ code: 1, stderr: expect.stringContaining('No mosque request nope') });
  });

  it('with OPS_REPORT_EMAIL, e-mails the morning report through the configured provider', async () => {
    // OPS_REPORT_EMAIL: the morning report goes out through the configured e-mail provider (local: the outbox).
    const mailed = await run(['morning', '--date', '2026-10-01'], {
      OPS_REPORT_EMAIL: 'entry-point@example.com',
      EMAIL_PROVIDER: 'local',
    });
    expect(mailed).toMatchObject({ code: 0, stdout: expect.stringContaining('E-mailed to entry-point@example.com.') });
    expect(await db.knex('local_outbox').where({ recipient: 'entry-point@example.com' }).pluck('subject')).toEqual([
      'Fajr morning 2026-10-01: no calls planned',
    ]);
  });
});

describe('npm run ops -- morning', () => {
  const date = '2026-11-20';
  const at = (hhmmss: string) => new Date(`${date}T${hhmmss}Z`);
  const attempt = (userId: string, n: number, planned: string, placed: string | null, outcome: string) => ({
    attempt_key: `fajr-call:${userId}:${date}#${n}`,
    user_id: userId,
    kind: n === 1 ? 'fajr' : 'repeat',
    call_date: date,
    workflow_id: `fajr-call:${userId}:${date}`,
    attempt: n,
    planned_at: at(planned),
    placed_at: placed ? at(placed) : null,
    outcome,
    provider: 'local',
    provider_call_id: placed ? `CA${Math.random().toString(16).slice(2)}` : null,
  });
  const london = { city_name: 'London', tz_name: 'Europe/London' };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    for (const name of ['answered', 'repeatAnswered', 'missed', 'failed', 'skipped']) ids[name] = await user(london);
    ids.leeds = await user({ city_name: 'Leeds', tz_name: 'Europe/London' });
    await db.knex('call_attempts').insert([
      attempt(ids.answered!, 1, '06:10:00', '06:10:00.400', 'answered'),
      attempt(ids.repeatAnswered!, 1, '06:10:00', '06:10:00.200', 'no-answer'),
      attempt(ids.repeatAnswered!, 2, '06:20:00', '06:20:02.500', 'answered'),
      attempt(ids.missed!, 1, '06:11:00', '06:11:00.300', 'busy'),
      attempt(ids.failed!, 1, '06:11:00', null, 'failed'),
      attempt(ids.leeds!, 1, '06:12:00', '06:12:01', 'voicemail'),
      // A test call on the same date is not a Fajr call.
      {
        ...attempt(ids.leeds!, 1, '09:00:00', '09:00:00.5', 'answered'),
        attempt_key: `test-call:${ids.leeds}/r#1`,
        kind: 'test',
        workflow_id: `test-call:${ids.leeds}`,
      },
    ]);
    // Armed (a slot reserved) and never dialled: its re-check said no.
    await db.knex('call_pacer_reservations').insert({
      attempt_key: `fajr-call:${ids.skipped}:${date}#1`,
      account: 'local',
      slot_at: at('06:13:00'),
      planned_at: at('06:13:00'),
    });
  });

  it('when calls of a date were placed, missed, failed and skipped, then it prints them per city and account with the lateness and the failed users', async () => {
    const res = await ops('morning', '--date', date);
    expect(res).toMatchObject({ code: 0, err: '' });
    const lines = res.out.split('\n');
    const row = (start: string) =>
      lines
        .find((l) => l.startsWith(start))!
        .trim()
        .split(/\s{2,}/);
    expect(lines.find((l) => l.startsWith('city / zone'))!.split(/\s{2,}/)).toEqual([
      'city / zone',
      'account',
      'planned',
      'placed',
      'answered',
      'answered %',
      'missed',
      'failed',
      'skipped',
      'pending',
      'latest lateness',
      'max lateness',
    ]);
    // London: 5 planned, 3 placed (the failed one never was), 2 answered (one on its repeat), latest call the repeat 2.5 s late.
    expect(row('London (Europe/London)')).toEqual([
      'London (Europe/London)',
      'local',
      '5',
      '3',
      '2',
      '67%',
      '1',
      '1',
      '1',
      '0',
      '2.5 s',
      '2.5 s',
    ]);
    expect(row('Leeds (Europe/London)')).toEqual([
      'Leeds (Europe/London)',
      'local',
      '1',
      '1',
      '0',
      '0%',
      '1',
      '0',
      '0',
      '0',
      '1.0 s',
      '1.0 s',
    ]);
    expect(row('all')).toEqual(['all', '6', '4', '2', '50%', '2', '1', '1', '0', '2.5 s', '2.5 s']);
    expect(res.out).toContain(`Calls that could not be placed (1), by user id:\n  ${ids.failed}`);
    expect(res.out).toContain(`WorkflowType = "fajrCall" AND CallDate = "${date}" AND ExecutionStatus = "Failed"`);
    expect(res.out).not.toContain(ids.answered!);
  });

  it("when an operators' address is given (--email, or OPS_REPORT_EMAIL), then the printed report is e-mailed there through the e-mail provider (the local outbox here)", async () => {
    const email = async () => createLocalEmail(db.knex, createLogger('test', 'silent'));
    const outbox = (to: string) =>
      db.knex('local_outbox').where({ channel: 'email', recipient: to }).select('subject', 'body');
    const res = await opsWith({ email }, 'morning', '--date', date, '--email', 'ops@example.com');
    expect(res).toMatchObject({ code: 0, err: '' });
    expect(res.out).toContain('E-mailed to ops@example.com.');
    const [sent, ...more] = await outbox('ops@example.com');
    expect(more).toEqual([]);
    expect(sent.subject).toMatch(new RegExp(`^Fajr morning ${date}: 4/6 placed, 2 answered, 2 missed, 1 failed(;|$)`));
    // The body is the report as printed (without the confirmation line).
    expect(sent.body).toBe(res.out.replace(/\nE-mailed to ops@example.com\.$/, ''));
    expect(sent.body).toContain(ids.failed);
    // The configured address, without the flag.
    expect(
      await opsWith({ email, reportEmail: 'night-shift@example.com' }, 'morning', '--date', '2026-11-01'),
    ).toMatchObject({ code: 0 });
    expect(await outbox('night-shift@example.com')).toEqual([
      {
        subject: expect.stringMatching(/^Fajr morning 2026-11-01: no calls planned(;|$)/),
        body: expect.stringContaining('No Fajr calls planned'),
      },
    ]);
    // Not an address: refused before anything is sent.
    expect(await opsWith({ email }, 'morning', '--date', date, '--email', 'ops')).toMatchObject({
      code: 2,
      err: '--email must be an e-mail address, got "ops"',
    });
    expect(await outbox('ops')).toEqual([]);
  });

  it('when a date has no calls, then it says so; a bad date is refused', async () => {
    const res = await ops('morning', '--date', '2026-11-01');
    expect(res).toMatchObject({ code: 0 });
    expect(res.out.split('\n')[0]).toBe(
      "No Fajr calls planned for 2026-11-01 (call dates are each user's local date).",
    );
    expect(await ops('morning', '--date', '20-11-2026')).toMatchObject({
      code: 2,
      err: '--date must be a date YYYY-MM-DD, got "20-11-2026"',
    });
  });
});

describe('npm run ops -- morning: timetables that run out', () => {
  // Users called by a mosque's or an authority's table get no call on a date it lacks: the morning
  // report names such tables two weeks ahead so an operator imports the next months in time.
  const ids: Record<string, string> = {};
  const bradford = { city_name: 'Bradford', tz_name: 'Europe/London' };
  const dates = (from: string, n: number) =>
    Array.from({ length: n }, (_, i) =>
      new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
    );

  beforeAll(async () => {
    const [mosque] = await db
      .knex('mosques')
      .insert({
        name: 'Bradford Grand Mosque',
        address: 'Rees Way, Bradford BD3 0DZ',
        country_code: 'GB',
        city_name: 'Bradford',
        lat: 53.7966,
        lng: -1.7386,
        tz_name: 'Europe/London',
      })
      .returning('id');
    ids.mosque = mosque.id;
    // Its jamaah times run to 2027-01-10, with 2027-01-04 missing.
    await db.knex('mosque_fajr_times').insert(
      dates('2026-12-01', 41)
        .filter((d) => d !== '2027-01-04')
        .map((d) => ({ mosque_id: mosque.id, local_date: d, jamaah_at: `${d}T06:45:00Z` })),
    );
    const [table] = await db
      .knex('published_timetables')
      .insert({
        authority: 'Bradford Council of Mosques',
        country_code: 'GB',
        city_name: 'Bradford',
        lat: 53.796,
        lng: -1.7594,
        tz_name: 'Europe/London',
      })
      .returning('id');
    ids.table = table.id;
    // Its days run to 2026-12-31.
    await db.knex('published_timetable_days').insert(
      dates('2026-12-01', 31).map((d) => ({
        timetable_id: table.id,
        local_date: d,
        fajr_at: `${d}T06:10:00Z`,
        sunrise_at: `${d}T08:10:00Z`,
      })),
    );
    // Two mosque users with calls on (one also chose the table: the mosque's times are what call them),
    // one with calls off; one home user of the table; one home user of the table with calls off.
    await user({ ...bradford, mosque_id: mosque.id });
    await user({ ...bradford, mosque_id: mosque.id, prayer_timetable_id: table.id });
    await user({ ...bradford, mosque_id: mosque.id, allow_calls: false });
    await user({ ...bradford, prayer_timetable_id: table.id });
    await user({ ...bradford, prayer_timetable_id: table.id, allow_calls: false });
  });

  const gapRow = (out: string, start: string) =>
    out
      .split('\n')
      .find((l) => l.startsWith(start))
      ?.trim()
      .split(/\s{2,}/);

  it('when every timetable with users has the next two weeks, then the report says so', async () => {
    const res = await ops('morning', '--date', '2026-12-05');
    expect(res.out).toContain('Every timetable users are called by has all 14 days from 2026-12-05 to 2026-12-18.');
    expect(res.out).not.toContain(ids.table!);
  });

  it('when a table ends or has a hole within two weeks, then each is listed with its users, the days it lacks and its last date, and the subject counts them', async () => {
    const email = async () => createLocalEmail(db.knex, createLogger('test', 'silent'));
    const res = await opsWith({ email }, 'morning', '--date', '2026-12-28', '--email', 'gaps@example.com');
    expect(res).toMatchObject({ code: 0, err: '' });
    expect(res.out).toContain(
      'Timetables missing days from 2026-12-28 to 2027-01-10 (their users get no call on those days; import the next months):',
    );
    expect(gapRow(res.out, 'timetable')).toEqual([
      'timetable',
      'city',
      'users',
      'days missing',
      'first missing',
      'last date',
      'id',
    ]);
    // The published table lacks 2027-01-01 to 01-10; the mosque only 2027-01-04 (the first missing date orders them).
    expect(gapRow(res.out, 'Bradford Council of Mosques')).toEqual([
      'Bradford Council of Mosques — published timetable for Bradford',
      'Bradford',
      '1',
      '10',
      '2027-01-01',
      '2026-12-31',
      ids.table,
    ]);
    expect(gapRow(res.out, 'mosque: Bradford Grand Mosque')).toEqual([
      'mosque: Bradford Grand Mosque',
      'Bradford',
      '2',
      '1',
      '2027-01-04',
      '2027-01-10',
      ids.mosque,
    ]);
    const lines = res.out.split('\n');
    expect(lines.findIndex((l) => l.startsWith('Bradford Council'))).toBeLessThan(
      lines.findIndex((l) => l.startsWith('mosque: Bradford')),
    );
    const [sent] = await db.knex('local_outbox').where({ recipient: 'gaps@example.com' }).select('subject', 'body');
    expect(sent.subject).toMatch(/^Fajr morning 2026-12-28: no calls planned; 2 timetables missing days$/);
    expect(sent.body).toContain(ids.mosque);
  });
});
