import { randomUUID } from 'node:crypto';
import { reservePacerSlot } from '@fajr/activities/repositories/pacer.repository';
import { useDevServerSuite } from '@fajr/scripts/testing/dev-server-suite';

// The pacer's calendar on Postgres alone (reservePacerSlot): the slots calls reserve, concurrently and again.
// The bursts dialled through the workflows on the shared pacer are pacer.int.test.ts.

jest.setTimeout(180_000);

describe('a burst of calls due in the same instant (dev server, local telephony, shared pacer)', () => {
  const suite = useDevServerSuite();

  it('when calls reserve slots concurrently and in random order, then each gets one slot at or after its planned instant, 1/C apart, C per second, a retry gets the same slot, a re-planned one a new one', async () => {
    const knex = suite.tdb.knex;
    const account = `calendar-${randomUUID()}`;
    const C = 10;
    const T = Math.ceil(Date.now() / 1000) * 1000 + 3_600_000;
    // 20 calls due at T, 20 at T + 1 s, 20 at T + 2.5 s (a planned instant inside a second).
    const calls = [0, 1000, 2500].flatMap((offset, g) =>
      Array.from({ length: 20 }, (_, i) => ({ key: `cal-${g}-${i}`, planned: T + offset })),
    );
    const shuffled = [...calls].sort(() => Math.random() - 0.5);
    const now = new Date();
    const slots = new Map<string, number>();
    await Promise.all(
      shuffled.map(async (c) => {
        const { slot, reused } = await reservePacerSlot(knex, {
          account,
          attemptKey: c.key,
          planned: new Date(c.planned),
          callsPerSecond: C,
          now,
        });
        expect(reused).toBe(false);
        slots.set(c.key, slot.getTime());
      }),
    );
    for (const c of calls) expect(slots.get(c.key)!).toBeGreaterThanOrEqual(c.planned);
    // The 60 calls fill the first 60 ticks from T: 6 full seconds, 100 ms apart, whatever the order.
    const sorted = [...slots.values()].sort((a, b) => a - b);
    expect(sorted).toEqual(Array.from({ length: 60 }, (_, i) => T + i * 100));
    const buckets = await knex('call_pacer_buckets').where({ account }).orderBy('bucket_at');
    expect(buckets.map((b: { taken: number }) => b.taken)).toEqual([10, 10, 10, 10, 10, 10]);

    // A retried activity gets its slot back and takes nothing more.
    const again = await reservePacerSlot(knex, {
      account,
      attemptKey: 'cal-0-0',
      planned: new Date(T),
      callsPerSecond: C,
      now,
    });
    expect(again).toEqual({ slot: new Date(slots.get('cal-0-0')!), reused: true, position: expect.any(Number) });
    // One that comes back after its slot has passed (handed over too late) takes a fresh one at or after now.
    const late = new Date(T + 10_500);
    const fresh = await reservePacerSlot(knex, {
      account,
      attemptKey: 'cal-0-1',
      planned: new Date(T),
      callsPerSecond: C,
      now: late,
    });
    expect(fresh.reused).toBe(false);
    expect(fresh.slot.getTime()).toBe(T + 11_000);
    // The same attempt planned again for another instant (a skipped day re-planned after the user moved
    // the call) takes a slot for the new instant, not the old one.
    const moved = await reservePacerSlot(knex, {
      account,
      attemptKey: 'cal-0-2',
      planned: new Date(T + 600_000),
      callsPerSecond: C,
      now,
    });
    expect(moved).toEqual({ slot: new Date(T + 600_000), reused: false, position: 0 });
    const total = await knex('call_pacer_buckets').where({ account }).sum({ n: 'taken' });
    expect(Number(total[0]!.n)).toBe(62);

    // Below 1 call/s: one call per bucket of ceil(1/C) seconds (buckets start on even seconds at 0.5/s).
    const slow = `calendar-slow-${randomUUID()}`;
    const slowSlots = [];
    for (let i = 0; i < 3; i += 1) {
      slowSlots.push(
        (
          await reservePacerSlot(knex, {
            account: slow,
            attemptKey: `slow-${i}`,
            planned: new Date(T),
            callsPerSecond: 0.5,
            now,
          })
        ).slot.getTime(),
      );
    }
    const first = Math.ceil(T / 2000) * 2000;
    expect(slowSlots).toEqual([first, first + 2000, first + 4000]);
  });
});
