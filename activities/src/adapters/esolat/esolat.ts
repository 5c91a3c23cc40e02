import { z } from 'zod';

/**
 * JAKIM's e-Solat service (www.e-solat.gov.my), the authority's own source of its zones' times: the
 * upkeep Schedule asks it for a zone's next year before the shipped table runs out. Only Subuh (fajr)
 * and Syuruk are kept. Tested against recorded answers (activities/test/fixtures/esolat), never the network.
 */
export interface ESolatDay {
  localDate: string;
  /** Local wall-clock "HH:MM" (Malaysia keeps UTC+8 all year). */
  fajr: string;
  sunrise: string;
}

export type ESolatYear = { ok: true; days: ESolatDay[]; source: string } | { ok: false; reason: string };

/** Fetches a zone's year; never throws for an answer it cannot use (says why instead). */
export interface ESolatSource {
  fetchYear(zone: string, year: number): Promise<ESolatYear>;
}

export const ESOLAT_URL = 'https://www.e-solat.gov.my/index.php';

// e-Solat writes dates as "01-Jan-2026", sometimes with Malay month names (Mac, Mei, Ogos, Okt, Dis).
const MONTHS: Record<string, string> = {
  jan: '01',
  feb: '02',
  mar: '03',
  mac: '03',
  apr: '04',
  may: '05',
  mei: '05',
  jun: '06',
  jul: '07',
  aug: '08',
  ogo: '08',
  sep: '09',
  oct: '10',
  okt: '10',
  nov: '11',
  dec: '12',
  dis: '12',
};

const answer = z.object({
  status: z.string(),
  // An unknown zone answers status "NO_RECORD!" with an object here, not an array.
  prayerTime: z.unknown(),
});
const row = z.object({ date: z.string(), fajr: z.string(), syuruk: z.string() });

function isoDate(d: string): string | null {
  const m = /^(\d{2})-([A-Za-z]{3})[A-Za-z]*-(\d{4})$/.exec(d.trim());
  const month = m ? MONTHS[m[2]!.toLowerCase()] : undefined;
  return m && month ? `${m[3]}-${month}-${m[1]}` : null;
}

function hhmm(t: string): string | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)(:\d{2})?$/.exec(t.trim());
  return m ? `${m[1]}:${m[2]}` : null;
}

/** Reads an e-Solat answer body: the zone's days in `year`, or why it is not usable. */
export function parseESolatAnswer(body: string, zone: string, year: number): ESolatYear {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, reason: 'e-Solat did not answer JSON' };
  }
  const parsed = answer.safeParse(json);
  if (!parsed.success) return { ok: false, reason: 'e-Solat answered an unknown shape' };
  if (parsed.data.status !== 'OK!' || !Array.isArray(parsed.data.prayerTime))
    return { ok: false, reason: `e-Solat has no times for ${zone} (status ${parsed.data.status})` };
  const days: ESolatDay[] = [];
  for (const raw of parsed.data.prayerTime) {
    const r = row.safeParse(raw);
    const localDate = r.success ? isoDate(r.data.date) : null;
    const fajr = r.success ? hhmm(r.data.fajr) : null;
    const sunrise = r.success ? hhmm(r.data.syuruk) : null;
    if (!localDate || !fajr || !sunrise)
      return { ok: false, reason: `e-Solat row not understood: ${JSON.stringify(raw)}` };
    if (localDate.startsWith(`${year}-`)) days.push({ localDate, fajr, sunrise });
  }
  if (days.length === 0) return { ok: false, reason: `e-Solat has no ${year} days for ${zone} yet` };
  return { ok: true, days, source: `e-Solat (${ESOLAT_URL}, esolatApi/takwimsolat) ${zone} ${year}` };
}

/** The live service: one POST per zone and year (period=duration with the year's first and last dates). */
export function createESolatClient(fetchFn: typeof fetch = fetch, url = ESOLAT_URL): ESolatSource {
  return {
    async fetchYear(zone, year) {
      const query = new URLSearchParams({ r: 'esolatApi/takwimsolat', period: 'duration', zone });
      const form = new URLSearchParams({ datestart: `${year}-01-01`, dateend: `${year}-12-31` });
      try {
        const res = await fetchFn(`${url}?${query}`, {
          method: 'POST',
          body: form,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          // A slow government server must not hold the monthly check for long.
          signal: AbortSignal.timeout(30_000),
        });
        if (!res.ok) return { ok: false, reason: `e-Solat answered HTTP ${res.status}` };
        return parseESolatAnswer(await res.text(), zone, year);
      } catch (err) {
        return { ok: false, reason: `e-Solat could not be reached: ${(err as Error).message}` };
      }
    },
  };
}

/** Answers recorded from e-Solat, by "<zone>-<year>": for development and tests (no network). */
export function recordedESolat(answers: Readonly<Record<string, string>>): ESolatSource {
  return {
    async fetchYear(zone, year) {
      const body = answers[`${zone}-${year}`];
      return body === undefined
        ? { ok: false, reason: `no recorded e-Solat answer for ${zone} ${year}` }
        : parseESolatAnswer(body, zone, year);
    },
  };
}
