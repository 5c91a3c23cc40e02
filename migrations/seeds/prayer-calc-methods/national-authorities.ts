import type { CalcMethod } from './method';

/** National authorities Aladhan does not offer, each reproducing its own published timetable. */
export const NATIONAL_AUTHORITIES = [
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
] as const satisfies readonly CalcMethod[];
