import type { Deps } from '../deps';

/** How far ahead the re-plan looks for calls about to be dialled (it yields to them). */
export const CALLS_DUE_WINDOW_MS = 30_000;

/** One page of a mosque's members to re-plan, and how long to yield first to calls about to be dialled. */
export interface MemberPage {
  userIds: string[];
  /** Calls reserved in the pacer calendar for the next CALLS_DUE_WINDOW_MS (any place): the re-plan yields to them. */
  callsDueSoon: number;
}

/** The activities of a mosque's members' re-plan (workflows/src/mosque-replan.workflow.ts). */
export function createMosqueMemberActivities(deps: Deps) {
  const { db } = deps;
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
  };
}
