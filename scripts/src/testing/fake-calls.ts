import { randomUUID } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { bundleWorkflowCode, Worker } from '@temporalio/worker';
import type { AttemptState, CallActivities, DialInput, NextCallPlan } from '@fajr/activities/calls/calls.activities';
import { sunriseCallInstant } from '@fajr/activities/domain/sunrise-call';
import { createTimeSkippingEnv, useRunningWorker } from './temporal';

/** What a scripted phone does on one kind of attempt. */
export type Answer = Pick<AttemptState, 'outcome'> &
  Partial<Pick<AttemptState, 'ringSeconds' | 'silenced' | 'confirmed'>>;
export const ANSWERED: Answer = { outcome: 'answered', ringSeconds: 4 };
export const RANG_OUT: Answer = { outcome: 'no-answer', ringSeconds: 45 };
export const SILENCED: Answer = { outcome: 'busy', ringSeconds: 1, silenced: true };

/** A user as the fake planner and entitlement checks see them. */
export interface FakeUser {
  /** What planning answers instead of a plan (calls-off, deleted, …); planned when absent. */
  status?: Exclude<NextCallPlan['status'], 'planned'>;
  /** The call's UTC time of day on each planned date (HH:mm). */
  callTime?: string;
  phone?: Partial<Record<DialInput['kind'], Answer>>;
  repeat?: boolean;
  ringThrough?: boolean;
  secondNumber?: boolean;
  /** The last call before sunrise (Premium, switched on): the day's sunrise (ISO) and the minutes before it; absent = not allowed. */
  sunrise?: { sunriseAt: string; minutes: number };
  /** Tahajjud calls (Premium, switched on): what the plan says of each night, by the day's date; absent = not allowed. */
  tahajjud?: (callDate: string) => NonNullable<Extract<NextCallPlan, { status: 'planned' }>['tahajjud']>;
  /** Every dial the provider refuses with this message. */
  refuse?: string;
  /** The dial finds the call no longer wanted (the re-check before the slot). */
  skip?: string;
}

export const ARM_LEAD_SECONDS = 120;
const DAY_MS = 24 * 3600_000;
const nextDate = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/**
 * The call activities as plain functions over a table of fake users, for the fast workflow tests
 * (the Temporal samples' style: a Worker on the time-skipping server with mocked activities). The
 * planner calls each day after the last one (or after `now`'s UTC date) at the user's `callTime`;
 * the phone answers as scripted; every plan, dial, refusal and failure is recorded with the server's time.
 */
export function fakeCallActivities(env: TestWorkflowEnvironment, users: Map<string, FakeUser>) {
  const plans: { userId: string; afterDate: string | null; now: string; at: number }[] = [];
  const dials: { input: DialInput; at: number }[] = [];
  const refused: DialInput[] = [];
  const failures: { workflowId: string; attempt: number; error: string }[] = [];
  const byKey = new Map<string, DialInput>();
  const user = (userId: string) => users.get(userId) ?? {};
  const activities = {
    async planNextFajrCall(input: { userId: string; afterDate: string | null; now: string }): Promise<NextCallPlan> {
      plans.push({ ...input, at: await env.currentTimeMs() });
      const u = user(input.userId);
      if (u.status) return { status: u.status };
      const callDate = nextDate(input.afterDate ?? input.now.slice(0, 10));
      const callAt = new Date(`${callDate}T${u.callTime ?? '05:00'}:00Z`).toISOString();
      const armAt = new Date(Date.parse(callAt) - ARM_LEAD_SECONDS * 1000).toISOString();
      return {
        status: 'planned',
        callDate,
        callAt,
        fajrAt: callAt,
        armAt,
        leadSeconds: ARM_LEAD_SECONDS,
        replanSpreadSeconds: 0,
        ...(u.sunrise ? { sunrise: u.sunrise } : {}),
        ...(u.tahajjud ? { tahajjud: u.tahajjud(callDate) } : {}),
      };
    },
    repeatAllowed: async ({ userId }: { userId: string }) => user(userId).repeat ?? false,
    ringThroughAllowed: async ({ userId }: { userId: string }) => user(userId).ringThrough ?? false,
    secondNumberAllowed: async ({ userId }: { userId: string }) => user(userId).secondNumber ?? false,
    async sunriseCallPlan({ userId, now }: { userId: string; callDate: string; now: string }) {
      const s = user(userId).sunrise;
      const at = s ? sunriseCallInstant(new Date(s.sunriseAt), s.minutes, new Date(now)) : null;
      return s && at ? { callAt: at.toISOString(), sunriseAt: s.sunriseAt, minutes: s.minutes } : null;
    },
    localDateOfUser: async ({ now }: { userId: string; now: string }) => now.slice(0, 10),
    async dialCall(input: DialInput) {
      const u = user(input.userId);
      if (u.refuse) {
        refused.push(input);
        throw new Error(u.refuse);
      }
      dials.push({ input, at: await env.currentTimeMs() });
      if (u.skip) return { status: 'skipped' as const, reason: u.skip };
      const attemptKey = `${input.workflowId}#${input.attempt}`;
      byKey.set(attemptKey, input);
      return { status: 'placed' as const, attemptKey };
    },
    async resolveCallAttempt({ attemptKey }: { attemptKey: string }): Promise<AttemptState> {
      const input = byKey.get(attemptKey)!;
      const a = user(input.userId).phone?.[input.kind] ?? ANSWERED;
      const answered = a.outcome === 'answered';
      return {
        attemptKey,
        final: true,
        durationSeconds: answered ? 40 : 0,
        answeredBy: answered ? 'human' : null,
        ringSeconds: null,
        silenced: false,
        confirmed: null,
        ...a,
      };
    },
    async markCallAttemptFailed({ dial, error }: { dial: Pick<DialInput, 'workflowId' | 'attempt'>; error: string }) {
      failures.push({ workflowId: dial.workflowId, attempt: dial.attempt, error });
    },
  } satisfies Partial<CallActivities>;
  return { activities, plans, dials, refused, failures };
}

/**
 * The beforeAll/afterAll of a fast call-workflow test file: the time-skipping server and a Worker
 * running `workflowsPath` (the workflows package) with `fakeCallActivities` over `users`, which the
 * tests fill. The fields are set once beforeAll has run.
 */
export function useFakeCallWorker(workflowsPath: string) {
  const h = { users: new Map<string, FakeUser>(), taskQueue: `fake-calls-${randomUUID()}` } as {
    env: TestWorkflowEnvironment;
    fake: ReturnType<typeof fakeCallActivities>;
    users: Map<string, FakeUser>;
    taskQueue: string;
  };
  useRunningWorker(
    async () => {
      h.env = await createTimeSkippingEnv();
      h.fake = fakeCallActivities(h.env, h.users);
      const workflowBundle = await bundleWorkflowCode({ workflowsPath });
      return Worker.create({
        connection: h.env.nativeConnection,
        taskQueue: h.taskQueue,
        workflowBundle,
        activities: h.fake.activities,
      });
    },
    async () => {
      await h.env?.teardown();
    },
    120_000,
  );
  return h;
}
