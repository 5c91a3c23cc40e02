import { CALC_METHODS } from '@fajr/migrations/prayer-calc-methods';
import { useApi } from '@fajr/scripts/testing/api';
import { LONDON_PREFS } from '@fajr/scripts/testing/fixtures';
import { importStockholmTimetable } from '@fajr/scripts/testing/timetables';
import { citiesResult, prayerCalcResult } from '../src/contracts/data.contract';

jest.setTimeout(60_000);

const h = useApi({ userPreferences: LONDON_PREFS });

beforeAll(async () => {
  // A published table, so its label and description are told too (two days are enough).
  await importStockholmTimetable(h.db, 'date,fajr,sunrise\n2026-01-01,06:10,08:40\n2026-01-02,06:10,08:39\n');
});

const ARABIC = /[\u0600-\u06FF]/;
// Names the Arabic descriptions cite in Latin letters (websites); anything else Latin is English left over.
const NAMES = new Set(['Aladhan', 'PrayTimes', 'Islamiska', 'f', 'rbundet', 'Stockholm']);
const latinWords = (text: string) => (text.match(/[A-Za-z]+/g) ?? []).filter((w) => !NAMES.has(w));

const prayerCalc = async (headers: Record<string, string>, token?: string) => {
  const res = await h.api('GET', '/api/data/prayer-calc', { headers, token });
  expect(res.status).toBe(200);
  return { data: prayerCalcResult.parse(res.body).result, language: res.headers.get('content-language') };
};

/** Every text of the answer a person reads, by where it is. */
const shownTexts = (data: Awaited<ReturnType<typeof prayerCalc>>['data']) => [
  ...data.prayerCalcMethods.flatMap((m) => [
    [`method ${m.name} label`, m.label],
    [`method ${m.name} description`, m.description],
    ...(m.ownHighLatRule ? [[`method ${m.name} own rule`, m.ownHighLatRule]] : []),
    ...(m.checkedAgainst ? [[`method ${m.name} checked against`, m.checkedAgainst]] : []),
  ]),
  ...data.prayerCalcHighLats.flatMap((r) => [
    [`rule ${r.name} label`, r.label],
    [`rule ${r.name} description`, r.description],
  ]),
  ...data.fajrCallTimePrefs.map((p) => [`call time ${p.title}`, p.label]),
  ...data.fajrAdhaans.map((a) => [`adhaan ${a.title}`, a.label]),
  ...data.publishedTimetables.flatMap((t) => [
    [`timetable ${t.id} label`, t.label],
    [`timetable ${t.id} description`, t.description],
  ]),
];

