import type { Knex } from 'knex';

// One row per method of activities/src/domain/planning/authorities.ts (its unit test keeps the two equal):
// the planner maps the name to the authority's parameters. Names already stored are never renamed.
export const prayerCalcMethods = [
  { name: 'MuslimWorldLeague', label: 'Muslim World League', description: 'Muslim World League: Fajr at 18°, sunrise 4 minutes early. A common default in Europe, the Far East and parts of the Americas.', is_default: true },
  { name: 'Egyptian', label: 'Egyptian General Authority of Survey — Egypt', description: 'Egyptian General Authority of Survey (ESA): Fajr at 19.5°. Used in Egypt, much of Africa, Syria, Iraq and Lebanon.', is_default: false },
  { name: 'Karachi', label: 'University of Islamic Sciences, Karachi — South Asia', description: 'University of Islamic Sciences, Karachi: Fajr at 18°. Used in Pakistan, Afghanistan, Bangladesh and India.', is_default: false },
  { name: 'UmmAlQura', label: 'Umm al-Qura — Saudi Arabia', description: 'Umm al-Qura calendar (Makkah): Fajr at 18.5° plus a minute; Isha 90 minutes after Maghrib. Used in Saudi Arabia.', is_default: false },
  { name: 'Dubai', label: 'UAE Awqaf — United Arab Emirates', description: 'General Authority of Islamic Affairs & Endowments (Awqaf), UAE: Fajr at 18.2°, sunrise 3 minutes early. Used in the UAE.', is_default: false },
  { name: 'MoonsightingCommittee', label: 'Moonsighting Committee Worldwide — UK and North America', description: 'Moonsighting Committee Worldwide (Khalid Shaukat): Fajr at 18° with seasonal limits for higher latitudes. Used widely in the UK and North America; ISNA Canada’s published timetable follows it.', is_default: false },
  { name: 'NorthAmerica', label: 'ISNA — North America', description: 'Islamic Society of North America (ISNA): Fajr at 15°. Used by many mosques in the USA.', is_default: false },
  { name: 'Kuwait', label: 'Ministry of Awqaf — Kuwait', description: 'Kuwait’s Ministry of Awqaf: Fajr at 18°. Used in Kuwait.', is_default: false },
  { name: 'Qatar', label: 'Qatar Calendar House — Qatar', description: 'Qatar Calendar House (Dar Al-Taqweem Al-Qatri): Fajr at 18° less a minute, Isha 90 minutes after Maghrib. Used in Qatar.', is_default: false },
  { name: 'Singapore', label: 'MUIS — Singapore', description: 'Majlis Ugama Islam Singapura (MUIS): Fajr at 20°, times rounded up. Used in Singapore.', is_default: false },
  { name: 'Tehran', label: 'Institute of Geophysics, University of Tehran — Iran', description: 'Institute of Geophysics, University of Tehran: Fajr at 17.7°. Used in Iran.', is_default: false },
  { name: 'Turkey', label: 'Diyanet — Turkey', description: 'Diyanet İşleri Başkanlığı: Fajr (imsak) at 18°, sunrise 7 minutes early (temkin). Used in Turkey and by Turkish mosques abroad.', is_default: false },
  { name: 'Jafari', label: 'Shia Ithna-Ashari (Leva Institute, Qum) — Shia communities', description: 'Shia Ithna-Ashari as Aladhan and PrayTimes list it (“Leva Institute, Qum”): Fajr at 16°, Maghrib at 4°. Used by Shia (Ja’fari) communities worldwide.', is_default: false },
  { name: 'Gulf', label: 'Gulf Region — Gulf states', description: 'Gulf Region (Aladhan’s method 8, which names no authority; the Gulf ministries’ own tables are at 18–18.5°): Fajr at 19.5°, Isha 90 minutes after Maghrib. Used by apps and mosques that follow Aladhan’s Gulf Region setting.', is_default: false },
  { name: 'France12', label: 'UOIF (12°) — France', description: 'Union des Organisations Islamiques de France (Musulmans de France): Fajr at 12° minus 5 minutes, as its calendars print it. Used by many mosques in France.', is_default: false },
  { name: 'Russia', label: 'Spiritual Administration of Muslims of Russia — Russia', description: 'Spiritual Administration of Muslims of Russia (DUM RF): Fajr at 18°, in the white nights 18/60 of the night before sunrise; sunrise 5–6 minutes early. Used in Russia.', is_default: false },
  { name: 'Jakim', label: 'JAKIM — Malaysia', description: 'Jabatan Kemajuan Islam Malaysia (JAKIM, e-Solat): Fajr (Subuh) at 18° plus 2 minutes ihtiyati. Used in Malaysia.', is_default: false },
  { name: 'Tunisia', label: 'Ministry of Religious Affairs — Tunisia', description: 'Tunisia’s Ministry of Religious Affairs: Fajr at 18°. Used in Tunisia.', is_default: false },
  { name: 'Algeria', label: 'Ministry of Religious Affairs — Algeria', description: 'Algeria’s Ministry of Religious Affairs and Endowments: Fajr at 18°. Used in Algeria.', is_default: false },
  { name: 'Kemenag', label: 'Kemenag — Indonesia', description: 'Kementerian Agama Republik Indonesia (Kemenag, Bimas Islam): Fajr (Subuh) at 20° plus 2 minutes ihtiyati. Used in Indonesia.', is_default: false },
  { name: 'Morocco', label: 'Ministry of Habous and Islamic Affairs — Morocco', description: 'Morocco’s Ministry of Habous and Islamic Affairs: Fajr at 19°. Used in Morocco.', is_default: false },
  { name: 'Portugal', label: 'Comunidade Islâmica de Lisboa — Portugal', description: 'Comunidade Islâmica de Lisboa: Fajr at 18°, Maghrib 3 minutes after sunset, Isha 77 minutes after Maghrib. Used in Portugal.', is_default: false },
  { name: 'Jordan', label: 'Ministry of Awqaf — Jordan', description: 'Ministry of Awqaf, Islamic Affairs and Holy Places, Jordan: Fajr at 18°, sunrise 6 minutes early, Maghrib 5 minutes after sunset. Used in Jordan.', is_default: false },
  { name: 'Oman', label: 'Ministry of Endowments and Religious Affairs — Oman', description: "Oman’s Ministry of Endowments and Religious Affairs (MARA): Fajr at 18°, Maghrib 5 minutes after sunset. Used in Oman.", is_default: false },
  { name: 'Bangladesh', label: 'Islamic Foundation — Bangladesh', description: 'Islamic Foundation Bangladesh: Fajr at 18° plus a minute of precaution, rounded up. Used in Bangladesh.', is_default: false },
  { name: 'Azerbaijan', label: 'Caucasus Muslims Board — Azerbaijan', description: 'Caucasus Muslims Board (Qafqaz Müsəlmanları İdarəsi): Fajr at 16°, Maghrib about 15 minutes after sunset. Used in Azerbaijan.', is_default: false },
  { name: 'QumARC', label: 'Astronomical Research Center, Qum — Shia communities', description: 'Astronomical Research Center, Qum (nojumi.org, attached to Grand Ayatollah Sistani’s office): Fajr at 18°, Maghrib at 3.75° (4.5° in Iran). Used by Shia communities that take its times, such as Toronto’s Jaffari Community Centre since Ramadan 1447.', is_default: false },
  { name: 'Bosnia', label: 'Islamska zajednica (Rijaset) — Bosnia and Herzegovina', description: 'Islamska zajednica u Bosni i Hercegovini (Rijaset), its Takvim: Fajr (zora) at 19°, sunrise about 6 minutes before the astronomical one. Used in Bosnia and Herzegovina.', is_default: false },
  { name: 'Kazakhstan', label: 'Spiritual Administration of Muslims of Kazakhstan — Kazakhstan', description: 'Spiritual Administration of Muslims of Kazakhstan (QMDB, muftyat.kz): Fajr at 15° (in the north by the twilight-angle rule), sunrise 4 minutes early. Used in Kazakhstan.', is_default: false },
  { name: 'Uzbekistan', label: 'Muslim Board of Uzbekistan — Uzbekistan', description: 'Muslim Board of Uzbekistan (O‘zbekiston musulmonlari idorasi, muslim.uz): Fajr (tong) at 15.5°. Used in Uzbekistan.', is_default: false },
  { name: 'Kyrgyzstan', label: 'Spiritual Administration of Muslims of Kyrgyzstan — Kyrgyzstan', description: 'Spiritual Administration of Muslims of Kyrgyzstan (Muftiyat, muftiyat.kg): Fajr at 18°, astronomical sunrise, each to the minute begun. Used in Kyrgyzstan.', is_default: false },
  { name: 'SriLanka', label: 'All Ceylon Jamiyyathul Ulama (ACJU) — Sri Lanka', description: 'All Ceylon Jamiyyathul Ulama (ACJU, acju.lk), its zone prayer-time tables: Fajr (Subh) at 20° plus a minute, astronomical sunrise. Used in Sri Lanka.', is_default: false },
  { name: 'Maldives', label: 'Ministry of Islamic Affairs — Maldives', description: 'Ministry of Islamic Affairs, Maldives, its island prayer-time table: Fajr (Fathis) at 19°, sunrise 2 minutes before the astronomical one. Used in the Maldives.', is_default: false },
  { name: 'Brunei', label: 'Ministry of Religious Affairs (KHEU) — Brunei', description: 'Kementerian Hal Ehwal Ugama (KHEU), Brunei Darussalam, its Waktu Sembahyang: Fajr (Subuh) at 20°, astronomical sunrise. Used in Brunei.', is_default: false },
  { name: 'Tatarstan', label: 'Spiritual Administration of Muslims of Tatarstan — Tatarstan', description: 'Spiritual Administration of Muslims of the Republic of Tatarstan (DUM RT): Fajr at 18°, on the white nights when the sun never sinks that far 2 hours before sunrise; astronomical sunrise. Used in Tatarstan.', is_default: false },
  { name: 'Dagestan', label: 'Muftiate of the Republic of Dagestan — Dagestan', description: 'Muftiate of the Republic of Dagestan (Muftiyat RD, muftiyatrd.ru), its town tables: Fajr at 17.5°, sunrise 2 minutes before the astronomical one. Used in Dagestan.', is_default: false },
  { name: 'Lebanon', label: 'Dar al-Fatwa — Lebanon', description: "Dar al-Fatwa of the Lebanese Republic, its perpetual prayer-time table for Beirut: Fajr at 19.5° less a minute, astronomical sunrise. Used in Lebanon.", is_default: false },
  { name: 'France15', label: 'France (15°) — some French mosques', description: 'No single authority: Fajr at 15°, a middle course between the UOIF’s 12° and 18°. Used by some mosques in France.', is_default: false },
  { name: 'France18', label: 'France (18°) — some French mosques', description: 'No single authority: Fajr at the classical 18°. Used by some mosques in France.', is_default: false },
];

