import { ApplicationFailure } from '@temporalio/activity';
import type { Deps } from '../deps';
import { looksSilenced, outcomeOf, type CallOutcome } from '../adapters/telephony/types';
import { applyOutcome, findAttempt, isFinalOutcome, markFailed, type CallKind } from '../repositories/calls.repository';
import { callMetrics } from '../metrics';
import { attemptKeyFor, type DialInput } from './dial.activities';

export interface AttemptState {
  attemptKey: string;
  outcome: CallOutcome;
  final: boolean;
  durationSeconds: number | null;
  answeredBy: string | null;
  /** How long it rang, when the provider said. */
  ringSeconds: number | null;
  /** Unanswered the way a silenced phone (Do Not Disturb, Focus, a declined call) ends a call. */
  silenced: boolean;
  /** With the awake check: whether a key was pressed ("answered, not confirmed" when answered without); null when the call did not ask. */
  confirmed: boolean | null;
}

/** The outcome activities: what became of an attempt, and logging one that failed. */
export function createOutcomeActivities(deps: Deps) {
  const { db } = deps;
  const telephony = deps.providers.telephony;
  return {
    /** The attempt's outcome: from the log when final, else from the provider (and logged). */
    async resolveCallAttempt(input: { attemptKey: string }): Promise<AttemptState> {
      const attempt = await findAttempt(db, input.attemptKey);
      // A friend who stopped or was removed while their call rang: their log is erased, the call is over for us.
      if (!attempt && input.attemptKey.startsWith('friend-call:')) {
        return {
          attemptKey: input.attemptKey,
          outcome: 'canceled',
          final: true,
          durationSeconds: null,
          answeredBy: null,
          ringSeconds: null,
          silenced: false,
          confirmed: null,
        };
      }
      if (!attempt) throw ApplicationFailure.nonRetryable(`No call attempt ${input.attemptKey}`, 'UnknownCallAttempt');
      let current = attempt;
      // A status callback logs the outcome but not the ring time; an unanswered attempt asks the provider for it.
      const ringUnknown =
        isFinalOutcome(attempt.outcome) &&
        attempt.outcome !== 'answered' &&
        attempt.outcome !== 'failed' &&
        attempt.ringSeconds === null;
      if ((!isFinalOutcome(attempt.outcome) || ringUnknown) && attempt.providerCallId) {
        const call = await telephony.getCall(attempt.providerCallId, attempt.callerAccount ?? undefined);
        current = (await applyOutcome(
          db,
          input.attemptKey,
          {
            outcome: outcomeOf(call),
            answeredBy: call.answeredBy,
            durationSeconds: call.durationSeconds,
            ringSeconds: call.ringSeconds ?? null,
          },
          deps.now(),
        ))!;
      }
      // The workflow stops asking once an outcome is final: counted once per attempt.
      const confirmed = current.awakeCheck ? current.confirmedAt !== null : null;
      if (isFinalOutcome(current.outcome)) callMetrics.ended(current.kind, current.outcome, confirmed);
      return {
        attemptKey: current.attemptKey,
        outcome: current.outcome,
        final: isFinalOutcome(current.outcome),
        durationSeconds: current.durationSeconds,
        answeredBy: current.answeredBy,
        ringSeconds: current.ringSeconds,
        silenced: looksSilenced(current.outcome, current.ringSeconds),
        confirmed,
      };
    },

    /** Logs an attempt as failed (the provider never accepted it, or its status never became known). */
    async markCallAttemptFailed(input: {
      dial: Pick<DialInput, 'workflowId' | 'attempt' | 'runKey'>;
      error: string;
    }): Promise<void> {
      const key = attemptKeyFor(input.dial);
      const before = await findAttempt(db, key);
      await markFailed(db, key, input.error, deps.now());
      // A provider's refusal was counted, with its code, where it happened (dial); the rest here.
      if (before?.outcome !== 'failed')
        callMetrics.failed(
          before?.kind ?? kindOfDial(input.dial),
          before?.providerCallId ? 'status-unknown' : 'not-placed',
        );
    },
  };
}

/** The kind of a dial known only by its workflow id and attempt (no attempt row was recorded). */
function kindOfDial(d: Pick<DialInput, 'workflowId' | 'attempt'>): CallKind {
  if (d.workflowId.startsWith('test-call:')) return 'test';
  if (d.workflowId.startsWith('sunrise-call:')) return 'sunrise';
  if (d.workflowId.startsWith('tahajjud-call:')) return 'tahajjud';
  return d.attempt === 1 ? 'fajr' : 'repeat';
}
