import { CalculationMethod, CalculationParameters, Rounding } from 'adhan';

/**
 * The calculation methods the product offers: one per authority Muslims follow (every method
 * Aladhan offers, plus variants its users ask for), each with the parameters that reproduce the
 * authority's published timetable. `id` is the value stored in preferences.prayer_calc_method (and
 * seeded into prayer_calc_methods by migrations/seeds/catalogue.ts, which a unit test keeps in step);
 * ids already stored are never renamed. docs/PRAYER-TIMES.md says how each was checked.
 */

/** How a published timetable turns an instant into its minute. */
export type MinuteRounding = 'nearest' | 'up' | 'down';

type Times = 'fajr' | 'sunrise' | 'dhuhr' | 'asr' | 'maghrib' | 'isha';

export interface Authority {
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
  preset?: keyof typeof CalculationMethod;
  fajrAngle: number;
  ishaAngle?: number;
  /** Isha as minutes after Maghrib instead of an angle. */
  ishaIntervalMinutes?: number;
  maghribAngle?: number;
  /** Fixed minutes added to a time (ihtiyati, temkin), on top of the preset's own. */
  adjustments?: Partial<Record<Times, number>>;
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
  /** Where adhan's parameters cannot carry the authority's rule (or the rule is fitted), in words. */
  note?: string;
  /**
   * The authority's own published times the official-timetable test reproduces (Fajr and sunrise within a
   * minute on at least 95 % of days, never more than 2), as settings show it ("JAKIM's e-Solat table for Kuala Lumpur, 2024 (365 days)"); absent
   * where no such table was found. official-timetables.test.ts keeps this in step with the fixtures.
   */
  checkedAgainst?: string;
  /**
   * The method is a convention that names no authority (Aladhan's Gulf Region, France's 15° and 18°): no
   * authority's published table can check it, and settings say so instead of "not yet checked".
   */
  namesNoAuthority?: true;
}

const NEAREST = { fajr: 'nearest', sunrise: 'nearest' } as const;

