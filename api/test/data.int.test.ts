import { prayerCalcResult, citiesResult } from '../src/contracts/data.contract';
import { MESSAGES_PER_HOUR } from '../src/routes/data.routes';
import { useApi } from '@fajr/scripts/testing/api';
import { LONDON_PREFS } from '@fajr/scripts/testing/fixtures';

jest.setTimeout(60_000);

const h = useApi({ userPreferences: LONDON_PREFS });

describe('GET /api/data/prayer-calc', () => {
  it('when anyone asks, then zones, methods and rules with one default each, active mosques, adhaans and call time preferences come back', async () => {
    await h.db('mosques').insert({
      name: 'Hidden Mosque',
      address: '2 Lane',
      country_code: 'GB',
      city_name: 'York',
      lat: 53.96,
      lng: -1.08,
      tz_name: 'Europe/London',
      is_active: false,
    });
    const res = await h.api('GET', '/api/data/prayer-calc');
    expect(res.status).toBe(200);
    const { result } = prayerCalcResult.parse(res.body);
    expect(result.timezones).toContainEqual({ tzName: 'Europe/London' });
    expect(result.timezones.length).toBeGreaterThan(300);
    expect(result.prayerCalcMethods.filter((m) => m.isDefault).map((m) => m.name)).toEqual(['MuslimWorldLeague']);
    expect(result.prayerCalcHighLats.filter((m) => m.isDefault).map((m) => m.name)).toEqual(['MiddleOfTheNight']);
    expect(result.mosques.map((m) => m.mosqueName)).toContain('East London Mosque');
    expect(result.mosques.map((m) => m.mosqueName)).not.toContain('Hidden Mosque');
    expect(result.mosques[0]).toEqual({
      id: expect.any(String),
      mosqueName: expect.any(String),
      mosqueAddr: expect.any(String),
    });
    expect(result.fajrAdhaans).toEqual([
      { title: 'Default', link: '/api/media/adhaans/default.wav', label: 'Default' },
      { title: 'Gentle', link: '/api/media/adhaans/gentle.wav', label: 'Gentle' },
    ]);
    expect(result.fajrCallTimePrefs[0]).toEqual({
      title: 'As soon as Fajr starts',
      label: 'As soon as Fajr starts',
      relativeTo: 'fajr',
    });
    // Issue 47 point 2: counted back from sunrise, after SPEC's five.
    expect(result.fajrCallTimePrefs.slice(5)).toEqual(
      [60, 45, 30].map((n) => ({
        title: `${n} minutes before sunrise`,
        label: `${n} minutes before sunrise`,
        relativeTo: 'sunrise',
      })),
    );
  });
});

describe('GET /api/data/cities/:country', () => {
  it('when a user types the start of a city, then matches come back by prefix and population with their zones', async () => {
    const res = await h.api('GET', '/api/data/cities/any?city=lond');
    expect(res.status).toBe(200);
    const { result } = citiesResult.parse(res.body);
    expect(result[0]).toMatchObject({
      name: 'London',
      countryCode: 'GB',
      countryName: 'United Kingdom',
      tzName: 'Europe/London',
      description: 'London, England, United Kingdom',
    });
    expect(result.length).toBeLessThanOrEqual(10);
    const populations = result.filter((c) => c.name.toLowerCase().startsWith('lond')).map((c) => c.population);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
  });

  it('when a country is given (any case), then only its cities come back; accents are folded', async () => {
    const ca = await h.api('GET', '/api/data/cities/ca?city=london');
    expect(ca.body.result.length).toBeGreaterThan(0);
    for (const c of ca.body.result) expect(c.countryCode).toBe('CA');
    expect(ca.body.result[0]).toMatchObject({ name: 'London', tzName: 'America/Toronto' });
    const koln = await h.api('GET', `/api/data/cities/DE?city=${encodeURIComponent('Köln')}`);
    expect(koln.body.result[0]).toMatchObject({ countryCode: 'DE', tzName: 'Europe/Berlin' });
  });

  it('when nothing matches, then an empty list', async () => {
    expect(await h.api('GET', '/api/data/cities/any?city=qqqqzzzz')).toMatchObject({
      status: 200,
      body: { result: [] },
    });
  });

  it.each([
    ['a 3-letter country', '/api/data/cities/gbr?city=london'],
    ['no city', '/api/data/cities/gb'],
    ['a blank city', '/api/data/cities/gb?city=%20%20'],
    ['an over-long city', `/api/data/cities/gb?city=${'a'.repeat(101)}`],
    ['an unknown query parameter', '/api/data/cities/gb?city=london&limit=1000'],
    ['a repeated city parameter', '/api/data/cities/gb?city=london&city=leeds'],
  ])('when the request has %s, then 400', async (_what, path) => {
    const res = await h.api('GET', path);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.any(String), code: expect.any(String) });
  });
});

