// npm run ops -- morning: the morning's Fajr calls, and the timetables that lack days soon.
import { z } from 'zod';
import { morningLines, morningReport, morningSubject } from '../morning';
import { parse } from '../options';
import { OpsError, table, type OpsIo } from '../output';
import type { OpsCommand } from './command';

async function morning(io: OpsIo, args: string[]) {
  const { values, positionals } = parse(args, { date: { type: 'string' }, email: { type: 'string' } });
  if (positionals.length) throw new OpsError(`Unexpected argument: ${positionals[0]}`, 2);
  const today = new Date();
  const date =
    values.date ??
    `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
    throw new OpsError(`--date must be a date YYYY-MM-DD, got "${date}"`, 2);
  const to = values.email ?? io.reportEmail;
  if (to !== undefined && !z.string().email().safeParse(to).success)
    throw new OpsError(`--email must be an e-mail address, got "${to}"`, 2);
  const report = await morningReport(io.db, date);
  const lines = morningLines(date, report, table);
  for (const line of lines) io.out(line);
  if (to === undefined) return;
  if (!io.email) throw new OpsError('No e-mail provider to send the report with');
  await (await io.email()).send({ to, subject: morningSubject(date, report), text: lines.join('\n') });
  io.out(`E-mailed to ${to}.`);
}

/** The morning commands, in the order the usage lists them. */
export const morningCommands: OpsCommand[] = [
  {
    name: 'morning',
    usage: ['morning [--date YYYY-MM-DD] [--email <address>]'],
    help: [
      "The morning's Fajr calls per city/zone and provider account: planned, placed, answered, missed,",
      "failed, skipped, still pending, the latest call's lateness, and the users whose call failed;",
      "then the mosques' and authorities' timetables with users that lack a day in the next 14 days",
      "(those users get no call that day). The date is the users' local call date (default: today on",
      "this machine's clock). With --email (or OPS_REPORT_EMAIL set) the report is also e-mailed there",
      'through the e-mail provider (EMAIL_PROVIDER: smtp, or local: the dev outbox).',
    ],
    run: morning,
  },
];