/** Order: the twelve methods offered before (their ids unchanged), then the rest of Aladhan's list, then variants. */
export const AUTHORITIES: readonly Authority[] = [
  {
    id: 'MuslimWorldLeague', label: 'Muslim World League', aladhanId: 3, preset: 'MuslimWorldLeague', fajrAngle: 18, ishaAngle: 17, adjustments: { sunrise: -4 },
    description: 'Muslim World League: Fajr at 18°, sunrise 4 minutes early. A common default in Europe, the Far East and parts of the Americas.',
    reference: 'https://themwl.org/en',
    checkedAgainst: "the League's Islamic Fiqh Council tables for Wolverhampton and Wuppertal, January 2010 (31 days each)",
    note: "Fajr is the Fiqh Council's 18° to the minute (its 2010 tables for European cities, made by the committee it formed in 2007, met in Brussels in 2009: Wolverhampton and Wuppertal, January, 62 days, exact on every day). Its sunrise is 3.0–5.0 min before the astronomical one (mean 3.4 in Wolverhampton, 4.5 in Wuppertal: an elevated horizon the tables do not state); 4 minutes early, rounded to the nearest minute, is within a minute on all 62 days (before: none). Fitted to two January months at 51–53° N; the Council's summer high-latitude amendments were not in the pages found.",
  },
  {
    id: 'Egyptian', label: 'Egyptian General Authority of Survey — Egypt', aladhanId: 5, preset: 'Egyptian', fajrAngle: 19.5, ishaAngle: 17.5,
    description: 'Egyptian General Authority of Survey (ESA): Fajr at 19.5°. Used in Egypt, much of Africa, Syria, Iraq and Lebanon.',
    reference: 'https://www.esa.gov.eg/monthlymwaket.aspx',
    checkedAgainst: "the Egyptian General Authority of Survey's Cairo table, September 2025 (30 days)",
  },
  {
    id: 'Karachi', label: 'University of Islamic Sciences, Karachi — South Asia', aladhanId: 1, preset: 'Karachi', fajrAngle: 18, ishaAngle: 18,
    description: 'University of Islamic Sciences, Karachi: Fajr at 18°. Used in Pakistan, Afghanistan, Bangladesh and India.',
    reference: 'https://www.banuri.edu.pk/namaz-times',
    checkedAgainst: "Jamia Uloom-ul-Islamia Banuri Town's Karachi table, October 2026 (31 days)",
  },
  {
    id: 'UmmAlQura', label: 'Umm al-Qura — Saudi Arabia', aladhanId: 4, preset: 'UmmAlQura', fajrAngle: 18.5, ishaIntervalMinutes: 90,
    adjustments: { fajr: 1 }, rounding: { fajr: 'nearest', sunrise: 'down' },
    description: 'Umm al-Qura calendar (Makkah): Fajr at 18.5° plus a minute; Isha 90 minutes after Maghrib. Used in Saudi Arabia.',
    reference: 'https://www.ummulqura.org.sa/',
    checkedAgainst: "the Umm al-Qura calendar's Riyadh table, Rabi' al-Awwal 1447 (30 days)",
    note: 'The published Riyadh table is 0.45–1.65 min after the 18.5° instant every day (a one-minute precaution) and its sunrise is rounded down; adhan rounds only all times alike, so the planner rounds sunrise down itself. Isha is 120 minutes in Ramadan (not modelled: the product calls only at Fajr).',
  },
  {
    id: 'Dubai', label: 'UAE Awqaf — United Arab Emirates', aladhanId: 16, preset: 'Dubai', fajrAngle: 18.2, ishaAngle: 18.2,
    description: 'General Authority of Islamic Affairs & Endowments (Awqaf), UAE: Fajr at 18.2°, sunrise 3 minutes early. Used in the UAE.',
    reference: 'https://www.awqaf.gov.ae/prayer-times',
    checkedAgainst: "UAE Awqaf's Dubai table, September 2025 (30 days)",
  },
  {
    id: 'MoonsightingCommittee', label: 'Moonsighting Committee Worldwide — UK and North America', aladhanId: 15, preset: 'MoonsightingCommittee', fajrAngle: 18, ishaAngle: 18,
    ownHighLatRule: "the Committee's own: Fajr no earlier than its seasonal limit before sunrise, and above 55° a seventh of the night.",
    description: "Moonsighting Committee Worldwide (Khalid Shaukat): Fajr at 18° with seasonal limits for higher latitudes. Used widely in the UK and North America; ISNA Canada’s published timetable follows it.",
    reference: 'https://www.moonsighting.com/how-we.html',
    checkedAgainst: "Moonsighting.com's London timetable for 2025 (365 days) and ISNA Canada's Mississauga Ramadan 2025 table (29 days)",
    note: "ISNA Canada's published timetable (Mississauga, Ramadan 2025) is this method: Fajr within ±0.5 min and Isha within ±0.4 min of adhan's preset on all 29 days, where ISNA's 15° is 11–14 min late (docs/PRAYER-TIMES.md).",
  },
  {
    id: 'NorthAmerica', label: 'ISNA — North America', aladhanId: 2, preset: 'NorthAmerica', fajrAngle: 15, ishaAngle: 15,
    description: 'Islamic Society of North America (ISNA): Fajr at 15°. Used by many mosques in the USA.',
    reference: 'https://isna.net/',
    checkedAgainst: "the Islamic Society of Greater Houston's Ramadan 2016 table (30 days), a US body that prints ISNA's 15° (no table from ISNA itself was found)",
    note: "ISNA's 15° method as US mosques print it: the Islamic Society of Greater Houston's Ramadan 2016 schedule is 15°/15° on all 30 days (Fajr, sunrise and Isha within a minute; 14.5° and 15.5° none). ISNA itself publishes no table that was found, and its Fiqh Council is quoted (ICOP, 2012) as having moved in 2011 to the Moonsighting Committee's seasonal times or 17.5°. ISNA Canada's own published timetable is the Moonsighting Committee's (11–14 min earlier; docs/PRAYER-TIMES.md), so Canada defaults to MoonsightingCommittee.",
  },
  {
    id: 'Kuwait', label: 'Ministry of Awqaf — Kuwait', aladhanId: 9, preset: 'Kuwait', fajrAngle: 18, ishaAngle: 17.5,
    description: "Kuwait’s Ministry of Awqaf: Fajr at 18°. Used in Kuwait.",
    reference: 'https://www.alojeiri.com/ar/ojeiri-calendar',
    checkedAgainst: "the Al-Ojeiri calendar's Kuwait City table, October–November 2026 (61 days)",
    note: "Checked against the Al-Ojeiri calendar's Kuwait City table (the schedule Kuwait publishes): Fajr −0.9 to +0.9 min from the 18° instant over 2026, sunrise −1.3 to +0.2; adhan's preset as is.",
  },
  {
    id: 'Qatar', label: 'Qatar Calendar House — Qatar', aladhanId: 10, preset: 'Qatar', fajrAngle: 18, ishaIntervalMinutes: 90, adjustments: { fajr: -1 },
    description: 'Qatar Calendar House (Dar Al-Taqweem Al-Qatri): Fajr at 18° less a minute, Isha 90 minutes after Maghrib. Used in Qatar.',
    reference: 'https://www.qatarch.com/',
    checkedAgainst: "Qatar Calendar House's perpetual Doha calendar (365 days)",
    note: "The perpetual calendar's Fajr is 0.1–1.8 min (mean 1.0) before the 18° instant all year: a one-minute precaution, fitted from its Doha table.",
  },
  {
    id: 'Singapore', label: 'MUIS — Singapore', aladhanId: 11, preset: 'Singapore', fajrAngle: 20, ishaAngle: 18, rounding: { fajr: 'up', sunrise: 'up' },
    description: 'Majlis Ugama Islam Singapura (MUIS): Fajr at 20°, times rounded up. Used in Singapore.',
    reference: 'https://www.muis.gov.sg/',
    checkedAgainst: "MUIS's Singapore tables for 2026 (365 days, data.gov.sg) and September 2025 (30 days)",
  },
  {
    id: 'Tehran', label: 'Institute of Geophysics, University of Tehran — Iran', aladhanId: 7, preset: 'Tehran', fajrAngle: 17.7, ishaAngle: 14, maghribAngle: 4.5,
    description: 'Institute of Geophysics, University of Tehran: Fajr at 17.7°. Used in Iran.',
    reference: 'https://calendar.ut.ac.ir/',
    checkedAgainst: "the Institute of Geophysics' 1405 tables for Tehran, Mashhad, Isfahan and Shiraz (16 dates across the seasons) and the first 6 days of its Ramadan 1446 Tehran table",
    note: "Midnight by the Ja'fari reckoning (sunset to Fajr) is not modelled by adhan; it matters only for Isha's end, not for Fajr.",
  },
  {
    id: 'Turkey', label: 'Diyanet — Turkey', aladhanId: 13, preset: 'Turkey', fajrAngle: 18, ishaAngle: 17,
    description: 'Diyanet İşleri Başkanlığı: Fajr (imsak) at 18°, sunrise 7 minutes early (temkin). Used in Turkey and by Turkish mosques abroad.',
    reference: 'https://namazvakitleri.diyanet.gov.tr/',
    checkedAgainst: "Diyanet's Ankara table, September–October 2025 (31 days)",
  },
  // Aladhan's other methods.
  {
    id: 'Jafari', label: "Shia Ithna-Ashari (Leva Institute, Qum) — Shia communities", aladhanId: 0, fajrAngle: 16, ishaAngle: 14, maghribAngle: 4,
    description: "Shia Ithna-Ashari as Aladhan and PrayTimes list it (“Leva Institute, Qum”): Fajr at 16°, Maghrib at 4°. Used by Shia (Ja’fari) communities worldwide.",
    reference: 'https://aladhan.com/calculation-methods',
    note: "Ja'fari midnight (sunset to Fajr) is not modelled by adhan; it matters only for Isha's end. No table from Leva itself was found, and no source for the numbers: PrayTimes.org carried them as plain “Ja'fari” from 2007 and added the Leva label in 2009. The Qum centre that Toronto's Jaffari Community Centre called “LEWA's official source” when it changed its timetable in February 2026 (nojumi.org, the Astronomical Research Center) computes Fajr at 18°, 9–23 minutes before 16° (`QumARC`); the Jaffari Community Centre's own old table was 16° (within a minute on 365 of 365 days, measured). Azerbaijan's Caucasus Muslims Board prints the same 16° Fajr (its Baku tables: 16° within a minute on 177 of 183 days), but its Isha (about 15°) and Maghrib (about 3.5°) are not Leva's, so it is a method of its own (`Azerbaijan`), not a check of this one; Sistani's office's UK tables are about 15° in London and 12° elsewhere.",
  },
  {
    id: 'Gulf', label: 'Gulf Region — Gulf states', aladhanId: 8, fajrAngle: 19.5, ishaIntervalMinutes: 90, namesNoAuthority: true,
    description: 'Gulf Region (Aladhan’s method 8, which names no authority; the Gulf ministries’ own tables are at 18–18.5°): Fajr at 19.5°, Isha 90 minutes after Maghrib. Used by apps and mosques that follow Aladhan’s Gulf Region setting.',
    reference: 'https://aladhan.com/calculation-methods',
  },
  {
    id: 'France12', label: 'UOIF (12°) — France', aladhanId: 12, fajrAngle: 12, ishaAngle: 12, adjustments: { fajr: -5, maghrib: 3, isha: 5 },
    description: "Union des Organisations Islamiques de France (Musulmans de France): Fajr at 12° minus 5 minutes, as its calendars print it. Used by many mosques in France.",
    reference: 'https://www.musulmansdefrance.fr/',
    checkedAgainst: "the Grande Mosquée de Lille's 2026 calendar (365 days), the mosque of a UOIF regional federation (no table from the UOIF itself was found)",
    note: "Checked against the Grande Mosquée de Lille's 2026 calendar (Lille-Sud, the Ligue islamique du Nord's mosque, whose rector Amar Lasfar presided over the UOIF; its Mawaqit calendar, 365 days, official-timetables fixture): it prints 12° minus 4 minutes, Maghrib +3 and Isha 12° +5, so this method's Fajr is a minute before it on 338 days and 2 minutes on 16 (within a minute on 95.6 %), never after; sunrise within a minute on every day. Aladhan's method 12 is plain 12°; the UOIF-labelled city calendars that Mawaqit carried in 2017–18 (Autun–Château-Chinon, Belfort-Montbéliard, Metz, Besançon, Le Mans, Thionville; second-hand and not licensed for reuse: measured, not committed) are 12° minus 5 minutes for Fajr (Autun 364 of 365 days within a minute, plain 12° on none), Maghrib 3 minutes after sunset and Isha 12° plus 5. Its Paris calendar is 1.75–5.3 minutes before 12° (mean 2.9, about 12.3°): minus 5 calls Paris users up to 3 minutes before their calendar, never after. Other French mosques' 2026 calendars (measured, not committed: no UOIF link found) are 12° minus 3 to 5: Mulhouse's Coteaux mosque minus 5, Limoges's Les Compagnons and Strasbourg's Quba minus 4, Marseille's Frais Vallon minus 3 (2 minutes before it every day with this method).",
  },
  {
    id: 'Russia', label: 'Spiritual Administration of Muslims of Russia — Russia', aladhanId: 14, fajrAngle: 18, ishaAngle: 15,
    adjustments: { sunrise: -6 }, sunriseAdjustmentInMonths: { months: [6, 7, 8, 9, 10, 11, 12], minutes: -5 },
    rounding: { fajr: 'down', sunrise: 'nearest' }, highLatRule: 'TwilightAngle',
    description: 'Spiritual Administration of Muslims of Russia (DUM RF): Fajr at 18°, in the white nights 18/60 of the night before sunrise; sunrise 5–6 minutes early. Used in Russia.',
    reference: 'https://dumrf.ru/',
    checkedAgainst: "DUM RF's Moscow table, January–May 2026 as its Cathedral Mosque publishes it (151 days) and its own October–November 2026 sheets (61 days)",
    note: "Fitted to DUM RF's Moscow table (January–May 2026, 151 days, the Moscow Cathedral Mosque's published calendar; October–November 2026, 61 days, DUM RF's own monthly sheets as a collector read them; official-timetables fixtures) and its 7 dated Moscow rows (2025-12-04 to 2026-10-08): Aladhan's 16° was 12–24 min late all year (60–75 min in summer with the seventh of the night); 18° with the twilight-angle rule, rounded down, is within a minute on all 212 days. DUM RF's sunrise is not one fixed precaution: its January–May sheets are 4.8–7.6 min before the astronomical sunrise (monthly means 6.8 in January to 5.5 in May), its October–November sheets 4.1–5.1 and its June, July, August and December rows 4.2–4.8. So sunrise is 6 min early from January to May and 5 from June to December, nearest minute (one year-round 6 is within a minute on 67 % of the autumn days; no fixed altitude or day shift fits both halves). Where between May and October the sheets change is not known (three summer rows); June is taken as the first month of the 5. Needs the twilight-angle high-latitude rule (Russia's place default); with the seventh of the night Fajr is clamped from March to October at Moscow's latitude.",
  },
  {
    id: 'Jakim', label: 'JAKIM — Malaysia', aladhanId: 17, fajrAngle: 18, ishaAngle: 18, adjustments: { fajr: 2 },
    description: 'Jabatan Kemajuan Islam Malaysia (JAKIM, e-Solat): Fajr (Subuh) at 18° plus 2 minutes ihtiyati. Used in Malaysia.',
    reference: 'https://www.e-solat.gov.my/',
    checkedAgainst: "JAKIM's e-Solat table for Kuala Lumpur, 2024 (365 days)",
    note: "Aladhan lists JAKIM at 20°; e-Solat's 2024 Kuala Lumpur table is 9–12 minutes later than 20° and fits 18° plus 2 minutes (docs/PRAYER-TIMES.md).",
  },
  {
    id: 'Tunisia', label: 'Ministry of Religious Affairs — Tunisia', aladhanId: 18, fajrAngle: 18, ishaAngle: 18,
    rounding: { fajr: 'down', sunrise: 'down' },
    description: "Tunisia’s Ministry of Religious Affairs: Fajr at 18°. Used in Tunisia.",
    reference: 'https://www.meteo.tn/fr/heures-prieres',
    checkedAgainst: "the Institut National de la Météorologie's Tunis table for 2026 (365 days)",
    note: "Tunisia's prayer times are published by the Institut National de la Météorologie (meteo.tn). Its Tunis table for 2026 (365 days) is 0–1.2 min before the 18° instants of Fajr and sunrise: both rounded down (fitted; exact on 349 and 352 days, nearest would be 162 and 196).",
  },
  {
    id: 'Algeria', label: 'Ministry of Religious Affairs — Algeria', aladhanId: 19, fajrAngle: 18, ishaAngle: 17, rounding: { fajr: 'up', sunrise: 'up' },
    description: "Algeria’s Ministry of Religious Affairs and Endowments: Fajr at 18°. Used in Algeria.",
    // The ministry's prayer-times page, where its yearly calendars (the PDFs the test's table was parsed from) are published.
    reference: 'https://www.marw.dz/?q=%D9%85%D9%88%D8%A7%D9%82%D9%8A%D8%AA-%D8%A7%D9%84%D8%B5%D9%84%D8%A7%D8%A9',
    checkedAgainst: "the Ministry's 1442 AH calendar for Algiers (355 days, from its marw.dz PDF)",
    note: "The ministry's tables are 0–1.3 min after the 18° instants of Fajr and sunrise: both rounded up (fitted on its app's 2026 Algiers rows, exact on 77 and 80 of 92 days; confirmed on its 1442 AH calendar, exact on 315 and 309 of 355 days, where nearest would be 156 and 138).",
  },
  {
    id: 'Kemenag', label: 'Kemenag — Indonesia', aladhanId: 20, fajrAngle: 20, ishaAngle: 18, adjustments: { fajr: 2, sunrise: -4 },
    description: 'Kementerian Agama Republik Indonesia (Kemenag, Bimas Islam): Fajr (Subuh) at 20° plus 2 minutes ihtiyati. Used in Indonesia.',
    reference: 'https://bimasislam.kemenag.go.id/web/jadwalshalat',
    checkedAgainst: "Kemenag's Jakarta table, September 2025 (30 days)",
    note: "Kemenag's sunrise (terbit) is 3.3–4.3 min before the astronomical one (its ihtiyati subtracted, plus a wider horizon); carried as a fixed -4 min fitted to its Jakarta table.",
  },
  {
    id: 'Morocco', label: 'Ministry of Habous and Islamic Affairs — Morocco', aladhanId: 21, fajrAngle: 19, ishaAngle: 17,
    adjustments: { sunrise: -3 }, rounding: { fajr: 'down', sunrise: 'nearest' },
    description: "Morocco’s Ministry of Habous and Islamic Affairs: Fajr at 19°. Used in Morocco.",
    reference: 'https://www.habous.gov.ma/',
    checkedAgainst: "the Ministry of Habous's Rabat table, Rabi' al-Awwal 1448 (30 days)",
    note: "Habous's Rabat table (Rabi' al-Awwal 1448) has Fajr 0–0.95 min before the 19° instant (rounded down) and sunrise 2.4–3.4 min before the astronomical one (3 minutes early): both fitted from that table. Morocco moved to UTC+0 on 2026-09-20 (tzdata 2026c); the server takes Casablanca's offsets from bundled IANA data where the runtime's are older (zoneFor, timezones.ts).",
  },
  {
    id: 'Portugal', label: 'Comunidade Islâmica de Lisboa — Portugal', aladhanId: 22, fajrAngle: 18, ishaIntervalMinutes: 77, adjustments: { maghrib: 3 },
    description: 'Comunidade Islâmica de Lisboa: Fajr at 18°, Maghrib 3 minutes after sunset, Isha 77 minutes after Maghrib. Used in Portugal.',
    reference: 'https://aladhan.com/calculation-methods',
  },
  {
    id: 'Jordan', label: 'Ministry of Awqaf — Jordan', aladhanId: 23, fajrAngle: 18, ishaAngle: 18, adjustments: { sunrise: -6, maghrib: 5 },
    rounding: { fajr: 'down', sunrise: 'down' },
    description: 'Ministry of Awqaf, Islamic Affairs and Holy Places, Jordan: Fajr at 18°, sunrise 6 minutes early, Maghrib 5 minutes after sunset. Used in Jordan.',
    reference: 'https://www.awqaf.gov.jo/ar/Pages/PrayerTime',
    checkedAgainst: "the Ministry of Awqaf's Amman table, March–December 2026 (295 days)",
    note: "Fitted to the ministry's Amman table (295 days of 2026): Fajr −1.15 to +0.20 min from the 18° instant (rounded down: exact on 251 days, nearest: 156), sunrise 5.7–7.7 min before the astronomical one (an elevated horizon; 6 minutes early, rounded down: 100 % within a minute, before 0 %).",
  },
  {
    id: 'Oman', label: 'Ministry of Endowments and Religious Affairs — Oman', aladhanId: null, fajrAngle: 18, ishaAngle: 18, adjustments: { maghrib: 5 },
    rounding: { fajr: 'up', sunrise: 'up' },
    description: "Oman’s Ministry of Endowments and Religious Affairs (MARA): Fajr at 18°, Maghrib 5 minutes after sunset. Used in Oman.",
    reference: 'https://www.mara.gov.om/arabic/calendar_page2.asp',
    checkedAgainst: "the ministry's Muscat table for 2026 (365 days)",
    note: "Not one of Aladhan's methods (its Gulf Region's 19.5° is 6.5–9.2 min earlier than the ministry). Fitted to the ministry's Muscat table (2026, 365 days, official-timetables fixtures; 2027 too, measured): Fajr −0.1 to +0.95 min from the 18° instant and sunrise −0.15 to +1.0, both rounded up; Maghrib 4.5–6.5 min after sunset.",
  },
  {
    id: 'Bangladesh', label: 'Islamic Foundation — Bangladesh', aladhanId: null, fajrAngle: 18, ishaAngle: 18, adjustments: { fajr: 1 },
    rounding: { fajr: 'up', sunrise: 'down' },
    description: 'Islamic Foundation Bangladesh: Fajr at 18° plus a minute of precaution, rounded up. Used in Bangladesh.',
    reference: 'https://islamicfoundation.gov.bd/',
    checkedAgainst: "the Islamic Foundation's Dhaka times as Bangladeshi newspapers printed them (46 dated days, 2021–2026)",
    note: "Not one of Aladhan's methods (Aladhan's Karachi, Bangladesh's default before, is 1–3 min earlier than the Foundation on half the days). Fitted to the Foundation's Dhaka times as Bangladeshi newspapers print them (46 dated days, 2021–2026, official-timetables fixture ifb-dhaka-newspapers.csv: Fajr within a minute on 44, max 2; sunrise on all 41 printed) and a 70-row permanent Dhaka table with no stated source: Fajr +0.07 to +2.90 min after the 18° instant, sunrise 0–1.6 min before the astronomical one.",
  },
  {
    id: 'Azerbaijan', label: 'Caucasus Muslims Board — Azerbaijan', aladhanId: null, fajrAngle: 16, ishaAngle: 15, maghribAngle: 3.5,
    rounding: { fajr: 'down', sunrise: 'nearest' },
    description: 'Caucasus Muslims Board (Qafqaz Müsəlmanları İdarəsi): Fajr at 16°, Maghrib about 15 minutes after sunset. Used in Azerbaijan.',
    // The Board's calendar page, where its monthly city tables are published.
    reference: 'https://www.qafqazislam.com/index.php?lang=az&sectionid=123',
    checkedAgainst: "the Caucasus Muslims Board's Baku tables for October–December 2025, April–May 2026 and September 2026 (183 days)",
    note: "Not one of Aladhan's methods (Azerbaijan's default before was the Muslim World League's 18°, about 10 min earlier than the Board). Read off the Board's Baku tables (183 days, official-timetables fixture): Fajr at 15.7–16.2°, Isha about 15°, Maghrib 12.5–17.3 min after sunset (about 3.5°). The Board reprints the same clock times every year (its April 2025 and April 2026 tables are identical), so no year's own sun fits every day: its spring 2026 Fajr runs about a minute before 16°, its autumn up to a minute after. Fajr is rounded down so the call is never after the Board's Fajr: within a minute on 177 of 183 days, the other 6 (September) 2 minutes early; nearest rounding would be 2 minutes late on 6 April–May days. Its Asr is the Hanafi one and its midnight the Ja'fari one (sunset to Fajr); neither decides the call.",
  },
  {
    id: 'QumARC', label: 'Astronomical Research Center, Qum — Shia communities', aladhanId: null, fajrAngle: 18, maghribAngle: 3.75, nextDaysSunInMonths: [5, 7, 10, 12],
    description: "Astronomical Research Center, Qum (nojumi.org, attached to Grand Ayatollah Sistani’s office): Fajr at 18°, Maghrib at 3.75° (4.5° in Iran). Used by Shia communities that take its times, such as Toronto’s Jaffari Community Centre since Ramadan 1447.",
    reference: 'https://www.nojumi.org/',
    checkedAgainst: "the Center's own times for Kitchener, Ontario, 2026 (365 days)",
    note: "Not one of Aladhan's methods. The Center computes times for any place (nojumi.org); its own 2026 output for Kitchener, Ontario (365 days, official-timetables fixture) is 18° (best fit 18.00°; 16° within a minute on none, 17.7° on 120) with the astronomical sunrise and Maghrib at 3.75°, and publishes no Isha (Maghrib is carried as 3.75° everywhere, its Iranian 4.5° not modelled; no call depends on Maghrib or Isha). Its day count slips: in May, July, October and December every date has the next date's sun (mean |published − exact| over Fajr and sunrise 0.26–0.33 min with the next date's sun, 0.69–1.35 with the date's own; in the other eight months 0.24–0.37 with the date's own, 0.52–1.99 with the next), which is what a day-of-year count rounding 30.6 × months up instead of down gives, exactly in the months after a 30-day month. The method does the same (the next date's 18° Fajr is up to 2.0 minutes from the date's own: earlier in May, later in July, October and December); without it 18° was within a minute on 326 of 365 days (89.3 %), with it on 363, the other two being the days its clock is an hour off: it prints each date in the offset in force at 00:00, so its 8 March and 1 November keep the old clock (the test compares the instants it means). A Kitchener Ramadan 1447 imsakiyya from an unnamed app is 18° on 30 of 30 days (exact on 29). Toronto's Jaffari Community Centre adopted “LEWA's official source (www.nojumi.org)” from Ramadan 1447 (its khutba summaries of 13 and 20 February 2026); its old table was 16°.",
  },
  {
    id: 'Bosnia', label: 'Islamska zajednica (Rijaset) — Bosnia and Herzegovina', aladhanId: null, fajrAngle: 19, adjustments: { sunrise: -6 }, sunOfYear: 2027,
    description: "Islamska zajednica u Bosni i Hercegovini (Rijaset), its Takvim: Fajr (zora) at 19°, sunrise about 6 minutes before the astronomical one. Used in Bosnia and Herzegovina.",
    // vaktija.ba publishes the Takvim's daily times (its open API's data is the test's table).
    reference: 'https://vaktija.ba/',
    checkedAgainst: "the Rijaset's Takvim for Sarajevo (365 days, as vaktija.ba publishes it; the same every year)",
    note: "Not one of Aladhan's methods (Bosnia's default before was the Muslim World League's 18°: 3.6–13.7 min after the Takvim's zora, mean 7.1, on no day within a minute). The Takvim is one perpetual table for Sarajevo (the same rows every year) with per-town minute differences (vaktija.ba's data, identical on the January days checked to the Rijaset's printed Takvim for 2014 and 2018). Its zora is 19° (per day 18.64–19.20°; 19.05° or 18.95° already fall to 91 % within a minute) and its sunrise 6 min before the astronomical one, both on one year's sun: a year third after a leap year (−6 min is within a minute on 97–98 % of days against the sun of 2019, 2023 or 2027, on 92 % against 2026's, on 69 % against a leap year's). So the method computes every date on 2027's sun, as the Takvim does on its year's: the same times every year, Fajr within a minute on 96.2 % of the Takvim's days and sunrise on 97.3 %, never more than 2 off (on each year's own sun, sunrise was within a minute on 92 % in 2026 and 69 % in 2028). The year is fitted: 2023–2035 pass the bar, 2027 is the middle. Dhuhr is transit + 1 min. Per-town differences are not modelled: the planner computes at the user's own point.",
  },
  {
    id: 'Kazakhstan', label: 'Spiritual Administration of Muslims of Kazakhstan — Kazakhstan', aladhanId: null, fajrAngle: 15, adjustments: { sunrise: -4 }, highLatRule: 'TwilightAngle',
    description: "Spiritual Administration of Muslims of Kazakhstan (QMDB, muftyat.kz): Fajr at 15° (in the north by the twilight-angle rule), sunrise 4 minutes early. Used in Kazakhstan.",
    reference: 'https://muftyat.kz/',
    checkedAgainst: "QMDB's own 2023 tables for Almaty, Astana and Shymkent, its 2026 tables for Almaty and Petropavl and its 2027 table for Almaty (365 days each, from its API)",
    note: "Not one of Aladhan's methods (Kazakhstan's default before was the Muslim World League's 18°: 16–38 min before QMDB's Fajr, mean about 20, on no day within a minute: calls before the time). Read off QMDB's own 2023 year tables (api.muftyat.kz, official-timetables fixtures): Fajr at 15.00° (14.89–15.10° per day), within a minute on 365 of 365 days in each city; at Astana (51.1° N) only with the twilight-angle rule (the seventh of the night or the middle of the night are up to 75 min off in May–July), so that rule is Kazakhstan's place default. QMDB's sunrise was 5 min before the astronomical one in 2023 and is about 3 at Almaty in 2026 and 2027 but 5 at Petropavl in 2026 (its whole years from its API, official-timetables fixtures); −4 is within a minute on 97–99.2 % of the days of every one of those tables (max 2), where −3 or −5 would fail some of them. Its Dhuhr, Asr (Hanafi) and Maghrib carry +5 min (2023), about +3 in 2026; Kazakhstan moved to UTC+5 on 2024-03-01 (tzdata 2024a).",
  },
  {
    id: 'Uzbekistan', label: 'Muslim Board of Uzbekistan — Uzbekistan', aladhanId: null, fajrAngle: 15.5,
    description: "Muslim Board of Uzbekistan (O‘zbekiston musulmonlari idorasi, muslim.uz): Fajr (tong) at 15.5°. Used in Uzbekistan.",
    reference: 'https://muslim.uz/',
    checkedAgainst: "the Board's own Tashkent times as its muslim.uz pages show them (11 dated days, May 2025 to February 2026)",
    note: "Not one of Aladhan's methods (Uzbekistan's default before was the Muslim World League's 18°: 13–22 min before the Board's Fajr, a call before the time; its sunrise −4 was 3.5–4.5 min early). Read off the Board's own site: the prayer-time header of muslim.uz pages gives Tashkent's times for the day the page was stored (11 dated days, official-timetables spot fixture): Fajr 15.42–15.53° (15.5° nearest: 11 of 11 within a minute), astronomical sunrise. Spot dates, not a 30-day table: no month of the Board's times was found (its islom.uz tables are fetched live by apps and bots, never stored). A 30-day Tashkent Ramadan 2021 table that names no source is about 15.2°; two October 2026 days copied by another app are 15.6°, with Dhuhr no longer 5 min after noon.",
  },
  {
    id: 'Kyrgyzstan', label: 'Spiritual Administration of Muslims of Kyrgyzstan — Kyrgyzstan', aladhanId: null, fajrAngle: 18, ishaAngle: 16,
    rounding: { fajr: 'down', sunrise: 'down' },
    description: 'Spiritual Administration of Muslims of Kyrgyzstan (Muftiyat, muftiyat.kg): Fajr at 18°, astronomical sunrise, each to the minute begun. Used in Kyrgyzstan.',
    reference: 'https://muftiyat.kg/ru/calendar/',
    checkedAgainst: "the Muftiyat's own Bishkek times from its calendar API, September–November 2026 (91 days)",
    note: "Not one of Aladhan's methods (Kyrgyzstan's default before was the Muslim World League's: its 18° Fajr agrees, but its sunrise, 4 min early, was within a minute on no day). Read off the Muftiyat's own calendar API for Bishkek (official-timetables fixture, 91 days): Fajr at 18° and the astronomical sunrise, both truncated to the minute begun (exact on 95.6 % and 96.7 % of days, every day within a minute); Isha about 16°, Maghrib about 7 min after sunset.",
  },
  {
    id: 'SriLanka', label: 'All Ceylon Jamiyyathul Ulama (ACJU) — Sri Lanka', aladhanId: null, fajrAngle: 20, ishaAngle: 18, adjustments: { fajr: 1 },
    description: 'All Ceylon Jamiyyathul Ulama (ACJU, acju.lk), its zone prayer-time tables: Fajr (Subh) at 20° plus a minute, astronomical sunrise. Used in Sri Lanka.',
    reference: 'https://www.acju.lk/prayer-times/',
    checkedAgainst: "ACJU's own tables for Colombo and Kandy (its monthly PDFs, 365 days each)",
    note: "Not one of Aladhan's methods (Sri Lanka's default before was the Muslim World League's 18°: 6–9 min after ACJU's Fajr, on no day within a minute, and its sunrise 3–5 min early). Read off ACJU's perpetual zone tables (zone 01 Colombo–Gampaha–Kalutara, zone 07 Kandy–Matale–Nuwara Eliya; official-timetables fixtures, a year assigned): Fajr at 20° plus a minute within a minute on every day (exact on 84 % and 86 %), astronomical sunrise; Isha about 18°, Dhuhr and Maghrib 1–2 min after noon and sunset. ACJU publishes 13 zone tables; in March 2025 it said it was revising the old table, starting with Maghrib.",
  },
  {
    id: 'Maldives', label: 'Ministry of Islamic Affairs — Maldives', aladhanId: null, fajrAngle: 19, ishaAngle: 19, adjustments: { sunrise: -2 },
    rounding: { fajr: 'up', sunrise: 'up' },
    description: 'Ministry of Islamic Affairs, Maldives, its island prayer-time table: Fajr (Fathis) at 19°, sunrise 2 minutes before the astronomical one. Used in the Maldives.',
    reference: 'https://www.islamicaffairs.gov.mv/',
    checkedAgainst: "the Ministry's Malé table as Maldivian prayer apps carry it (365 days; a day the Ministry announced in 2015 agrees)",
    note: "Not one of Aladhan's methods (the Maldives' default before was the Muslim World League's 18°: 3–5 min after the Ministry's Fajr, on no day within a minute). Read off the Ministry's perpetual island table (Malé: category 57, no offset) as three Maldivian apps carry it (second-hand: no file from the Ministry itself was found; a news report of the Ministry's notice for 28 September 2015, Fathis 4:41 and sunrise 5:53, matches it): Fajr at 19° and sunrise 2 min before the astronomical one, both to the next minute, within a minute on every day (exact on 80 % and 78 %); Isha about 19°.",
  },
  {
    id: 'Brunei', label: 'Ministry of Religious Affairs (KHEU) — Brunei', aladhanId: null, fajrAngle: 20, ishaAngle: 18,
    description: 'Kementerian Hal Ehwal Ugama (KHEU), Brunei Darussalam, its Waktu Sembahyang: Fajr (Subuh) at 20°, astronomical sunrise. Used in Brunei.',
    reference: 'https://www.mora.gov.bn/lists/waktusolat/waktusolat.aspx',
    checkedAgainst: "the Ministry's Bandar Seri Begawan table, June 2020 to May 2021, as an app transcribed it (365 days)",
    note: "Not one of Aladhan's methods. Brunei's default before was JAKIM's (18° plus 2 min, Malaysia's), 10–11 min after the Ministry's Subuh on every day. Read off the Ministry's Brunei-Muara table as the waktu-sembahyang-brunei app transcribed it (official-timetables fixture, 365 days; the app names the Ministry's page as its source): Fajr at 20° and the astronomical sunrise, nearest minute, exact on 94 % and 99 % of days, every day within a minute; Isha about 18°. 59 days of January–February 2026 that another app transcribed from the Ministry's table (measured, not committed: its holder reserves all rights) are exact on every day. Tutong and Belait are 1 and 3 min later.",
  },
  {
    id: 'Tatarstan', label: 'Spiritual Administration of Muslims of Tatarstan — Tatarstan', aladhanId: null, fajrAngle: 18, ishaAngle: 15,
    rounding: { fajr: 'down', sunrise: 'nearest' }, highLatRule: 'MiddleOfTheNight', fajrBeforeSunriseWithoutTwilightMinutes: 120,
    ownHighLatRule: "DUM RT's own: the 18° time however early, and on nights the sun never sinks 18° (about May to August) 2 hours before sunrise.",
    description: 'Spiritual Administration of Muslims of the Republic of Tatarstan (DUM RT): Fajr at 18°, on the white nights when the sun never sinks that far 2 hours before sunrise; astronomical sunrise. Used in Tatarstan.',
    reference: 'https://dumrt.ru/ru/namaz-time/',
    checkedAgainst: "DUM RT's own 2026 tables for Naberezhnye Chelny and Bugulma (its CSV files, 365 days each)",
    note: "Not one of Aladhan's methods; Tatarstan's default before was DUM RF's (Russia): on these tables its Fajr was within a minute on 70–71 % of days and up to 77–89 min off around the white nights (its twilight-angle rule moves the nights DUM RT prints as they are), its sunrise (5–6 min early) on none. Read off DUM RT's own 2026 CSV tables (dumrt.ru, as a collector of official tables stores them; official-timetables fixtures for Naberezhnye Chelny, 55.7° N, and Bugulma, 54.5° N): Fajr is the 18° time to the minute begun, even when that is near midnight (on 5 May in Chelny, 23:45 the evening before); on the nights the sun never sinks 18° (6 May to 7 August in Chelny, 10 May to 3 August in Bugulma) it is 2 hours before sunrise (121 min before the sunrise printed in 2026, 120 in its 2025 table); the sunrise is the astronomical one to the next minute in 2026 and about a minute earlier in 2025, so the method takes the nearest minute, within a minute of both years (to the next minute, 2025's Chelny table fell to 90 % within a minute); Isha about 15° (90 min after Maghrib on the white nights). Kazan's own table (55.8° N) fits on all but its threshold night: on 8 August it prints the white-night rule where the sun, by adhan's reckoning, just reaches 18° (23:50 the evening before; no point near Kazan makes both of its threshold nights agree), so Kazan is measured, not in the test (docs/PRAYER-TIMES.md); so is the 2025 Chelny table, which fails on its threshold night (5 May: 23:37 the evening before, where by adhan's reckoning the sun never sinks 18° that night, so the method gives the white-night 01:39).",
  },
  {
    id: 'Dagestan', label: 'Muftiate of the Republic of Dagestan — Dagestan', aladhanId: null, fajrAngle: 17.5, ishaAngle: 15, adjustments: { sunrise: -2 }, sunOfYear: 2026,
    description: 'Muftiate of the Republic of Dagestan (Muftiyat RD, muftiyatrd.ru), its town tables: Fajr at 17.5°, sunrise 2 minutes before the astronomical one. Used in Dagestan.',
    reference: 'https://muftiyatrd.ru/vremya-namaza',
    checkedAgainst: "the Muftiate's own tables for Makhachkala and Derbent (the files its site and app read, 365 days each; the same every year)",
    note: "Not one of Aladhan's methods; Dagestan's default before was DUM RF's (Russia): on these tables its Fajr was 2–7 min before the Muftiate's on every day (within a minute on none), its sunrise 2–5 min early (on none). Read off the Muftiate's own per-town files (muftiyatrd.ru/json/namaz/<town>.json, as a collector of official tables stores them; official-timetables fixtures for Makhachkala and Derbent): one perpetual year per town, Fajr at 17.5° (published minus exact −1.4 to +1.2 min) and sunrise 2 min before the astronomical one (−3.2 to −1.5), nearest minute; Isha 15°, Maghrib about 4 min after sunset. The drift within those ranges follows the sun of one year: on 2026's (a year second after a leap year, as 2022 and 2030) both are within a minute on every day of both towns, on a leap year's sun sunrise falls to 87–94 % (max 2), on 2023's or 2027's Fajr to 92–95 % (max 2), so the method computes every date on 2026's sun, as Bosnia's does on its Takvim's year. An unrelated app's own fit of the Muftiate's times (17.5°, 15°, sunrise −2.5) agrees.",
  },
  {
    id: 'Lebanon', label: 'Dar al-Fatwa — Lebanon', aladhanId: null, fajrAngle: 19.5, ishaAngle: 17.5, adjustments: { fajr: -1 }, sunOfYear: 1901,
    description: "Dar al-Fatwa of the Lebanese Republic, its perpetual prayer-time table for Beirut: Fajr at 19.5° less a minute, astronomical sunrise. Used in Lebanon.",
    reference: 'https://www.darfatwa.gov.lb/',
    checkedAgainst: "Dar al-Fatwa's own perpetual table for Beirut (359 days, as the Beirut association Ibad al-Rahman's apps carry it)",
    note: "Not one of Aladhan's methods; Lebanon's default before was the Egyptian General Authority's 19.5° (Aladhan's and adhan's choice for Lebanon): on Dar al-Fatwa's table it was within a minute of the Fajr on 46–59 % of days and up to 4 min after it from July to October. Read off the table (official-timetables fixture; its 2024, 2025 and 2026 printings as the same association typed them in are the same rows, with a 29 February row in 2024): one perpetual table, Fajr at 19.5° less a minute (or 19.7°; the sun 19.2–20.0° down by the date's own sun) and the astronomical sunrise, nearest minute. Its residuals against each year's own sun drift with the season by up to ±1.5 min, as a table computed on the sun of about 1900 does: the Gregorian calendar's dates move about 0.78 of a day a century against the sun between its century corrections, so that sun is a day behind today's on the same date. So the method computes every date on 1901's sun, as Bosnia's and Dagestan's do on their tables' years: Fajr within a minute on every day of the 2024 and 2025 printings and of the fixture (max 1), sunrise on 98.4 % (max 2); on 2026's own sun 19.5° less a minute is within a minute on 73 % (max 3). The year is fitted: 1900–1908 pass the bar on the printings, 2023–2027 do not; 1901 and 1902 put Fajr within a minute on every day, 1901 with the better sunrise. Isha and Maghrib are not compared (no call depends on them).",
  },
  // Variants users of one country choose between.
  {
    id: 'France15', label: 'France (15°) — some French mosques', aladhanId: null, fajrAngle: 15, ishaAngle: 15, namesNoAuthority: true,
    description: 'No single authority: Fajr at 15°, a middle course between the UOIF’s 12° and 18°. Used by some mosques in France.',
    reference: 'https://aladhan.com/calculation-methods',
  },
  {
    id: 'France18', label: 'France (18°) — some French mosques', aladhanId: null, fajrAngle: 18, ishaAngle: 18, namesNoAuthority: true,
    description: 'No single authority: Fajr at the classical 18°. Used by some mosques in France.',
    reference: 'https://aladhan.com/calculation-methods',
    note: "Not the Grande Mosquée de Paris's rule: its own 2015 Paris calendar (Fajr only, 365 days, measured 2026-11-23, docs/PRAYER-TIMES.md) is 18° from November to February but never earlier than the 18° time at 45° N; France18 is within a minute of it on 124–133 days (up to 38–101 min off in summer, by high-latitude rule), that rule on 353 (max 3). Not modelled.",
  },
];

