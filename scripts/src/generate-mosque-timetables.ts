import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CalculationMethod, Coordinates, HighLatitudeRule, PrayerTimes } from 'adhan';
import { DateTime } from 'luxon';
import { zoneFor } from '@fajr/activities/domain/timezones';
import { seedMosques } from '@fajr/migrations';
import { repoRoot } from './config';

/**
 * Writes the seed mosques' Fajr jamaah timetable (migrations/seeds/data/mosque-fajr-jamaah.csv):
 * for every day of a leap year, Fajr by the Muslim World League method plus 20 minutes, rounded
 * up to 5 minutes, as a local time in the mosque's zone. Plausible, not any mosque's real timetable.
 */
async function main() {
  const lines = ['mosque_name,month_day,jamaah_local_time'];
  for (const m of seedMosques) {
    const params = CalculationMethod.MuslimWorldLeague();
    params.highLatitudeRule = HighLatitudeRule.SeventhOfTheNight;
    const zone = zoneFor(m.tz_name);
    for (let d = DateTime.fromISO('2028-01-01', { zone }); d.year === 2028; d = d.plus({ days: 1 })) {
      const times = new PrayerTimes(new Coordinates(m.lat, m.lng), new Date(d.year, d.month - 1, d.day), params);
      const fajr = DateTime.fromJSDate(times.fajr).setZone(zone).plus({ minutes: 20 });
      const minutes = Math.ceil((fajr.hour * 60 + fajr.minute) / 5) * 5;
      const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      lines.push(`${m.name},${d.toFormat('MM-dd')},${hhmm}`);
    }
  }
  const file = path.join(repoRoot, 'migrations', 'seeds', 'data', 'mosque-fajr-jamaah.csv');
  await writeFile(file, `${lines.join('\n')}\n`);
  console.log(`wrote ${lines.length - 1} rows to ${file}`);
}

void main();
