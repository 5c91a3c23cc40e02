import type { CalcMethod } from './method';

/** The twelve methods offered first, in their order; their ids are stored and never renamed. */
export const FIRST_TWELVE = [
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
] as const satisfies readonly CalcMethod[];