describe('GET /api/media/adhaans/:file', () => {
  it('when the adhaan link is fetched, then a WAV comes back with its length and cache headers', async () => {
    const res = await h.api('GET', '/api/media/adhaans/default.wav');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/wav');
    expect(Number(res.headers.get('content-length'))).toBe(res.body.length);
    expect(res.headers.get('cache-control')).toContain('max-age');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.body.toString('ascii', 0, 4)).toBe('RIFF');
    const gentle = await h.api('GET', '/api/media/adhaans/gentle.wav');
    expect(gentle.status).toBe(200);
    expect(Buffer.compare(gentle.body, res.body)).not.toBe(0);
  });

  it('when a range is asked for, then 206 with that part; an impossible range is 416', async () => {
    const whole = (await h.api('GET', '/api/media/adhaans/default.wav')).body as Buffer;
    const part = await h.api('GET', '/api/media/adhaans/default.wav', { headers: { range: 'bytes=8-15' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 8-15/${whole.length}`);
    expect(part.body.toString('ascii')).toBe('WAVEfmt ');
    const tail = await h.api('GET', '/api/media/adhaans/default.wav', { headers: { range: 'bytes=-4' } });
    expect(Buffer.compare(tail.body, whole.subarray(whole.length - 4))).toBe(0);
    const bad = await h.api('GET', '/api/media/adhaans/default.wav', { headers: { range: `bytes=${whole.length}-` } });
    expect(bad.status).toBe(416);
    expect(bad.headers.get('content-range')).toBe(`bytes */${whole.length}`);
  });

  it('when the browser has it already, then 304', async () => {
    const first = await h.api('GET', '/api/media/adhaans/gentle.wav');
    const again = await h.api('GET', '/api/media/adhaans/gentle.wav', {
      headers: { 'if-none-match': first.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });

  it.each(['loud.wav', 'default.mp3', '..%2F..%2Fpackage.json', 'constructor.wav'])(
    'when %s is asked for, then 404',
    async (file) => {
      const res = await h.api('GET', `/api/media/adhaans/${file}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: expect.any(String), code: expect.any(String) });
    },
  );
});

describe('POST /api/data/mosques/request', () => {
  it('when a visitor asks for a mosque, then it is recorded without a user', async () => {
    const res = await h.api('POST', '/api/data/mosques/request', {
      body: { name: 'Leeds Grand Mosque', address: '9 Woodsley Road, Leeds' },
    });
    expect(res).toMatchObject({ status: 200, body: { message: 'Request Sent' } });
    const row = await h.db('mosque_requests').where({ name: 'Leeds Grand Mosque' }).first();
    expect(row).toMatchObject({ user_id: null, address: '9 Woodsley Road, Leeds', status: 'open' });
  });

  it('when a signed-in user asks, then the request carries the user; a bad token is treated as a visitor', async () => {
    const u = await h.user();
    await h.api('POST', '/api/data/mosques/request', {
      token: u.token,
      body: { name: 'Masjid A', address: 'A street' },
    });
    expect((await h.db('mosque_requests').where({ name: 'Masjid A' }).first()).user_id).toBe(u.id);
    expect(
      (await h.api('POST', '/api/data/mosques/request', { token: 'bogus', body: { name: 'Masjid B', address: '' } }))
        .status,
    ).toBe(200);
    expect((await h.db('mosque_requests').where({ name: 'Masjid B' }).first()).user_id).toBeNull();
  });

  it.each([
    ['an empty request', {}],
    ['a name that is not text', { name: 42, address: 'x' }],
    ['an over-long address', { name: 'x', address: 'a'.repeat(501) }],
    ['an unknown field', { name: 'x', address: 'y', userId: 'z' }],
  ])('when it is %s, then 400', async (_what, body) => {
    const before = await h.db('mosque_requests').count<{ count: string }[]>('* as count');
    const res = await h.api('POST', '/api/data/mosques/request', { body });
    expect(res.status).toBe(400);
    expect(await h.db('mosque_requests').count('* as count')).toEqual(before);
  });
});

