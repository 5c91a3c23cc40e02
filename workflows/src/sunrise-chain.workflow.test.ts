import { randomUUID } from 'node:crypto';
import { pinClock, yearOf } from '@fajr/scripts/testing/clock';
import { ANSWERED, RANG_OUT, useFakeCallWorker } from '@fajr/scripts/testing/fake-calls';
import { waitUntil } from '@fajr/scripts/testing/processes';
import { fajrCalls, fajrCallsWorkflowId, REPEAT_AFTER_MS } from './index';

const MIN = 60_000;

/**
 * The daily chain hands the day's plan of the last call before sunrise to the day's call (issue 47
 * point 1): without it fajrCall never asks for that call (a revert of the chain once lost it).
 */
describe('fajrCalls with the last call before sunrise (time skipping, fake activities)', () => {
  const t = useFakeCallWorker(require.resolve('./index'));

  it('when the planned day has the last call before sunrise and its calls go unanswered, then the chain’s day places it N minutes before sunrise', async () => {
    const year = yearOf(await pinClock(t.env, '02-10T12:00:00Z'));
    const userId = randomUUID();
    const sunriseAt = `${year}-02-11T06:30:00.000Z`;
    t.users.set(userId, {
      callTime: '05:00',
      repeat: true,
      phone: { fajr: RANG_OUT, repeat: RANG_OUT, sunrise: ANSWERED },
      sunrise: { sunriseAt, minutes: 20 },
    });
    const h = await t.env.client.workflow.start(fajrCalls, {
      workflowId: fajrCallsWorkflowId(userId),
      taskQueue: t.taskQueue,
      args: [{ userId }],
    });
    try {
      await t.env.sleep(24 * 60 * MIN);
      const dials = () => t.fake.dials.filter((d) => d.input.userId === userId).map((d) => d.input);
      await waitUntil(async () => dials().some((d) => d.kind === 'sunrise'), 20_000);
      const callAt = Date.parse(`${year}-02-11T05:00:00Z`);
      expect(dials().map((d) => [d.kind, Date.parse(d.plannedAt) - callAt])).toEqual([
        ['fajr', 0],
        ['repeat', REPEAT_AFTER_MS],
        ['sunrise', 70 * MIN],
      ]);
      expect(dials()[2]).toMatchObject({ attempt: 5, sunriseAt, workflowId: `sunrise-call:${userId}:${year}-02-11` });
    } finally {
      await h.terminate('test done').catch(() => undefined);
    }
  });
});
