import type { Deps } from '../deps';
import { jamaahChangeOn } from '../domain/planning/jamaah-change';
import { phoneRefusal } from '../domain/phone-policy';
import { addDays, localDateOf, offsetAt } from '../domain/time/zone-clock';
import { isOptedOut } from '../repositories/invite-opt-outs.repository';
import { reservePhoneSend } from '../repositories/phone-sends.repository';
import { jamaahChangeSms } from './jamaah-change-sms.texts';

/** The local hour (the mosque's) from which the evening text goes out; the hourly run sends it within that hour. */
export const EVENING_HOUR = 19;

/** What one evening run did: texts sent, and members passed over (STOP, unverified, refused, over the daily cap). */
export interface EveningTextsReport {
  mosques: number;
  sent: number;
  skipped: number;
}

/** The activity of the hourly jamaahChangeEvening run (issue 46 point 4). */
export function createJamaahChangeSmsActivities(deps: Deps) {
  const { db, config, logger } = deps;
  return {
    /**
     * For every mosque with opted-in members where it is now the evening hour and tomorrow's jama'ah
     * is 5 minutes or more from today's: texts each opted-in member once (jamaah_change_sms_sent),
     * in their language, only at a number proved by code that has not said STOP and the phone policy
     * allows, within the daily SMS cap.
     */
    async sendJamaahChangeTexts(input: { now: string }): Promise<EveningTextsReport> {
      const now = new Date(input.now);
      const report: EveningTextsReport = { mosques: 0, sent: 0, skipped: 0 };
      const mosques: { id: string; name: string; tz_name: string }[] = await db('mosques as m')
        .whereExists(db('preferences as p').whereRaw('p.mosque_id = m.id').where('p.jamaah_change_sms', true))
        .select('m.id', 'm.name', 'm.tz_name');
      for (const m of mosques) {
        const localHour = Math.floor(((now.getTime() / 60_000 + offsetAt(m.tz_name, now.getTime())) % 1440) / 60);
        if (localHour !== EVENING_HOUR) continue;
        const today = localDateOf(now, m.tz_name);
        const rows: { d: string; at: Date }[] = await db('mosque_fajr_times')
          .where({ mosque_id: m.id })
          .whereIn('local_date', [today, addDays(today, 1)])
          .select(db.raw("to_char(local_date, 'YYYY-MM-DD') as d"), 'jamaah_at as at');
        const change = jamaahChangeOn(Object.fromEntries(rows.map((r) => [r.d, r.at.toISOString()])), today, m.tz_name);
        if (!change) continue;
        report.mosques += 1;
        const members: { id: string; phone_number: string | null; phone_verified_at: Date | null; language: string }[] =
          await db('users as u')
            .join('preferences as p', 'p.user_id', 'u.id')
            .where({ 'p.mosque_id': m.id, 'p.jamaah_change_sms': true })
            .select('u.id', 'u.phone_number', 'u.phone_verified_at', 'u.language');
        for (const u of members) {
          const ok =
            u.phone_number &&
            u.phone_verified_at &&
            !phoneRefusal(u.phone_number, config.PHONE_COUNTRIES) &&
            !(await isOptedOut(db, config.OTP_SECRET, u.phone_number));
          if (!ok) {
            report.skipped += 1;
            continue;
          }
          // Once per member and changed date, whatever retries or runs follow: reserved before sending.
          const [fresh] = await db('jamaah_change_sms_sent')
            .insert({ user_id: u.id, change_date: change.date, mosque_id: m.id, sent_at: now })
            .onConflict(['user_id', 'change_date'])
            .ignore()
            .returning('user_id');
          if (!fresh) continue;
          const budget = await reservePhoneSend(db, {
            channel: 'sms',
            userId: u.id,
            phoneNumber: u.phone_number!,
            secret: config.OTP_SECRET,
            now,
          });
          if (!('id' in budget)) {
            report.skipped += 1;
            continue;
          }
          try {
            await deps.providers.messaging.sendSms(
              u.phone_number!,
              jamaahChangeSms(u.language, m.name, change.jamaahAt, m.tz_name),
            );
          } catch (err) {
            // Not sent: the activity's retry may send it (the record made it once-only).
            await db('jamaah_change_sms_sent').where({ user_id: u.id, change_date: change.date }).delete();
            throw err;
          }
          report.sent += 1;
        }
      }
      if (report.sent || report.skipped) logger.info({ ...report }, "evening jama'ah change texts");
      return report;
    },
  };
}