describe('GET /api/data/prayer-calc in a language', () => {
  it('when Accept-Language is ar, then every method, rule, call time and adhaan is told in Arabic, ids unchanged', async () => {
    const { data, language } = await prayerCalc({ 'accept-language': 'ar-SA,ar;q=0.9,en;q=0.5' });
    expect(language).toBe('ar');
    expect(data.prayerCalcMethods.length).toBe(CALC_METHODS.length);
    expect(data.fajrCallTimePrefs.length).toBeGreaterThanOrEqual(5);
    const notArabic = shownTexts(data).filter(([, text]) => !ARABIC.test(text!) || latinWords(text!).length > 0);
    expect(notArabic).toEqual([]);
    expect(data.fajrCallTimePrefs[0]).toEqual({
      title: 'As soon as Fajr starts',
      label: 'فور دخول وقت الفجر',
      relativeTo: 'fajr',
    });
    expect(data.fajrCallTimePrefs.find((p) => p.title === '30 minutes before sunrise')?.label).toBe(
      'قبل شروق الشمس بـ30 دقيقة',
    );
    expect(data.fajrCallTimePrefs.map((p) => p.title)).toContain('10 minutes after Fajr starts');
    expect(data.fajrAdhaans[0]).toMatchObject({ title: 'Default', label: 'الافتراضي' });
    expect(data.prayerCalcMethods.find((m) => m.name === 'MuslimWorldLeague')?.label).toBe('رابطة العالم الإسلامي');
    expect(data.publishedTimetables.map((t) => t.label)).toContain(
      'Islamiska förbundet — الجدول المنشور لمدينة Stockholm',
    );
  });

  it('when Accept-Language is en (or none), then every text is the catalogue row as stored, byte for byte', async () => {
    for (const headers of [{ 'accept-language': 'en-GB,en;q=0.9' }, {}] as Record<string, string>[]) {
      const { data, language } = await prayerCalc(headers);
      expect(language).toBe('en');
      const methods = await h.db('prayer_calc_methods').select('name', 'label', 'description');
      for (const row of methods)
        expect(data.prayerCalcMethods.find((m) => m.name === row.name)).toMatchObject({
          label: row.label,
          description: row.description,
        });
      const rules = await h.db('prayer_calc_high_lats').select('name', 'label', 'description');
      for (const row of rules) expect(data.prayerCalcHighLats.find((r) => r.name === row.name)).toMatchObject(row);
      for (const p of data.fajrCallTimePrefs) expect(p.label).toBe(p.title);
      for (const a of data.fajrAdhaans) expect(a.label).toBe(a.title);
      expect(data.publishedTimetables).toContainEqual(
        expect.objectContaining({
          label: 'Islamiska förbundet — published timetable for Stockholm',
          description:
            "Islamiska förbundet's own timetable for Stockholm, used exactly as published (2026-01-01 to 2026-01-02); a date it does not list is calculated with the method.",
        }),
      );
      expect(data.prayerCalcMethods.find((m) => m.name === 'Tatarstan')?.ownHighLatRule).toMatch(/^DUM RT's own/);
      expect(data.prayerCalcMethods.find((m) => m.name === 'Jakim')?.checkedAgainst).toMatch(/^JAKIM's e-Solat table/);
    }
  });

  it("when a signed-in account's language is ur, then the answer is in Urdu whatever the browser says", async () => {
    const { id, token } = await h.user();
    await h.db('users').where({ id }).update({ language: 'ur' });
    const { data, language } = await prayerCalc({ 'accept-language': 'fr' }, token);
    expect(language).toBe('ur');
    expect(data.fajrCallTimePrefs[1]!.label).toBe('فجر شروع ہونے کے 10 منٹ بعد');
  });

  it('when the language is unknown, then the answer is English, never an error', async () => {
    const { data, language } = await prayerCalc({ 'accept-language': 'xx-YY' });
    expect(language).toBe('en');
    expect(data.fajrCallTimePrefs[0]!.label).toBe('As soon as Fajr starts');
  });
});

describe('GET /api/data/cities/:country in a language', () => {
  it("when a Malaysian city is found in Arabic, then its method's reason and its zone are in Arabic", async () => {
    const res = await h.api('GET', '/api/data/cities/MY?city=kangar', { headers: { 'accept-language': 'ar' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('vary')).toMatch(/Accept-Language/i);
    const city = citiesResult.parse(res.body).result[0]!;
    expect(city.prayerCalcMethod).toBe('Jakim');
    expect(city.methodReason).toBe('جاكيم — المعتمدة في ماليزيا');
    expect(city.jakimZone).toEqual({ code: 'PLS01', label: 'منطقة جاكيم PLS01 (Perlis)' });
    const english = await h.api('GET', '/api/data/cities/MY?city=kangar');
    expect(citiesResult.parse(english.body).result[0]).toMatchObject({
      methodReason: 'JAKIM — used in Malaysia',
      jakimZone: { code: 'PLS01', label: 'JAKIM zone PLS01 (Perlis)' },
    });
  });
});

describe("the user view's reference words", () => {
  it("when an Arabic account reads itself, then its place suggestion's reason and its times' source are in Arabic", async () => {
    const { id, token } = await h.user();
    const english = (await h.api('GET', '/api/users/current-user', { token })).body.result.user;
    expect(english.placeSuggestion.reason).toBe(
      'Muslim World League — the general default (no national authority listed for United Kingdom)',
    );
    await h.db('users').where({ id }).update({ language: 'ar' });
    const res = await h.api('GET', '/api/users/current-user', { token });
    expect(res.status).toBe(200);
    const user = res.body.result.user;
    expect(user.placeSuggestion).toEqual({
      ...english.placeSuggestion,
      reason: 'رابطة العالم الإسلامي — الاختيار الافتراضي العام (لا جهة وطنية مدرجة في المملكة المتحدة)',
    });
    expect(user.prayerTimesSource).toEqual({ ...english.prayerTimesSource, label: 'رابطة العالم الإسلامي' });
    expect(user.fajrCallTimePrefTitle).toBe(english.fajrCallTimePrefTitle);
  });
});