const byId = new Map(AUTHORITIES.map((a) => [a.id, a]));

export function authorityOf(id: string): Authority | undefined {
  return byId.get(id);
}

/**
 * adhan moves a Fajr (and Isha) the sun gives, or fills one it does not give, with the high-latitude
 * rule's share of the night; an infinite share moves none and fills none, so Fajr is the sun's own time
 * or missing (for `fajrBeforeSunriseWithoutTwilightMinutes`, whose rule the planner applies).
 */
class SunOnlyParameters extends CalculationParameters {
  override nightPortions(): { fajr: number; isha: number } {
    return { fajr: Infinity, isha: Infinity };
  }
}

/** The adhan parameters of an authority; the planner applies `rounding` itself (adhan rounds nothing here). */
export function adhanParamsOf(a: Authority): CalculationParameters {
  const Custom = a.fajrBeforeSunriseWithoutTwilightMinutes === undefined ? CalculationParameters : SunOnlyParameters;
  const params = a.preset ? CalculationMethod[a.preset]() : new Custom('Other', a.fajrAngle, a.ishaAngle ?? 0, a.ishaIntervalMinutes ?? 0, a.maghribAngle ?? 0);
  params.fajrAngle = a.fajrAngle;
  if (a.ishaAngle !== undefined) params.ishaAngle = a.ishaAngle;
  if (a.ishaIntervalMinutes !== undefined) params.ishaInterval = a.ishaIntervalMinutes;
  if (a.maghribAngle !== undefined) params.maghribAngle = a.maghribAngle;
  // methodAdjustments are the authority's own minutes (the preset's plus ours); `adjustments` stay the user's.
  params.methodAdjustments = { ...params.methodAdjustments };
  for (const [time, minutes] of Object.entries(a.adjustments ?? {}) as [Times, number][]) params.methodAdjustments[time] += minutes;
  params.rounding = Rounding.None;
  return params;
}

export function roundingOf(a: Authority): { fajr: MinuteRounding; sunrise: MinuteRounding } {
  return a.rounding ?? NEAREST;
}
