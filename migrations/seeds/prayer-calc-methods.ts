/**
 * The catalogue of calculation methods: one entry per authority Muslims follow (every method Aladhan offers, plus
 * variants its users ask for), each with the parameters that reproduce the authority's published timetable. `id` is
 * the value stored in preferences.prayer_calc_method; ids already stored are never renamed. docs/PRAYER-TIMES.md
 * says how each was checked.
 *
 * This is the catalogue's one home, and plain data: the planner reads it through
 * activities/src/domain/planning/authorities.ts (which checks each preset against adhan's), and seeds/catalogue.ts
 * generates the prayer_calc_methods rows from it. It lives here, not in activities, because migrations import knex
 * only (DESIGN.md) while activities may import this package; docs/DECISIONS.md.
 */

/** How a published timetable turns an instant into its minute. */
export type MinuteRounding = 'nearest' | 'up' | 'down';

/** The times an authority may move by fixed minutes. */
export type PrayerTime = 'fajr' | 'sunrise' | 'dhuhr' | 'asr' | 'maghrib' | 'isha';

/** One method of the catalogue, as plain data (checked against adhan's presets in activities' authorities.ts). */
export interface CalcMethod {
  /** Stored value; never renamed once shipped. */
  id: string;
  /** What settings show: the authority, then where it is used ("JAKIM — Malaysia"). */
  label: string;
  /** One line naming the authority and where it is used, with its Fajr rule. */
  description: string;
  /** Where the method is published or documented. */
  reference: string;
  /** Aladhan's method number, when Aladhan offers it (null: not one of Aladhan's). */
  aladhanId: number | null;
  /** adhan's preset this starts from (its seasonal or fixed adjustments), else a plain custom method. */
  preset?: string;
  fajrAngle: number;
  ishaAngle?: number;
  /** Isha as minutes after Maghrib instead of an angle. */
  ishaIntervalMinutes?: number;
  maghribAngle?: number;
  /** Fixed minutes added to a time (ihtiyati, temkin), on top of the preset's own. */
  adjustments?: Partial<Record<PrayerTime, number>>;
  /** How the authority rounds Fajr and sunrise to the minute (nearest unless its tables show otherwise). */
  rounding?: { fajr: MinuteRounding; sunrise: MinuteRounding };
  /**
   * The high-latitude rule the authority's own tables follow: a user whose country it is starts with it
   * (place defaults) instead of the rule by latitude; the user's saved rule is what the planner uses.
   */
  highLatRule?: 'MiddleOfTheNight' | 'SeventhOfTheNight' | 'TwilightAngle';
  /**
   * The authority publishes one perpetual table (the same times every year) computed on one year's sun:
   * the planner computes every date on this year's (its month and day), so the method's times too are
   * the same every year. The year is fitted on the table, as an angle is.
   */
  sunOfYear?: number;
  /**
   * Months (1–12) in which the authority's own calculation gives each date the next date's sun, a slip in
   * its day count that its published times show at every month boundary: the planner does the same, so
   * calls are at the minute it publishes. Read off its table, as an angle is.
   */
  nextDaysSunInMonths?: readonly number[];
  /**
   * Months (1–12) in which the authority's sunrise is `minutes` from the astronomical one instead of
   * `adjustments.sunrise`: its monthly sheets print a different precaution in those months (DUM RF: 6
   * minutes early from January to May, 5 from June to December). Read off its tables, as an angle is.
   */
  sunriseAdjustmentInMonths?: { months: readonly number[]; minutes: number };
  /**
   * The authority's own rule for the white nights, when the sun never sinks to the Fajr angle: Fajr this
   * many minutes before its (rounded) sunrise (DUM RT: 120, the "2 hours" its Tatarstan tables print from
   * May to August). On every other night Fajr is the angle's own time, however early (its tables clamp
   * nothing), so no high-latitude rule is used with such a method, as adhan uses none with the
   * Moonsighting Committee's.
   */
  fajrBeforeSunriseWithoutTwilightMinutes?: number;
  /**
   * The authority's own rule for the nights without twilight, in words, where it replaces the user's
   * high-latitude rule for Fajr (settings then say the rule chosen there is not used with this method).
   */
  ownHighLatRule?: string;
  /**
   * The authority's own published times the official-timetable test reproduces (Fajr and sunrise within a
   * minute on at least 95 % of days, never more than 2), as settings show it ("JAKIM's e-Solat table for Kuala
   * Lumpur, 2024 (365 days)"); absent where no such table was found. official-timetables.test.ts keeps this in step
   * with the fixtures.
   */
  checkedAgainst?: string;
  /**
   * The method is a convention that names no authority (Aladhan's Gulf Region, France's 15° and 18°): no
   * authority's published table can check it, and settings say so instead of "not yet checked".
   */
  namesNoAuthority?: true;
}

