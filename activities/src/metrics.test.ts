import { Registry } from 'prom-client';
import { trackPacer, type PacerSnapshot } from './metrics';

describe('pacer gauges', () => {
  it('when an account\'s armed calls have all been dialled, then its gauges read 0 rather than vanish', async () => {
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
