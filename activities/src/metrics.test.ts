import { Registry } from 'prom-client';
import {
  trackPacer,
  trackPhoneBudget,
  trackTimetableGaps,
  type PacerSnapshot,
  type TimetableGapSnapshot,
} from './metrics';

describe('pacer gauges', () => {
  it("when an account's armed calls have all been dialled, then its gauges read 0 rather than vanish", async () => {
    const registry = new Registry();
    let calendar: PacerSnapshot[] = [{ account: 'twilio:AC1', armed: 3, backlog: 1, backlogSeconds: 2.5 }];
    trackPacer(async () => calendar, registry);
    expect(await registry.metrics()).toContain('fajr_calls_armed{account="twilio:AC1"} 3');
    calendar = [];
    // The snapshot is shared for a second between the three gauges' collects: scrape again after it.
    await new Promise((r) => setTimeout(r, 1100));
    const text = await registry.metrics();
    expect(text).toContain('fajr_calls_armed{account="twilio:AC1"} 0');
    expect(text).toContain('fajr_pacer_backlog_calls{account="twilio:AC1"} 0');
    expect(text).toContain('fajr_pacer_backlog_seconds{account="twilio:AC1"} 0');
  });
});

describe('timetable gap gauges', () => {
  it('when timetables with users lack days, then each reads its missing days and users; the database is read once for both gauges', async () => {
    const registry = new Registry();
    const gaps: TimetableGapSnapshot[] = [
      { kind: 'mosque', id: 'm1', label: 'Bradford Grand Mosque', users: 2, missingDays: 1 },
      {
        kind: 'published',
        id: 't1',
        label: 'Islamiska förbundet — published timetable for Stockholm',
        users: 1,
        missingDays: 14,
      },
    ];
    let reads = 0;
    trackTimetableGaps(async () => (reads++, gaps), registry);
    const text = await registry.metrics();
    expect(text).toContain('fajr_timetable_missing_days{kind="mosque",timetable="Bradford Grand Mosque",id="m1"} 1');
    expect(text).toContain(
      'fajr_timetable_gap_users{kind="published",timetable="Islamiska förbundet — published timetable for Stockholm",id="t1"} 1',
    );
    expect(text).toContain(
      'fajr_timetable_missing_days{kind="published",timetable="Islamiska förbundet — published timetable for Stockholm",id="t1"} 14',
    );
    await registry.metrics();
    expect(reads).toBe(1);
  });
});

describe('phone budget gauge', () => {
  it("when accounts are over this month's phone budget, then the gauge reads how many (no label names an account)", async () => {
    const registry = new Registry();
    trackPhoneBudget(async () => 2, registry);
    expect(await registry.metrics()).toContain('fajr_phone_accounts_over_budget 2');
  });
});