describe('POST /api/data/feedback', () => {
  it('when a user rates the app, then the rating and comments are recorded with the user', async () => {
    const u = await h.user();
    const res = await h.api('POST', '/api/data/feedback', {
      token: u.token,
      body: { rating: 5, comments: 'Never missed Fajr since' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toEqual(expect.any(String));
    expect(await h.db('feedback').where({ user_id: u.id }).first()).toMatchObject({
      rating: 5,
      comments: 'Never missed Fajr since',
    });
  });

  it.each([
    ['nothing', {}],
    ['a rating of 6', { rating: 6 }],
    ['a rating of 0', { rating: 0 }],
    ['a rating as text', { rating: '5' }],
    ['a fractional rating', { rating: 4.5 }],
    ['an unknown field', { rating: 4, stars: 4 }],
  ])('when it has %s, then 400', async (_what, body) => {
    const res = await h.api('POST', '/api/data/feedback', { body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.any(String), code: expect.any(String) });
  });
});

describe('POST /api/data/feedback/contact', () => {
  it("when the help form is sent, then it is recorded and SPEC's toast comes back", async () => {
    const res = await h.api('POST', '/api/data/feedback/contact', {
      body: { email: 'amina@example.com', details: 'My calls come late' },
    });
    expect(res).toMatchObject({
      status: 200,
      body: { message: "Message sent successfully, we' be in touch as soon as we can" },
    });
    expect(await h.db('contact_messages').where({ email: 'amina@example.com' }).first()).toMatchObject({
      type: 'General',
      details: 'My calls come late',
      user_id: null,
    });
  });

  it('when a signed-in user sends it with a type, then the type and user are recorded', async () => {
    const u = await h.user();
    expect(
      (
        await h.api('POST', '/api/data/feedback/contact', {
          token: u.token,
          body: { email: 'u@example.com', type: 'Issue', details: 'x' },
        })
      ).status,
    ).toBe(200);
    expect(await h.db('contact_messages').where({ user_id: u.id }).first()).toMatchObject({ type: 'Issue' });
  });

  it.each([
    ['no email', { details: 'help' }, 'Please enter an email'],
    ['a blank email', { email: '  ', details: 'help' }, 'Please enter an email'],
    ['no details', { email: 'a@example.com' }, 'Please enter the details of your request'],
    ['blank details', { email: 'a@example.com', details: ' ' }, 'Please enter the details of your request'],
  ])("when it has %s, then 400 with SPEC's message", async (_what, body, error) => {
    expect(await h.api('POST', '/api/data/feedback/contact', { body })).toMatchObject({ status: 400, body: { error } });
  });

  it('when the type is not one of the four, then 400', async () => {
    const res = await h.api('POST', '/api/data/feedback/contact', {
      body: { email: 'a@example.com', type: 'Complaint', details: 'x' },
    });
    expect(res.status).toBe(400);
  });
});

describe('abuse limit on the public forms', () => {
  const limited = useApi({ rateLimits: 'on', userPreferences: LONDON_PREFS });

  it(`when one network sends more than ${MESSAGES_PER_HOUR} messages in an hour, then 429 with a clear message and nothing more is stored`, async () => {
    const forms = [
      ['/api/data/mosques/request', { name: 'M', address: 'A' }],
      ['/api/data/feedback', { rating: 4 }],
      ['/api/data/feedback/contact', { email: 'a@example.com', details: 'd' }],
    ] as const;
    for (let i = 0; i < MESSAGES_PER_HOUR; i++) {
      const [path, body] = forms[i % forms.length]!;
      expect((await limited.api('POST', path, { body })).status).toBe(200);
    }
    const stored = async () => Number((await limited.db('feedback').count('* as n'))[0]!.n);
    const before = await stored();
    const res = await limited.api('POST', '/api/data/feedback', { body: { rating: 5 } });
    expect(res).toMatchObject({
      status: 429,
      body: { error: 'Too many messages from your network, please try again in an hour' },
    });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await stored()).toBe(before);
    // Counted in Postgres, so every API process sees the same count.
    const counter = await limited.db('rate_limit_counters').where({ limiter: 'messages' }).first('hits');
    expect(Number(counter?.hits)).toBe(MESSAGES_PER_HOUR + 1);
    // Reading the catalogue is not limited.
    expect((await limited.api('GET', '/api/data/prayer-calc')).status).toBe(200);
  });
});
