import type { Deps } from '../deps';
import { publicWebUrl } from '../config';
import { textIn } from '../i18n/texts';
import { findUserLanguage } from '../repositories/languages.repository';
import { isOptedOut } from '../repositories/invite-opt-outs.repository';
import { listMosqueAdmins, logMosqueChange } from '../repositories/mosque-admins.repository';
import {
  claimRunOutReminder,
  settleRunOutReminder,
  staleMosques,
  type StaleMosque,
} from '../repositories/mosque-freshness.repository';

/** What a day's reminder run did: mosques whose admins heard, and messages by channel. */
export interface RunOutReminderReport {
  mosques: number;
  sms: number;
  email: number;
}

/** A local date as the language writes it (12 December 2026, ١٢ ديسمبر ٢٠٢٦, …). */
export function dateIn(language: string | null, date: string): string {
  return new Intl.DateTimeFormat(language ?? 'en', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

/** The activities of the daily mosque freshness job (workflows/src/mosque-freshness.workflow.ts). */
export function createMosqueFreshnessActivities(deps: Deps) {
  /** Tells one admin, by SMS to a verified number that has not said STOP, else by e-mail; false when neither. */
  async function tellAdmin(
    admin: { userId: string; email: string | null; phoneNumber: string | null; phoneVerified: boolean },
    m: StaleMosque,
  ): Promise<'sms' | 'email' | null> {
    const language = await findUserLanguage(deps.db, admin.userId);
    const params = {
      mosque: m.name,
      date: dateIn(language, m.coveredUntil),
      url: `${publicWebUrl(deps.config)}/app/mosques/${m.id}`,
    };
    const text = textIn(language, 'mosque.runout.text', params);
    if (
      admin.phoneNumber &&
      admin.phoneVerified &&
      !(await isOptedOut(deps.db, deps.config.OTP_SECRET, admin.phoneNumber))
    ) {
      await deps.providers.messaging.sendSms(admin.phoneNumber, text);
      return 'sms';
    }
    if (admin.email) {
      await deps.providers.email.send({
        to: admin.email,
        subject: textIn(language, 'mosque.runout.subject', params),
        text,
      });
      return 'email';
    }
    return null;
  }

  return {
    /**
     * Reminds the admins of every mosque whose own times run out within 14 days, once per run-out date
     * (remembered in mosque_runout_reminders; a new upload moves the date and earns a new reminder).
     * A reminder that reached nobody is forgotten so the next run tries again.
     */
    async remindMosqueAdmins(): Promise<RunOutReminderReport> {
      const report: RunOutReminderReport = { mosques: 0, sms: 0, email: 0 };
      const now = deps.now();
      for (const m of await staleMosques(deps.db, now)) {
        if (m.admins === 0 || m.remindedAt) continue;
        if (!(await claimRunOutReminder(deps.db, m.id, m.coveredUntil, now))) continue;
        const admins = await listMosqueAdmins(deps.db, m.id);
        const verified = new Set(
          await deps
            .db('users')
            .whereIn(
              'id',
              admins.map((a) => a.userId),
            )
            .whereNotNull('phone_verified_at')
            .pluck('id'),
        );
        let reached = 0;
        for (const a of admins) {
          try {
            const how = await tellAdmin({ ...a, phoneVerified: verified.has(a.userId) }, m);
            if (how) {
              reached += 1;
              report[how] += 1;
            }
          } catch (err) {
            // One admin's failed message must not hold back the others; the audit log counts who heard.
            deps.logger.warn(
              { err: (err as Error).message, mosqueId: m.id, userId: a.userId },
              'run-out reminder not sent',
            );
          }
        }
        await settleRunOutReminder(deps.db, m.id, m.coveredUntil, reached);
        if (reached > 0) {
          report.mosques += 1;
          await logMosqueChange(deps.db, {
            mosqueId: m.id,
            actorUserId: null,
            actor: 'system',
            action: 'reminder-sent',
            details: { to: m.coveredUntil, admins: reached },
            at: now,
          });
        }
      }
      deps.logger.info(report, 'mosque run-out reminders');
      return report;
    },
  };
}
