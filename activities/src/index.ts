import type { Deps } from './deps';
import { createCodeActivities } from './codes/codes.activities';
import { createTrialActivities } from './trial/trial.activities';
import { createCallActivities } from './calls/calls.activities';
import { createTimetableUpkeepActivities } from './timetables/upkeep.activities';
import { createMosqueMemberActivities } from './mosques/mosque-members.activities';
import { createJamaahChangeSmsActivities } from './mosques/jamaah-change-sms.activities';
import { createMosqueFreshnessActivities } from './mosques/mosque-freshness.activities';

/**
 * Builds every Temporal activity from injected dependencies (the worker passes real ones, tests
 * pass their own). Each domain contributes its activities here.
 */
export function createActivities(deps: Deps) {
  return {
    ...createCodeActivities(deps),
    ...createTrialActivities(deps),
    ...createCallActivities(deps),
    ...createTimetableUpkeepActivities(deps),
    ...createMosqueMemberActivities(deps),
    ...createJamaahChangeSmsActivities(deps),
    ...createMosqueFreshnessActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
export type { Deps } from './deps';
export type { UpkeepReport } from './timetables/upkeep.activities';
export type { RunOutReminderReport } from './mosques/mosque-freshness.activities';
export { createProviders, type Providers } from './adapters';
export {
  sharedConfigSchema,
  DEFAULT_CALL_ARMING_RATE,
  callerAccountsOf,
  publicWebUrl,
  parseConfig,
  ConfigError,
  type SharedConfig,
} from './config';
export { checkSharedConfig } from './config-checks';
export { createLogger, type Logger } from './logger';
export { createDb, type Knex } from './repositories/db';
