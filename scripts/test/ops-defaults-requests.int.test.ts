import { useOps } from '@fajr/scripts/testing/ops';

jest.setTimeout(30_000);

const h = useOps();
const { ops, user } = h;

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
    const [mosque] = await h.db
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
    await h.db.knex('users').where({ id: mosqueUser }).delete();
    await h.db.knex('mosques').where({ id: mosque.id }).delete();
  });
});

describe('npm run ops -- requests', () => {
  it('when requests are listed and resolved, then each ends added or rejected once', async () => {
    const [a] = await h.db
      .knex('mosque_requests')
      .insert({ name: 'Masjid Al-Huda', address: 'Bradford' })
      .returning('id');
    const [b] = await h.db.knex('mosque_requests').insert({ name: 'Not a mosque', address: '???' }).returning('id');
    const listed = await ops('requests', 'list');
    expect(listed.out).toContain(a.id);
    expect(listed.out).toContain('Masjid Al-Huda');

    const mosque = await h.db.knex('mosques').where({ name: 'East London Mosque' }).first();
    expect((await ops('requests', 'resolve', a.id, '--added', 'East London Mosque')).code).toBe(0);
    expect(await h.db.knex('mosque_requests').where({ id: a.id }).first()).toMatchObject({
      status: 'added',
      mosque_id: mosque.id,
    });
    expect((await ops('requests', 'resolve', b.id, '--rejected', 'Not a mosque')).code).toBe(0);
    expect(await h.db.knex('mosque_requests').where({ id: b.id }).first()).toMatchObject({
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
    const [r] = await h.db.knex('mosque_requests').insert({ name: 'X', address: 'Y' }).returning('id');
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
    expect((await h.db.knex('mosque_requests').where({ id: r.id }).first()).status).toBe('open');
  });
});
