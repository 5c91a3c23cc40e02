/**
 * The Umm al-Qura calendar through Intl (Node ships full ICU): the Hijri month of a local date, moved by a
 * user's or a country's day adjustment (moon-sighting communities start months a day or two apart).
 */
const UMM_AL_QURA = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura-nu-latn', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

/** The Hijri year, month (1 = Muharram, 9 = Ramadan) and day of a local date (YYYY-MM-DD), `offsetDays` moved. */
export function hijriOf(localDate: string, offsetDays = 0): { year: number; month: number; day: number } {
  const noon = Date.parse(`${localDate}T12:00:00Z`) - offsetDays * 86_400_000;
  const parts = Object.fromEntries(UMM_AL_QURA.formatToParts(new Date(noon)).map((p) => [p.type, p.value]));
  return { year: Number.parseInt(parts.year!, 10), month: Number(parts.month), day: Number(parts.day) };
}

/** Whether a local date falls in Ramadan by Umm al-Qura, moved by `offsetDays`. */
export const isRamadan = (localDate: string, offsetDays = 0): boolean => hijriOf(localDate, offsetDays).month === 9;
