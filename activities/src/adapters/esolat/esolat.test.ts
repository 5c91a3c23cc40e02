import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createESolatClient, ESOLAT_URL, parseESolatAnswer, recordedESolat } from './esolat';

// Recorded answers (activities/test/fixtures/esolat, SOURCES.md there): never the network.
const FIXTURES = path.join(__dirname, '../../../test/fixtures/esolat');
const PLS01_2026 = readFileSync(path.join(FIXTURES, 'pls01-2026.json'), 'utf8');
const NO_RECORD = readFileSync(path.join(FIXTURES, 'no-record.json'), 'utf8');

describe("e-Solat, JAKIM's own service", () => {
  it("reads a zone's year: Subuh and Syuruk per date, local HH:MM", () => {
    const year = parseESolatAnswer(PLS01_2026, 'PLS01', 2026);
    expect(year.ok).toBe(true);
    if (!year.ok) return;
    expect(year.days).toHaveLength(365);
    expect(year.days[0]).toEqual({ localDate: '2026-01-01', fajr: '06:16', sunrise: '07:30' });
    expect(year.days[364]!.localDate).toBe('2026-12-31');
    expect(year.source).toContain('PLS01 2026');
  });

  it('reads the Malay month names e-Solat sometimes writes (Mac, Mei, Ogos, Okt, Dis)', () => {
    const body = JSON.stringify({
      status: 'OK!',
      prayerTime: ['Mac', 'Mei', 'Ogos', 'Okt', 'Dis'].map((m, i) => ({
        date: `0${i + 1}-${m}-2027`,
        fajr: '06:00:00',
        syuruk: '07:10:00',
      })),
    });
    const year = parseESolatAnswer(body, 'PLS01', 2027);
    expect(year.ok && year.days.map((d) => d.localDate)).toEqual([
      '2027-03-01',
      '2027-05-02',
      '2027-08-03',
      '2027-10-04',
      '2027-12-05',
    ]);
  });

  it('says why an answer is not usable: a zone with no record, a year not there yet, a row it cannot read, not JSON', () => {
    expect(parseESolatAnswer(NO_RECORD, 'XYZ99', 2027)).toEqual({
      ok: false,
      reason: 'e-Solat has no times for XYZ99 (status NO_RECORD!)',
    });
    expect(parseESolatAnswer(PLS01_2026, 'PLS01', 2027)).toEqual({
      ok: false,
      reason: 'e-Solat has no 2027 days for PLS01 yet',
    });
    const bad = JSON.stringify({
      status: 'OK!',
      prayerTime: [{ date: '01-Jan-2027', fajr: '6 pagi', syuruk: '07:10:00' }],
    });
    expect(parseESolatAnswer(bad, 'PLS01', 2027)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^e-Solat row not understood/),
    });
    expect(parseESolatAnswer('<html>', 'PLS01', 2027)).toEqual({ ok: false, reason: 'e-Solat did not answer JSON' });
  });

  it('asks for one zone and year (POST, period=duration, the first and last date), and reports HTTP and network failures', async () => {
    const asked: { url: string; init: RequestInit }[] = [];
    const fake = (status: number, body: string) =>
      (async (url: string, init: RequestInit) => {
        asked.push({ url, init });
        return new Response(body, { status });
      }) as unknown as typeof fetch;
    const year = await createESolatClient(fake(200, PLS01_2026)).fetchYear('PLS01', 2026);
    expect(year.ok && year.days).toHaveLength(365);
    expect(asked[0]!.url).toBe(`${ESOLAT_URL}?r=esolatApi%2Ftakwimsolat&period=duration&zone=PLS01`);
    expect(asked[0]!.init.method).toBe('POST');
    expect(String(asked[0]!.init.body)).toBe('datestart=2026-01-01&dateend=2026-12-31');
    expect(await createESolatClient(fake(500, '')).fetchYear('PLS01', 2026)).toEqual({
      ok: false,
      reason: 'e-Solat answered HTTP 500',
    });
    const down = (async () => {
      throw new Error('ECONNREFUSED');
    }) as unknown as typeof fetch;
    expect(await createESolatClient(down).fetchYear('PLS01', 2026)).toEqual({
      ok: false,
      reason: 'e-Solat could not be reached: ECONNREFUSED',
    });
  });

  it('replays recorded answers by zone and year, and says when none was recorded', async () => {
    const source = recordedESolat({ 'PLS01-2026': PLS01_2026 });
    expect((await source.fetchYear('PLS01', 2026)).ok).toBe(true);
    expect(await source.fetchYear('KTN01', 2026)).toEqual({
      ok: false,
      reason: 'no recorded e-Solat answer for KTN01 2026',
    });
  });
});