export const prayerCalcHighLats = [
  { name: 'MiddleOfTheNight', label: 'Middle of the night', description: 'Where twilight never ends, Fajr is no earlier than the middle of the night (sunset to sunrise).', is_default: true },
  { name: 'SeventhOfTheNight', label: 'Seventh of the night', description: 'Fajr is no earlier than the last seventh of the night, even where the sun sinks to the Fajr angle. Recommended where it does not in summer: above 48° latitude for an 18° Fajr, 54° for 12°.', is_default: false },
  { name: 'TwilightAngle', label: 'Twilight angle', description: 'The night is divided by the Fajr angle divided by 60, as used by some authorities at high latitudes.', is_default: false },
];

export const adhaans = [
  // Recordings made by this project (generated tones), served by the API so previews work offline.
  { title: 'Default', audio_url: '/api/media/adhaans/default.wav' },
  { title: 'Gentle', audio_url: '/api/media/adhaans/gentle.wav' },
];

export const callTimePrefs = [
  { title: 'As soon as Fajr starts', offset_minutes: 0 },
  { title: '10 minutes after Fajr starts', offset_minutes: 10 },
  { title: '20 minutes after Fajr starts', offset_minutes: 20 },
  { title: '30 minutes after Fajr starts', offset_minutes: 30 },
  { title: '45 minutes after Fajr starts', offset_minutes: 45 },
];

/** Upserts the reference catalogue; safe to run on every start. */
export async function seedCatalogue(knex: Knex): Promise<void> {
  const withOrder = <T extends object>(rows: T[]) => rows.map((r, i) => ({ ...r, sort_order: i }));
  await knex('prayer_calc_methods').insert(withOrder(prayerCalcMethods)).onConflict('name').merge();
  await knex('prayer_calc_high_lats').insert(withOrder(prayerCalcHighLats)).onConflict('name').merge();
  await knex('adhaans').insert(withOrder(adhaans)).onConflict('title').merge();
  await knex('call_time_prefs').insert(withOrder(callTimePrefs)).onConflict('title').merge();
}
