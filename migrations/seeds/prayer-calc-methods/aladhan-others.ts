import type { CalcMethod } from './method';

/** The rest of Aladhan's methods (each with its Aladhan method number). */
export const ALADHAN_OTHERS = [
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
] as const satisfies readonly CalcMethod[];
