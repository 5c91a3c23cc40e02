import { randomUUID } from 'node:crypto';
import type { WorkflowHandle } from '@temporalio/client';
import type { DialInput } from '@fajr/activities/calls/calls.activities';
import { useCallWorker } from '@fajr/scripts/testing/call-worker';
import { pinClock } from '@fajr/scripts/testing/clock';
import { waitUntil } from '@fajr/scripts/testing/processes';
import { fajrCalls, fajrCallsStateQuery, fajrCallsWorkflowId } from '../src';

// The worker fajr-calls.workflow.int.test.ts runs its chains on: the real planning and entitlement activities on
// Postgres, a recorded phone the tests script per user, and the helpers that start, skip, settle and end chains.

/** A dial the recorder saw: what the workflow asked for and when (test-server time) it was dispatched. */
export interface Dial {
  input: DialInput;
  dispatchedAt: number;
}

/** Registers the worker and the afterEach that ends every chain a test started; call it in the describe block. */
export function useFajrCallsWorker() {
  const taskQueue = `fajr-calls-ts-${randomUUID()}`;
  const dials: Dial[] = [];
  /** What the phone of each user does when called: answered unless set. */
  const answers = new Map<string, 'answered' | 'no-answer'>();
  /** Users whose plans say their minute is crowded: re-plan within this many seconds after the call. */
  const crowded = new Map<string, number>();
  /** Users whose first day's dials the provider refuses; every try is counted. */
  const refuseFirstDay = new Map<string, { date?: string; tries: number }>();

  const t = useCallWorker({ workflowsPath: require.resolve('../src/index'), taskQueue }, (real) => ({
    // Planning and entitlement checks are the real activities on the real database.
    planNextFajrCall: async (input: Parameters<typeof real.planNextFajrCall>[0]) => {
      const plan = await real.planNextFajrCall(input);
      // A user standing for a crowded minute: their chain re-plans within this many seconds of the call.
      const spread = crowded.get(input.userId);
      return plan.status === 'planned' && spread !== undefined ? { ...plan, replanSpreadSeconds: spread } : plan;
    },
    repeatAllowed: real.repeatAllowed,
    ringThroughAllowed: real.ringThroughAllowed,
    secondNumberAllowed: real.secondNumberAllowed,
    localDateOfUser: real.localDateOfUser,
    // The telephony side is recorded: the real dial waits in wall-clock time, which time skipping cannot.
    dialCall: async (input: DialInput) => {
      const refuse = refuseFirstDay.get(input.userId);
      if (refuse && (refuse.date ?? input.callDate) === input.callDate) {
        refuse.date = input.callDate;
        refuse.tries += 1;
        throw new Error('Twilio: The caller id is not verified (21210)');
      }
      dials.push({ input, dispatchedAt: await t.env.currentTimeMs() });
      return { status: 'placed' as const, attemptKey: `${input.workflowId}#${input.attempt}` };
    },
    resolveCallAttempt: async ({ attemptKey }: { attemptKey: string }) => {
      const userId = attemptKey.split(':')[1]!;
      const outcome = answers.get(userId) ?? 'answered';
      return {
        attemptKey,
        outcome,
        final: true,
        durationSeconds: outcome === 'answered' ? 42 : 0,
        answeredBy: outcome === 'answered' ? 'human' : null,
      };
    },
    markCallAttemptFailed: async () => undefined,
  }));

  const dialsOf = (userId: string) => dials.filter((d) => d.input.userId === userId);
  /** Chains a test started: ended after it, pass or fail, so no chain keeps calling through a later test's skipped days. */
  const started: WorkflowHandle[] = [];
  const start = async (userId: string) => {
    const h = await t.env.client.workflow.start(fajrCalls, {
      workflowId: fajrCallsWorkflowId(userId),
      taskQueue,
      args: [{ userId }],
    });
    started.push(h);
    return h;
  };
  /** Each test that plans days starts at an instant of its own (testing/clock.ts), not at the host's hour. */
  const pin = (monthDayTime: string) => pinClock(t.env, monthDayTime);
  /** Skips the test server's clock to an instant. */
  const skipTo = async (iso: string) => {
    const ms = Date.parse(iso) - (await t.env.currentTimeMs());
    if (ms > 0) await t.env.sleep(ms);
  };
  /**
   * Waits (in real time, the clock locked) for work the test server's skip left in flight: `env.sleep`
   * returns when the server's clock reaches its end, not when a loaded worker has finished the
   * activities and timers that fell inside it. A query that meets a run at its continue-as-new is retried.
   */
  const settled = (check: () => boolean | Promise<boolean>) =>
    waitUntil(async () => {
      try {
        return await check();
      } catch {
        return false;
      }
    }, 30_000);
  const stateOf = (h: WorkflowHandle) => t.env.client.workflow.getHandle(h.workflowId).query(fajrCallsStateQuery);
  /**
   * Ends a chain (by id alone: its current run, since it has continued as new) and, first, the day's call
   * it has in flight. The chain abandons its children, so terminated alone it would leave that call
   * running; when such a call finishes after its parent closed, the Java test server keeps its clock
   * locked (sdk-typescript#1101), and every later `env.sleep` runs in real time until the test times out.
   * Ending a chain between a Premium user's unanswered call being armed and its repeat's end did this.
   */
  const stop = async (h: WorkflowHandle) => {
    const chain = t.env.client.workflow.getHandle(h.workflowId);
    const inFlight = (await chain.describe().catch(() => undefined))?.raw.pendingChildren ?? [];
    for (const child of inFlight)
      await t.env.client.workflow
        .getHandle(child.workflowId!)
        .terminate('test done')
        .catch(() => undefined);
    await chain.terminate('test done').catch(() => undefined);
  };

  afterEach(async () => {
    for (const h of started.splice(0)) await stop(h);
  });

  return { t, taskQueue, dials, answers, crowded, refuseFirstDay, dialsOf, start, pin, skipTo, settled, stateOf };
}
