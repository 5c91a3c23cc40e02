import { isChosenNight, planTahajjud, sunsetBefore, tahajjudInstant, type TahajjudPrefs } from './tahajjud-call';

const at = (iso: string) => new Date(iso);
const LONDON = { lat: 51.5074, lng: -0.1278 };
const TROMSO = { lat: 69.6492, lng: 18.9553 };
const prefs = (p: Partial<TahajjudPrefs> = {}): TahajjudPrefs => ({
  point: 'start',
  minutes: 60,
  nights: 'every',
  hijriOffset: 0,
  ...p,
});

// London, the night before Monday 2 March 2026: sunset 1 March 17:41 UTC, Fajr (18°) 04:53, a night of
// 672 minutes, so its last third starts 448 minutes after sunset, at 01:09.
const night = { sunsetAt: at('2026-03-01T17:41:00Z'), fajrAt: at('2026-03-02T04:53:00Z') };
const fajrCallAt = at('2026-03-02T04:53:00Z');

describe('tahajjud calls: the night and its last third', () => {
  it("takes the night from the previous evening's sunset at the user's place", () => {
    expect(sunsetBefore(LONDON, '2026-03-02')).toEqual(night.sunsetAt);
    expect(sunsetBefore(LONDON, '2026-03-05')).toEqual(at('2026-03-04T17:46:00Z'));
  });

  it('calls at the start of the last third, its middle, or N minutes before Fajr', () => {
    const of = (point: TahajjudPrefs['point'], minutes = 60) =>
      tahajjudInstant({ ...night, fajrCallAt, point, minutes });
    expect(of('start')).toMatchObject({ status: 'call', callAt: at('2026-03-02T01:09:00Z') });
    // The third is 224 minutes; its middle 112 minutes in.
    expect(of('middle')).toMatchObject({ status: 'call', callAt: at('2026-03-02T03:01:00Z') });
    expect(of('before_fajr', 60)).toMatchObject({ status: 'call', callAt: at('2026-03-02T03:53:00Z') });
  });

  it('keeps N minutes before Fajr inside the last third: a longer N is the third’s start', () => {
    const r = tahajjudInstant({ ...night, fajrCallAt, point: 'before_fajr', minutes: 180 });
    expect(r).toMatchObject({ status: 'call', callAt: at('2026-03-02T01:53:00Z') });
    const longer = tahajjudInstant({ ...night, fajrCallAt, point: 'before_fajr', minutes: 300 });
    expect(longer).toMatchObject({ status: 'call', callAt: at('2026-03-02T01:09:00Z') });
  });

  it('never comes within 30 minutes of the Fajr call', () => {
    // A call 40 minutes before Fajr (the user's offset): 30 minutes before Fajr is 20 minutes from it.
    const early = at('2026-03-02T04:13:00Z');
    expect(tahajjudInstant({ ...night, fajrCallAt: early, point: 'before_fajr', minutes: 30 })).toEqual({
      status: 'skip',
      reason: 'too-close-to-fajr-call',
    });
    // Exactly 30 minutes before it is allowed.
    expect(tahajjudInstant({ ...night, fajrCallAt, point: 'before_fajr', minutes: 30 })).toMatchObject({
      status: 'call',
      callAt: at('2026-03-02T04:23:00Z'),
    });
  });

  it('skips a night with no sunset (Tromsø at midsummer and midwinter) and says so', () => {
    expect(sunsetBefore(TROMSO, '2026-06-21')).toBeNull();
    expect(sunsetBefore(TROMSO, '2026-01-10')).toBeNull();
    const r = planTahajjud({
      place: TROMSO,
      callDate: '2026-06-21',
      fajrAt: at('2026-06-21T00:30:00Z'),
      fajrCallAt: at('2026-06-21T00:30:00Z'),
      prefs: prefs(),
    });
    expect(r).toEqual({ status: 'skip', reason: 'no-night' });
  });

  it('skips a night too short for a call clear of the Fajr call (a white night with a convention’s Fajr)', () => {
    // Sunset 21:35, Fajr 23:00 (UTC) by the user's convention: an 85-minute night whose last third starts
    // at 22:31:40, called at 22:32, 28 minutes before the Fajr call.
    const r = tahajjudInstant({
      sunsetAt: at('2026-06-20T21:35:00Z'),
      fajrAt: at('2026-06-20T23:00:00Z'),
      fajrCallAt: at('2026-06-20T23:00:00Z'),
      point: 'start',
      minutes: 60,
    });
    expect(r).toEqual({ status: 'skip', reason: 'too-close-to-fajr-call' });
    expect(tahajjudInstant({ ...night, sunsetAt: night.fajrAt, fajrCallAt, point: 'start', minutes: 60 })).toEqual({
      status: 'skip',
      reason: 'no-night',
    });
  });
});

describe('tahajjud calls: the chosen nights', () => {
  it('every night', () => {
    expect(isChosenNight('every', '2026-03-04')).toBe(true);
  });

  it('Mondays and Thursdays: the nights whose Fajr is on a Monday or a Thursday (the fasts’ suhoor)', () => {
    expect(isChosenNight('mon_thu', '2026-03-02')).toBe(true); // Monday
    expect(isChosenNight('mon_thu', '2026-03-05')).toBe(true); // Thursday
    expect(isChosenNight('mon_thu', '2026-03-04')).toBe(false); // Wednesday
    expect(isChosenNight('mon_thu', '2026-03-01')).toBe(false); // Sunday
  });

  it("Ramadan's last ten nights by Umm al-Qura (1448: 1 Ramadan is 8 February 2027, 29 days)", () => {
    expect(isChosenNight('ramadan_last10', '2027-02-27')).toBe(false); // 20 Ramadan
    expect(isChosenNight('ramadan_last10', '2027-02-28')).toBe(true); // 21 Ramadan: the 21st night
    expect(isChosenNight('ramadan_last10', '2027-03-08')).toBe(true); // 29 Ramadan
    expect(isChosenNight('ramadan_last10', '2027-03-09')).toBe(false); // 1 Shawwal
    expect(isChosenNight('ramadan_last10', '2026-03-05')).toBe(false);
  });

  it("moves with the user's Hijri offset (a community a day behind Umm al-Qura)", () => {
    expect(isChosenNight('ramadan_last10', '2027-02-28', 1)).toBe(false); // their 20 Ramadan
    expect(isChosenNight('ramadan_last10', '2027-03-09', 1)).toBe(true); // their 29 Ramadan
  });

  it('plans nothing on a night not chosen', () => {
    const r = planTahajjud({
      place: LONDON,
      callDate: '2026-03-04',
      fajrAt: at('2026-03-04T04:48:00Z'),
      fajrCallAt: at('2026-03-04T04:48:00Z'),
      prefs: prefs({ nights: 'mon_thu' }),
    });
    expect(r).toEqual({ status: 'skip', reason: 'not-chosen-night' });
    const monday = planTahajjud({ place: LONDON, callDate: '2026-03-02', ...night, fajrCallAt, prefs: prefs() });
    expect(monday).toMatchObject({ status: 'call', callAt: at('2026-03-02T01:09:00Z') });
  });
});
