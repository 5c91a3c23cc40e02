import { Context } from '@temporalio/activity';
import { WorkflowNotFoundError } from '@temporalio/common';
import type { Deps } from '../deps';
import { createPlanningActivities } from '../calls/planning.activities';

/** How far ahead the re-plan looks for calls about to be dialled (it yields to them). */
export const CALLS_DUE_WINDOW_MS = 30_000;

/** One page of a mosque's members to re-plan, and how long to yield first to calls about to be dialled. */
export interface MemberPage {
  userIds: string[];
  /** Calls reserved in the pacer calendar for the next CALLS_DUE_WINDOW_MS (any place): the re-plan yields to them. */
  callsDueSoon: number;
}

/** The chains' signal, by name (activities cannot import the workflows): fajr-calls.workflow.ts `prefsChangedSignal`. */
export const PREFS_CHANGED_SIGNAL = 'prefsChanged';
/** Members planned at once by `replanMembers` (each a few queries; the pool has room for the calls beside). */
const PLANS_AT_ONCE = 8;

/** The activities of a mosque's members' re-plan (workflows/src/mosque-replan.workflow.ts). */
export function createMosqueMemberActivities(deps: Deps) {
  const { db } = deps;
  const planning = createPlanningActivities(deps);
  return {
    /**
     * The next `limit` members of a mosque with calls on, by user id after `afterUserId` (ids only: the
     * workflow signals their chains), and how many calls are due in the next half minute anywhere.
     */
    async mosqueMembersPage(input: {
      mosqueId: string;
      afterUserId: string | null;
      limit: number;
    }): Promise<MemberPage> {
      const q = db('preferences')
        .where({ mosque_id: input.mosqueId, allow_calls: true })
        .orderBy('user_id')
        .limit(input.limit)
        .pluck('user_id');
      if (input.afterUserId) q.where('user_id', '>', input.afterUserId);
      const now = deps.now();
      const [due] = (await db('call_pacer_buckets')
        .whereBetween('bucket_at', [now, new Date(now.getTime() + CALLS_DUE_WINDOW_MS)])
        .sum({ taken: 'taken' })) as [{ taken: string | number | null }];
      return { userIds: (await q) as string[], callsDueSoon: Number(due?.taken ?? 0) };
    },

    /**
     * Plans each listed member's next call here and signals their chain with it (issue 46 point 4, a
     * 5,000-member mosque within 60 s; docs/BENCHMARKS-PRODUCT.md, "Mosque re-plan"). Signalled from the
     * walker, each chain then ran two workflow tasks, an activity and a timer: ~40 ms of server and worker
     * CPU a member. Offered its plan, a chain runs one workflow task; sent from here, the signals put no
     * events in the walker's history. A member whose calls cannot be planned now (calls off, no phone)
     * gets a plain signal: their chain plans itself, as before. A member without a chain is skipped.
     */
    async replanMembers(input: { chains: { userId: string; workflowId: string }[] }) {
      const { client } = Context.current();
      const counts = { offered: 0, plain: 0, missing: 0 };
      const next = input.chains[Symbol.iterator]();
      const one = async ({ userId, workflowId }: { userId: string; workflowId: string }) => {
        // Stamped before reading: a user's own change saved after this supersedes the plan at the chain.
        const readAt = deps.now().toISOString();
        const plan = await planning.planNextFajrCall({ userId, afterDate: null, now: readAt });
        const chain = client.workflow.getHandle(workflowId);
        try {
          // The plan and when it was read: fajr-calls.workflow.ts OfferedPlan.
          if (plan.status === 'planned') await chain.signal(PREFS_CHANGED_SIGNAL, { ...plan, readAt });
          else await chain.signal(PREFS_CHANGED_SIGNAL);
          counts[plan.status === 'planned' ? 'offered' : 'plain'] += 1;
        } catch (err) {
          if (!(err instanceof WorkflowNotFoundError)) throw err;
          counts.missing += 1;
        }
      };
      await Promise.all(
        Array.from({ length: PLANS_AT_ONCE }, async () => {
          for (let c = next.next(); !c.done; c = next.next()) await one(c.value);
        }),
      );
      return counts;
    },
  };
}
