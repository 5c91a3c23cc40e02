import { NativeConnection, Worker } from '@temporalio/worker';
import { createDb, createLogger, createProviders, parseConfig, sharedConfigSchema, type Deps } from '@fajr/activities';
import { createCallActivities } from '@fajr/activities/calls/calls.activities';
import type { Telephony } from '@fajr/activities/adapters/telephony/types';

/**
 * A worker for the real-kill test (worker/test/kill.int.test.ts), run as its own process. Its
 * telephony is the real local provider, except that once the provider has accepted a call it
 * prints `DIALLED <sid>` and never returns: the test SIGKILLs the process in exactly the window
 * between "the provider accepted the call" and "the activity completed".
 */
async function main() {
  const config = parseConfig(sharedConfigSchema, process.env);
  const logger = createLogger('kill-worker', 'silent');
  const db = createDb(config.DATABASE_URL);
  const providers = createProviders(config, db, logger);
  const real = providers.telephony;
  const hanging: Telephony = {
    provider: real.provider,
    account: real.account,
    async placeCall(input) {
      const { sid } = await real.placeCall(input);
      process.stdout.write(`DIALLED ${sid}\n`);
      return new Promise(() => undefined);
    },
    getCall: (sid) => real.getCall(sid),
    findCall: (...args) => real.findCall(...args),
  };
  const deps: Deps = { config, db, logger, providers: { ...providers, telephony: hanging }, now: () => new Date() };
  const connection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS });
  const worker = await Worker.create({
    connection,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    workflowsPath: require.resolve('@fajr/workflows'),
    activities: createCallActivities(deps),
  });
  process.stdout.write('READY\n');
  await worker.run();
}

main().catch((err) => {
  process.stderr.write(`kill-worker: ${err?.stack ?? err}\n`);
  process.exit(1);
});