/** The method a place gets when its country has none of its own, and the seeded default. */
export const DEFAULT_CALC_METHOD = 'MuslimWorldLeague';

/** Order: the twelve methods offered before (their ids unchanged), then the rest of Aladhan's list, then variants. */
export const CALC_METHODS = [
  {
    id: 'MuslimWorldLeague',
    label: 'Muslim World League',
    aladhanId: 3,
    preset: 'MuslimWorldLeague',
    fajrAngle: 18,
    ishaAngle: 17,
    adjustments: { sunrise: -4 },
    description:
      'Muslim World League: Fajr at 18°, sunrise 4 minutes early. A common default in Europe, the Far East and parts ' +
      'of the Americas.',
    reference: 'https://themwl.org/en',
    checkedAgainst:
      "the League's Islamic Fiqh Council tables for Wolverhampton and Wuppertal, January 2010 (31 days each)",
  },
  {
    id: 'Egyptian',
    label: 'Egyptian General Authority of Survey — Egypt',
    aladhanId: 5,
    preset: 'Egyptian',
    fajrAngle: 19.5,
    ishaAngle: 17.5,
    description:
      'Egyptian General Authority of Survey (ESA): Fajr at 19.5°. Used in Egypt, much of Africa, Syria, Iraq and ' +
      'Lebanon.',
    reference: 'https://www.esa.gov.eg/monthlymwaket.aspx',
    checkedAgainst: "the Egyptian General Authority of Survey's Cairo table, September 2025 (30 days)",
  },
  {
    id: 'Karachi',
    label: 'University of Islamic Sciences, Karachi — South Asia',
    aladhanId: 1,
    preset: 'Karachi',
    fajrAngle: 18,
    ishaAngle: 18,
    description:
      'University of Islamic Sciences, Karachi: Fajr at 18°. Used in Pakistan, Afghanistan, Bangladesh and India.',
    reference: 'https://www.banuri.edu.pk/namaz-times',
    checkedAgainst: "Jamia Uloom-ul-Islamia Banuri Town's Karachi table, October 2026 (31 days)",
  },
  {
    id: 'UmmAlQura',
    label: 'Umm al-Qura — Saudi Arabia',
    aladhanId: 4,
    preset: 'UmmAlQura',
    fajrAngle: 18.5,
    ishaIntervalMinutes: 90,
    adjustments: { fajr: 1 },
    rounding: { fajr: 'nearest', sunrise: 'down' },
    description:
      'Umm al-Qura calendar (Makkah): Fajr at 18.5° plus a minute; Isha 90 minutes after Maghrib. Used in Saudi ' +
      'Arabia.',
    reference: 'https://www.ummulqura.org.sa/',
    checkedAgainst: "the Umm al-Qura calendar's Riyadh table, Rabi' al-Awwal 1447 (30 days)",
  },
  {
    id: 'Dubai',
    label: 'UAE Awqaf — United Arab Emirates',
    aladhanId: 16,
    preset: 'Dubai',
    fajrAngle: 18.2,
    ishaAngle: 18.2,
    description:
      'General Authority of Islamic Affairs & Endowments (Awqaf), UAE: Fajr at 18.2°, sunrise 3 minutes early. Used ' +
      'in the UAE.',
    reference: 'https://www.awqaf.gov.ae/prayer-times',
    checkedAgainst: "UAE Awqaf's Dubai table, September 2025 (30 days)",
  },
  {
    id: 'MoonsightingCommittee',
    label: 'Moonsighting Committee Worldwide — UK and North America',
    aladhanId: 15,
    preset: 'MoonsightingCommittee',
    fajrAngle: 18,
    ishaAngle: 18,
    ownHighLatRule:
      "the Committee's own: Fajr no earlier than its seasonal limit before sunrise, and above 55° a seventh of the " +
      'night.',
    description:
      'Moonsighting Committee Worldwide (Khalid Shaukat): Fajr at 18° with seasonal limits for higher latitudes. ' +
      'Used widely in the UK and North America; ISNA Canada’s published timetable follows it.',
    reference: 'https://www.moonsighting.com/how-we.html',
    checkedAgainst:
      "Moonsighting.com's London timetable for 2025 (365 days) and ISNA Canada's Mississauga Ramadan 2025 table (29 " +
      'days)',
  },
  {
    id: 'NorthAmerica',
    label: 'ISNA — North America',
    aladhanId: 2,
    preset: 'NorthAmerica',
    fajrAngle: 15,
    ishaAngle: 15,
    description: 'Islamic Society of North America (ISNA): Fajr at 15°. Used by many mosques in the USA.',
    reference: 'https://isna.net/',
    checkedAgainst:
      "the Islamic Society of Greater Houston's Ramadan 2016 table (30 days), a US body that prints ISNA's 15° (no " +
      'table from ISNA itself was found)',
  },
  {
    id: 'Kuwait',
    label: 'Ministry of Awqaf — Kuwait',
    aladhanId: 9,
    preset: 'Kuwait',
    fajrAngle: 18,
    ishaAngle: 17.5,
    description: 'Kuwait’s Ministry of Awqaf: Fajr at 18°. Used in Kuwait.',
    reference: 'https://www.alojeiri.com/ar/ojeiri-calendar',
    checkedAgainst: "the Al-Ojeiri calendar's Kuwait City table, October–November 2026 (61 days)",
  },
  {
    id: 'Qatar',
    label: 'Qatar Calendar House — Qatar',
    aladhanId: 10,
    preset: 'Qatar',
    fajrAngle: 18,
    ishaIntervalMinutes: 90,
    adjustments: { fajr: -1 },
    description:
      'Qatar Calendar House (Dar Al-Taqweem Al-Qatri): Fajr at 18° less a minute, Isha 90 minutes after Maghrib. ' +
      'Used in Qatar.',
    reference: 'https://www.qatarch.com/',
    checkedAgainst: "Qatar Calendar House's perpetual Doha calendar (365 days)",
  },
  {
    id: 'Singapore',
    label: 'MUIS — Singapore',
    aladhanId: 11,
    preset: 'Singapore',
    fajrAngle: 20,
    ishaAngle: 18,
    rounding: { fajr: 'up', sunrise: 'up' },
    description: 'Majlis Ugama Islam Singapura (MUIS): Fajr at 20°, times rounded up. Used in Singapore.',
    reference: 'https://www.muis.gov.sg/',
    checkedAgainst: "MUIS's Singapore tables for 2026 (365 days, data.gov.sg) and September 2025 (30 days)",
  },
  {
    id: 'Tehran',
    label: 'Institute of Geophysics, University of Tehran — Iran',
    aladhanId: 7,
    preset: 'Tehran',
    fajrAngle: 17.7,
    ishaAngle: 14,
    maghribAngle: 4.5,
    description: 'Institute of Geophysics, University of Tehran: Fajr at 17.7°. Used in Iran.',
    reference: 'https://calendar.ut.ac.ir/',
    checkedAgainst:
      "the Institute of Geophysics' 1405 tables for Tehran, Mashhad, Isfahan and Shiraz (16 dates across the " +
      'seasons) and the first 6 days of its Ramadan 1446 Tehran table',
  },
  {
    id: 'Turkey',
    label: 'Diyanet — Turkey',
    aladhanId: 13,
    preset: 'Turkey',
    fajrAngle: 18,
    ishaAngle: 17,
    description:
      'Diyanet İşleri Başkanlığı: Fajr (imsak) at 18°, sunrise 7 minutes early (temkin). Used in Turkey and by ' +
      'Turkish mosques abroad.',
    reference: 'https://namazvakitleri.diyanet.gov.tr/',
    checkedAgainst: "Diyanet's Ankara table, September–October 2025 (31 days)",
  },
  // Aladhan's other methods.
  {
    id: 'Jafari',
    label: 'Shia Ithna-Ashari (Leva Institute, Qum) — Shia communities',
    aladhanId: 0,
    fajrAngle: 16,
    ishaAngle: 14,
    maghribAngle: 4,
    description:
      'Shia Ithna-Ashari as Aladhan and PrayTimes list it (“Leva Institute, Qum”): Fajr at 16°, Maghrib at 4°. Used ' +
      'by Shia (Ja’fari) communities worldwide.',
    reference: 'https://aladhan.com/calculation-methods',
  },
  {
    id: 'Gulf',
    label: 'Gulf Region — Gulf states',
    aladhanId: 8,
    fajrAngle: 19.5,
    ishaIntervalMinutes: 90,
    namesNoAuthority: true,
    description:
      'Gulf Region (Aladhan’s method 8, which names no authority; the Gulf ministries’ own tables are at 18–18.5°): ' +
      'Fajr at 19.5°, Isha 90 minutes after Maghrib. Used by apps and mosques that follow Aladhan’s Gulf Region ' +
      'setting.',
    reference: 'https://aladhan.com/calculation-methods',
  },
  {
    id: 'France12',
    label: 'UOIF (12°) — France',
    aladhanId: 12,
    fajrAngle: 12,
    ishaAngle: 12,
    adjustments: { fajr: -5, maghrib: 3, isha: 5 },
    description:
      'Union des Organisations Islamiques de France (Musulmans de France): Fajr at 12° minus 5 minutes, as its ' +
      'calendars print it. Used by many mosques in France.',
    reference: 'https://www.musulmansdefrance.fr/',
    checkedAgainst:
      "the Grande Mosquée de Lille's 2026 calendar (365 days), the mosque of a UOIF regional federation (no table " +
      'from the UOIF itself was found)',
  },
  {
    id: 'Russia',
    label: 'Spiritual Administration of Muslims of Russia — Russia',
    aladhanId: 14,
    fajrAngle: 18,
    ishaAngle: 15,
    adjustments: { sunrise: -6 },
    sunriseAdjustmentInMonths: { months: [6, 7, 8, 9, 10, 11, 12], minutes: -5 },
    rounding: { fajr: 'down', sunrise: 'nearest' },
    highLatRule: 'TwilightAngle',
    description:
      'Spiritual Administration of Muslims of Russia (DUM RF): Fajr at 18°, in the white nights 18/60 of the night ' +
      'before sunrise; sunrise 5–6 minutes early. Used in Russia.',
    reference: 'https://dumrf.ru/',
    checkedAgainst:
      "DUM RF's Moscow table, January–May 2026 as its Cathedral Mosque publishes it (151 days) and its own " +
      'October–November 2026 sheets (61 days)',
  },
  {
    id: 'Jakim',
    label: 'JAKIM — Malaysia',
    aladhanId: 17,
    fajrAngle: 18,
    ishaAngle: 18,
    adjustments: { fajr: 2 },
    description:
      'Jabatan Kemajuan Islam Malaysia (JAKIM, e-Solat): Fajr (Subuh) at 18° plus 2 minutes ihtiyati. Used in ' +
      'Malaysia.',
    reference: 'https://www.e-solat.gov.my/',
    checkedAgainst: "JAKIM's e-Solat table for Kuala Lumpur, 2024 (365 days)",
  },
  {
    id: 'Tunisia',
    label: 'Ministry of Religious Affairs — Tunisia',
    aladhanId: 18,
    fajrAngle: 18,
    ishaAngle: 18,
    rounding: { fajr: 'down', sunrise: 'down' },
    description: 'Tunisia’s Ministry of Religious Affairs: Fajr at 18°. Used in Tunisia.',
    reference: 'https://www.meteo.tn/fr/heures-prieres',
    checkedAgainst: "the Institut National de la Météorologie's Tunis table for 2026 (365 days)",
  },
  {
    id: 'Algeria',
    label: 'Ministry of Religious Affairs — Algeria',
    aladhanId: 19,
    fajrAngle: 18,
    ishaAngle: 17,
    rounding: { fajr: 'up', sunrise: 'up' },
    description: 'Algeria’s Ministry of Religious Affairs and Endowments: Fajr at 18°. Used in Algeria.',
    // The ministry's prayer-times page, where its yearly calendars (the PDFs the test's table was parsed from) are
    // published.
    reference: 'https://www.marw.dz/?q=%D9%85%D9%88%D8%A7%D9%82%D9%8A%D8%AA-%D8%A7%D9%84%D8%B5%D9%84%D8%A7%D8%A9',
    checkedAgainst: "the Ministry's 1442 AH calendar for Algiers (355 days, from its marw.dz PDF)",
  },
  {
    id: 'Kemenag',
    label: 'Kemenag — Indonesia',
    aladhanId: 20,
    fajrAngle: 20,
    ishaAngle: 18,
    adjustments: { fajr: 2, sunrise: -4 },
    description:
      'Kementerian Agama Republik Indonesia (Kemenag, Bimas Islam): Fajr (Subuh) at 20° plus 2 minutes ihtiyati. ' +
      'Used in Indonesia.',
    reference: 'https://bimasislam.kemenag.go.id/web/jadwalshalat',
    checkedAgainst: "Kemenag's Jakarta table, September 2025 (30 days)",
  },
  {
    id: 'Morocco',
    label: 'Ministry of Habous and Islamic Affairs — Morocco',
    aladhanId: 21,
    fajrAngle: 19,
    ishaAngle: 17,
    adjustments: { sunrise: -3 },
    rounding: { fajr: 'down', sunrise: 'nearest' },
    description: 'Morocco’s Ministry of Habous and Islamic Affairs: Fajr at 19°. Used in Morocco.',
    reference: 'https://www.habous.gov.ma/',
    checkedAgainst: "the Ministry of Habous's Rabat table, Rabi' al-Awwal 1448 (30 days)",
  },
  {
    id: 'Portugal',
    label: 'Comunidade Islâmica de Lisboa — Portugal',
    aladhanId: 22,
    fajrAngle: 18,
    ishaIntervalMinutes: 77,
    adjustments: { maghrib: 3 },
    description:
      'Comunidade Islâmica de Lisboa: Fajr at 18°, Maghrib 3 minutes after sunset, Isha 77 minutes after Maghrib. ' +
      'Used in Portugal.',
    reference: 'https://aladhan.com/calculation-methods',
  },
  {
    id: 'Jordan',
    label: 'Ministry of Awqaf — Jordan',
    aladhanId: 23,
    fajrAngle: 18,
    ishaAngle: 18,
    adjustments: { sunrise: -6, maghrib: 5 },
    rounding: { fajr: 'down', sunrise: 'down' },
    description:
      'Ministry of Awqaf, Islamic Affairs and Holy Places, Jordan: Fajr at 18°, sunrise 6 minutes early, Maghrib 5 ' +
      'minutes after sunset. Used in Jordan.',
    reference: 'https://www.awqaf.gov.jo/ar/Pages/PrayerTime',
    checkedAgainst: "the Ministry of Awqaf's Amman table, March–December 2026 (295 days)",
  },
  {
    id: 'Oman',
    label: 'Ministry of Endowments and Religious Affairs — Oman',
    aladhanId: null,
    fajrAngle: 18,
    ishaAngle: 18,
    adjustments: { maghrib: 5 },
    rounding: { fajr: 'up', sunrise: 'up' },
    description:
      'Oman’s Ministry of Endowments and Religious Affairs (MARA): Fajr at 18°, Maghrib 5 minutes after sunset. Used ' +
      'in Oman.',
    reference: 'https://www.mara.gov.om/arabic/calendar_page2.asp',
    checkedAgainst: "the ministry's Muscat table for 2026 (365 days)",
  },
  {
    id: 'Bangladesh',
    label: 'Islamic Foundation — Bangladesh',
    aladhanId: null,
    fajrAngle: 18,
    ishaAngle: 18,
    adjustments: { fajr: 1 },
    rounding: { fajr: 'up', sunrise: 'down' },
    description:
      'Islamic Foundation Bangladesh: Fajr at 18° plus a minute of precaution, rounded up. Used in Bangladesh.',
    reference: 'https://islamicfoundation.gov.bd/',
    checkedAgainst:
      "the Islamic Foundation's Dhaka times as Bangladeshi newspapers printed them (46 dated days, 2021–2026)",
  },
  {
    id: 'Azerbaijan',
    label: 'Caucasus Muslims Board — Azerbaijan',
    aladhanId: null,
    fajrAngle: 16,
    ishaAngle: 15,
    maghribAngle: 3.5,
    rounding: { fajr: 'down', sunrise: 'nearest' },
    description:
      'Caucasus Muslims Board (Qafqaz Müsəlmanları İdarəsi): Fajr at 16°, Maghrib about 15 minutes after sunset. ' +
      'Used in Azerbaijan.',
    // The Board's calendar page, where its monthly city tables are published.
    reference: 'https://www.qafqazislam.com/index.php?lang=az&sectionid=123',
    checkedAgainst:
      "the Caucasus Muslims Board's Baku tables for October–December 2025, April–May 2026 and September 2026 (183 " +
      'days)',
  },
  {
    id: 'QumARC',
    label: 'Astronomical Research Center, Qum — Shia communities',
    aladhanId: null,
    fajrAngle: 18,
    maghribAngle: 3.75,
    nextDaysSunInMonths: [5, 7, 10, 12],
    description:
      'Astronomical Research Center, Qum (nojumi.org, attached to Grand Ayatollah Sistani’s office): Fajr at 18°, ' +
      'Maghrib at 3.75° (4.5° in Iran). Used by Shia communities that take its times, such as Toronto’s Jaffari ' +
      'Community Centre since Ramadan 1447.',
    reference: 'https://www.nojumi.org/',
    checkedAgainst: "the Center's own times for Kitchener, Ontario, 2026 (365 days)",
  },
  {
    id: 'Bosnia',
    label: 'Islamska zajednica (Rijaset) — Bosnia and Herzegovina',
    aladhanId: null,
    fajrAngle: 19,
    adjustments: { sunrise: -6 },
    sunOfYear: 2027,
    description:
      'Islamska zajednica u Bosni i Hercegovini (Rijaset), its Takvim: Fajr (zora) at 19°, sunrise about 6 minutes ' +
      'before the astronomical one. Used in Bosnia and Herzegovina.',
    // vaktija.ba publishes the Takvim's daily times (its open API's data is the test's table).
    reference: 'https://vaktija.ba/',
    checkedAgainst: "the Rijaset's Takvim for Sarajevo (365 days, as vaktija.ba publishes it; the same every year)",
  },
  {
    id: 'Kazakhstan',
    label: 'Spiritual Administration of Muslims of Kazakhstan — Kazakhstan',
    aladhanId: null,
    fajrAngle: 15,
    adjustments: { sunrise: -4 },
    highLatRule: 'TwilightAngle',
    description:
      'Spiritual Administration of Muslims of Kazakhstan (QMDB, muftyat.kz): Fajr at 15° (in the north by the ' +
      'twilight-angle rule), sunrise 4 minutes early. Used in Kazakhstan.',
    reference: 'https://muftyat.kz/',
    checkedAgainst:
      "QMDB's own 2023 tables for Almaty, Astana and Shymkent, its 2026 tables for Almaty and Petropavl and its 2027 " +
      'table for Almaty (365 days each, from its API)',
  },
  {
    id: 'Uzbekistan',
    label: 'Muslim Board of Uzbekistan — Uzbekistan',
    aladhanId: null,
    fajrAngle: 15.5,
    description:
      'Muslim Board of Uzbekistan (O‘zbekiston musulmonlari idorasi, muslim.uz): Fajr (tong) at 15.5°. Used in ' +
      'Uzbekistan.',
    reference: 'https://muslim.uz/',
    checkedAgainst:
      "the Board's own Tashkent times as its muslim.uz pages show them (11 dated days, May 2025 to February 2026)",
  },
  {
    id: 'Kyrgyzstan',
    label: 'Spiritual Administration of Muslims of Kyrgyzstan — Kyrgyzstan',
    aladhanId: null,
    fajrAngle: 18,
    ishaAngle: 16,
    rounding: { fajr: 'down', sunrise: 'down' },
    description:
      'Spiritual Administration of Muslims of Kyrgyzstan (Muftiyat, muftiyat.kg): Fajr at 18°, astronomical sunrise, ' +
      'each to the minute begun. Used in Kyrgyzstan.',
    reference: 'https://muftiyat.kg/ru/calendar/',
    checkedAgainst: "the Muftiyat's own Bishkek times from its calendar API, September–November 2026 (91 days)",
  },
  {
    id: 'SriLanka',
    label: 'All Ceylon Jamiyyathul Ulama (ACJU) — Sri Lanka',
    aladhanId: null,
    fajrAngle: 20,
    ishaAngle: 18,
    adjustments: { fajr: 1 },
    description:
      'All Ceylon Jamiyyathul Ulama (ACJU, acju.lk), its zone prayer-time tables: Fajr (Subh) at 20° plus a minute, ' +
      'astronomical sunrise. Used in Sri Lanka.',
    reference: 'https://www.acju.lk/prayer-times/',
    checkedAgainst: "ACJU's own tables for Colombo and Kandy (its monthly PDFs, 365 days each)",
  },
  {
    id: 'Maldives',
    label: 'Ministry of Islamic Affairs — Maldives',
    aladhanId: null,
    fajrAngle: 19,
    ishaAngle: 19,
    adjustments: { sunrise: -2 },
    rounding: { fajr: 'up', sunrise: 'up' },
    description:
      'Ministry of Islamic Affairs, Maldives, its island prayer-time table: Fajr (Fathis) at 19°, sunrise 2 minutes ' +
      'before the astronomical one. Used in the Maldives.',
    reference: 'https://www.islamicaffairs.gov.mv/',
    checkedAgainst:
      "the Ministry's Malé table as Maldivian prayer apps carry it (365 days; a day the Ministry announced in 2015 " +
      'agrees)',
  },
  {
    id: 'Brunei',
    label: 'Ministry of Religious Affairs (KHEU) — Brunei',
    aladhanId: null,
    fajrAngle: 20,
    ishaAngle: 18,
    description:
      'Kementerian Hal Ehwal Ugama (KHEU), Brunei Darussalam, its Waktu Sembahyang: Fajr (Subuh) at 20°, ' +
      'astronomical sunrise. Used in Brunei.',
    reference: 'https://www.mora.gov.bn/lists/waktusolat/waktusolat.aspx',
    checkedAgainst:
      "the Ministry's Bandar Seri Begawan table, June 2020 to May 2021, as an app transcribed it (365 days)",
  },
  {
    id: 'Tatarstan',
    label: 'Spiritual Administration of Muslims of Tatarstan — Tatarstan',
    aladhanId: null,
    fajrAngle: 18,
    ishaAngle: 15,
    rounding: { fajr: 'down', sunrise: 'nearest' },
    highLatRule: 'MiddleOfTheNight',
    fajrBeforeSunriseWithoutTwilightMinutes: 120,
    ownHighLatRule:
      "DUM RT's own: the 18° time however early, and on nights the sun never sinks 18° (about May to August) 2 hours " +
      'before sunrise.',
    description:
      'Spiritual Administration of Muslims of the Republic of Tatarstan (DUM RT): Fajr at 18°, on the white nights ' +
      'when the sun never sinks that far 2 hours before sunrise; astronomical sunrise. Used in Tatarstan.',
    reference: 'https://dumrt.ru/ru/namaz-time/',
    checkedAgainst: "DUM RT's own 2026 tables for Naberezhnye Chelny and Bugulma (its CSV files, 365 days each)",
  },
  {
    id: 'Dagestan',
    label: 'Muftiate of the Republic of Dagestan — Dagestan',
    aladhanId: null,
    fajrAngle: 17.5,
    ishaAngle: 15,
    adjustments: { sunrise: -2 },
    sunOfYear: 2026,
    description:
      'Muftiate of the Republic of Dagestan (Muftiyat RD, muftiyatrd.ru), its town tables: Fajr at 17.5°, sunrise 2 ' +
      'minutes before the astronomical one. Used in Dagestan.',
    reference: 'https://muftiyatrd.ru/vremya-namaza',
    checkedAgainst:
      "the Muftiate's own tables for Makhachkala and Derbent (the files its site and app read, 365 days each; the " +
      'same every year)',
  },
  {
    id: 'Lebanon',
    label: 'Dar al-Fatwa — Lebanon',
    aladhanId: null,
    fajrAngle: 19.5,
    ishaAngle: 17.5,
    adjustments: { fajr: -1 },
    sunOfYear: 1901,
    description:
      'Dar al-Fatwa of the Lebanese Republic, its perpetual prayer-time table for Beirut: Fajr at 19.5° less a ' +
      'minute, astronomical sunrise. Used in Lebanon.',
    reference: 'https://www.darfatwa.gov.lb/',
    checkedAgainst:
      "Dar al-Fatwa's own perpetual table for Beirut (359 days, as the Beirut association Ibad al-Rahman's apps " +
      'carry it)',
  },
  // Variants users of one country choose between.
  {
    id: 'France15',
    label: 'France (15°) — some French mosques',
    aladhanId: null,
    fajrAngle: 15,
    ishaAngle: 15,
    namesNoAuthority: true,
    description:
      'No single authority: Fajr at 15°, a middle course between the UOIF’s 12° and 18°. Used by some mosques in ' +
      'France.',
    reference: 'https://aladhan.com/calculation-methods',
  },
  {
    id: 'France18',
    label: 'France (18°) — some French mosques',
    aladhanId: null,
    fajrAngle: 18,
    ishaAngle: 18,
    namesNoAuthority: true,
    description: 'No single authority: Fajr at the classical 18°. Used by some mosques in France.',
    reference: 'https://aladhan.com/calculation-methods',
  },
] as const satisfies readonly CalcMethod[];
