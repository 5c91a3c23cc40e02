import { adhanParamsOf, AUTHORITIES } from './authorities';
import { defaultHighLatRule, placeDefaults } from './place-defaults';

describe('authorities catalogue', () => {
  it('offers every Aladhan method (0–23 but 6) plus the twelve stored before', () => {
    const aladhan = AUTHORITIES.flatMap((a) => (a.aladhanId === null ? [] : [a.aladhanId])).sort((x, y) => x - y);
    expect(aladhan).toEqual([0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23]);
    for (const stored of [
      'MuslimWorldLeague',
      'Egyptian',
      'Karachi',
      'UmmAlQura',
      'Dubai',
      'MoonsightingCommittee',
      'NorthAmerica',
      'Kuwait',
      'Qatar',
      'Singapore',
      'Tehran',
      'Turkey',
    ]) {
      expect(AUTHORITIES.some((a) => a.id === stored)).toBe(true);
    }
    for (const a of AUTHORITIES) expect(adhanParamsOf(a).fajrAngle).toBe(a.fajrAngle);
  });

  it('a method that names no authority says so in its description and claims no check against an authority', () => {
    const conventions = AUTHORITIES.filter((a) => a.namesNoAuthority);
    expect(conventions.map((a) => a.id)).toEqual(['Gulf', 'France15', 'France18']);
    for (const a of conventions) {
      expect(a.description).toMatch(/names no authority|No single authority/);
      expect(a.checkedAgainst).toBeUndefined();
    }
  });

  it('each method has a label, a one-line description naming the authority and where it is used, and an https reference link', () => {
    for (const a of AUTHORITIES) {
      expect(a.label).toMatch(/\S/);
      expect(a.description).not.toMatch(/\n/);
      expect(a.description).toMatch(/Used (in|by|widely)|common default/);
      expect(a.reference).toMatch(/^https:\/\/\S+$/);
    }
  });

  it('a place starts with its country’s authority and a rule suited to its latitude', () => {
    expect(placeDefaults('MY', 'Malaysia', 3.139)).toEqual({
      prayerCalcMethod: 'Jakim',
      prayerCalcHlat: 'MiddleOfTheNight',
      polarConvention: 'NearestDaysBlended',
      reason: 'JAKIM — used in Malaysia',
    });
    expect(placeDefaults('id', 'Indonesia', -6.2)).toMatchObject({
      prayerCalcMethod: 'Kemenag',
      reason: 'Kemenag — used in Indonesia',
    });
    expect(placeDefaults('NO', 'Norway', 69.65)).toMatchObject({
      prayerCalcMethod: 'MuslimWorldLeague',
      prayerCalcHlat: 'SeventhOfTheNight',
      polarConvention: 'NearestDaysBlended',
    });
    expect(placeDefaults('NO', 'Norway', 69.65).reason).toMatch(/general default/);
  });

  it('the seventh of the night only where the sun may not sink to the method’s own Fajr angle: 48° for 18°, 54° for the UOIF’s 12°, 51° for ISNA’s 15°', () => {
    // The seventh clamped a Lille user's 12° Fajr up to 50 min after the Grande Mosquée's calendar (official-timetables.test.ts).
    expect(placeDefaults('FR', 'France', 50.63)).toMatchObject({
      prayerCalcMethod: 'France12',
      prayerCalcHlat: 'MiddleOfTheNight',
    });
    expect(placeDefaults('GB', 'United Kingdom', 50.63)).toMatchObject({
      prayerCalcMethod: 'MuslimWorldLeague',
      prayerCalcHlat: 'SeventhOfTheNight',
    });
    expect(placeDefaults('US', 'United States', 48.23)).toMatchObject({
      prayerCalcMethod: 'NorthAmerica',
      prayerCalcHlat: 'MiddleOfTheNight',
    });
    expect(placeDefaults('US', 'United States', 61.22)).toMatchObject({
      prayerCalcMethod: 'NorthAmerica',
      prayerCalcHlat: 'SeventhOfTheNight',
    });
    expect(defaultHighLatRule('France12', 54.1)).toBe('SeventhOfTheNight');
    expect(defaultHighLatRule('MuslimWorldLeague', -48)).toBe('SeventhOfTheNight');
    expect(defaultHighLatRule('MuslimWorldLeague', 47.9)).toBe('MiddleOfTheNight');
    // An authority's own rule whatever the latitude.
    expect(defaultHighLatRule('Russia', 43)).toBe('TwilightAngle');
  });

  it("Oman starts with its ministry's method (18°), not Gulf's 19.5°; Russia with DUM RF's 18° and its twilight-angle rule; Canada with the method ISNA Canada publishes; Bangladesh with its Islamic Foundation's; Azerbaijan with its Board's; Kazakhstan and Uzbekistan with their boards'; Bosnia with its Rijaset's; Brunei, Sri Lanka, the Maldives and Kyrgyzstan with their own authorities'; Lebanon with Dar al-Fatwa's", () => {
    expect(placeDefaults('OM', 'Oman', 23.588)).toMatchObject({
      prayerCalcMethod: 'Oman',
      prayerCalcHlat: 'MiddleOfTheNight',
      reason: 'Ministry of Endowments and Religious Affairs — used in Oman',
    });
    // No Gulf authority's table follows Aladhan's Gulf Region (19.5°); Bahrain's is 18°: the general default.
    expect(placeDefaults('BH', 'Bahrain', 26.2)).toMatchObject({
      prayerCalcMethod: 'MuslimWorldLeague',
      reason: 'Muslim World League — the general default (no national authority listed for Bahrain)',
    });
    expect(placeDefaults('RU', 'Russia', 55.7558)).toMatchObject({
      prayerCalcMethod: 'Russia',
      prayerCalcHlat: 'TwilightAngle',
    });
    expect(placeDefaults('RU', 'Russia', 42.98)).toMatchObject({
      prayerCalcMethod: 'Russia',
      prayerCalcHlat: 'TwilightAngle',
    });
    // ISNA Canada publishes the Moonsighting Committee's times, not ISNA's 15° (official-timetables.test.ts).
    expect(placeDefaults('CA', 'Canada', 43.65)).toMatchObject({
      prayerCalcMethod: 'MoonsightingCommittee',
      reason: 'Moonsighting Committee Worldwide — used in Canada',
    });
    expect(placeDefaults('US', 'United States', 40.71)).toMatchObject({ prayerCalcMethod: 'NorthAmerica' });
    expect(placeDefaults('BD', 'Bangladesh', 23.81)).toMatchObject({
      prayerCalcMethod: 'Bangladesh',
      reason: 'Islamic Foundation — used in Bangladesh',
    });
    // The Caucasus Muslims Board's 16° (its Baku tables), not the general default's 18°, nor Leva's Isha and Maghrib.
    expect(placeDefaults('AZ', 'Azerbaijan', 40.41)).toMatchObject({
      prayerCalcMethod: 'Azerbaijan',
      prayerCalcHlat: 'MiddleOfTheNight',
      reason: 'Caucasus Muslims Board — used in Azerbaijan',
    });
    // The Rijaset's Takvim (zora at 19°), not the general default's 18° (3.6–13.7 min after its zora).
    // QMDB's 15° with its twilight-angle rule, whatever the latitude (Astana is 51° N).
    expect(placeDefaults('KZ', 'Kazakhstan', 51.13)).toMatchObject({
      prayerCalcMethod: 'Kazakhstan',
      prayerCalcHlat: 'TwilightAngle',
      reason: 'Spiritual Administration of Muslims of Kazakhstan — used in Kazakhstan',
    });
    expect(placeDefaults('UZ', 'Uzbekistan', 41.3)).toMatchObject({
      prayerCalcMethod: 'Uzbekistan',
      prayerCalcHlat: 'MiddleOfTheNight',
      reason: 'Muslim Board of Uzbekistan — used in Uzbekistan',
    });
    // Brunei's own Ministry (20°), not Malaysia's JAKIM (18° plus 2 min: 10–11 min after its Subuh).
    expect(placeDefaults('BN', 'Brunei', 4.9)).toMatchObject({
      prayerCalcMethod: 'Brunei',
      reason: 'Ministry of Religious Affairs (KHEU) — used in Brunei',
    });
    expect(placeDefaults('LK', 'Sri Lanka', 6.93)).toMatchObject({
      prayerCalcMethod: 'SriLanka',
      reason: 'All Ceylon Jamiyyathul Ulama (ACJU) — used in Sri Lanka',
    });
    expect(placeDefaults('MV', 'Maldives', 4.18)).toMatchObject({
      prayerCalcMethod: 'Maldives',
      reason: 'Ministry of Islamic Affairs — used in Maldives',
    });
    expect(placeDefaults('KG', 'Kyrgyzstan', 42.87)).toMatchObject({
      prayerCalcMethod: 'Kyrgyzstan',
      prayerCalcHlat: 'MiddleOfTheNight',
      reason: 'Spiritual Administration of Muslims of Kyrgyzstan — used in Kyrgyzstan',
    });
    expect(placeDefaults('BA', 'Bosnia and Herzegovina', 43.86)).toMatchObject({
      prayerCalcMethod: 'Bosnia',
      prayerCalcHlat: 'MiddleOfTheNight',
      reason: 'Islamska zajednica (Rijaset) — used in Bosnia and Herzegovina',
    });
    // Dar al-Fatwa's own Beirut table, not ESA's 19.5° (up to 4 min after its Fajr in summer); Syria and Iraq keep ESA's.
    expect(placeDefaults('LB', 'Lebanon', 33.89)).toMatchObject({
      prayerCalcMethod: 'Lebanon',
      prayerCalcHlat: 'MiddleOfTheNight',
      reason: 'Dar al-Fatwa — used in Lebanon',
    });
    expect(placeDefaults('SY', 'Syria', 33.51)).toMatchObject({ prayerCalcMethod: 'Egyptian' });
    expect(AUTHORITIES.find((a) => a.id === 'Lebanon')).toMatchObject({
      fajrAngle: 19.5,
      adjustments: { fajr: -1 },
      sunOfYear: 1901,
    });
    const oman = AUTHORITIES.find((a) => a.id === 'Oman')!;
    expect(oman).toMatchObject({
      fajrAngle: 18,
      rounding: { fajr: 'up', sunrise: 'up' },
      reference: 'https://www.mara.gov.om/arabic/calendar_page2.asp',
    });
    expect(oman.description).toMatch(/Ministry of Endowments and Religious Affairs/);
    expect(AUTHORITIES.find((a) => a.id === 'Russia')).toMatchObject({
      fajrAngle: 18,
      adjustments: { sunrise: -6 },
      rounding: { fajr: 'down', sunrise: 'nearest' },
      highLatRule: 'TwilightAngle',
    });
  });

  it("a place in Tatarstan or Dagestan starts with its own muftiate's method, by the region of the nearest town; the rest of Russia, and a place given without its longitude, with DUM RF's", () => {
    const tatarstan = {
      prayerCalcMethod: 'Tatarstan',
      prayerCalcHlat: 'MiddleOfTheNight',
      reason: 'Spiritual Administration of Muslims of Tatarstan — used in Tatarstan, Russia',
    };
    // Kazan and Naberezhnye Chelny as the city list gives them; a village between Kazan and Chistopol.
    expect(placeDefaults('RU', 'Russia', 55.78874, 49.12214)).toMatchObject(tatarstan);
    expect(placeDefaults('ru', 'Russia', 55.72545, 52.41122)).toMatchObject(tatarstan);
    expect(placeDefaults('RU', 'Russia', 55.5, 50.0)).toMatchObject(tatarstan);
    // Makhachkala, Derbent, Kizlyar (the north) and Rutul (the southern mountains).
    for (const [lat, lng] of [
      [42.9778, 47.5003],
      [42.0662, 48.2876],
      [43.85, 46.71],
      [41.535, 47.425],
    ] as const) {
      expect(placeDefaults('RU', 'Russia', lat, lng)).toMatchObject({
        prayerCalcMethod: 'Dagestan',
        prayerCalcHlat: 'MiddleOfTheNight',
        reason: 'Muftiate of the Republic of Dagestan — used in Dagestan, Russia',
      });
    }
    // Moscow; Ufa (Bashkortostan, next door); Cheboksary (Chuvashia, 100 km west of Kazan); Grozny (Chechnya, next to Dagestan).
    for (const [lat, lng] of [
      [55.7558, 37.6173],
      [54.7431, 55.9678],
      [56.1322, 47.2519],
      [43.3125, 45.6986],
    ] as const) {
      expect(placeDefaults('RU', 'Russia', lat, lng)).toMatchObject({
        prayerCalcMethod: 'Russia',
        reason: 'Spiritual Administration of Muslims of Russia — used in Russia',
      });
    }
    expect(placeDefaults('RU', 'Russia', 55.78874)).toMatchObject({ prayerCalcMethod: 'Russia' });
    // Kazakhstan's regions are not listed: the country's authority everywhere.
    expect(placeDefaults('KZ', 'Kazakhstan', 43.24, 76.95)).toMatchObject({ prayerCalcMethod: 'Kazakhstan' });
  });
});
