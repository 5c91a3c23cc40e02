import { Client, Connection } from '@temporalio/client';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { customSearchAttributes } from '@fajr/workflows/search-attributes';

const KEYWORD = 2; // temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD

/**
 * A time-skipping Temporal test environment on the Java test server `npm test` provisioned, with
 * the project's search attributes registered (the test server has no CLI to do it, and rejects
 * workflow tasks that upsert an unknown attribute).
 */
export async function createTimeSkippingEnv(): Promise<TestWorkflowEnvironment> {
  const path = process.env.FAJR_TEMPORAL_TEST_SERVER_PATH;
  const env = await TestWorkflowEnvironment.createTimeSkipping(
    path ? { server: { executable: { type: 'existing-path', path } } } : {},
  );
  await env.connection.operatorService.addSearchAttributes({
    namespace: env.namespace ?? 'default',
    searchAttributes: Object.fromEntries(customSearchAttributes.map((k) => [k.name, KEYWORD])),
  });
  return env;
}

/** A client of the Temporal dev server `npm test` started (search attributes already registered). */
export async function connectDevServer(): Promise<{ connection: Connection; client: Client; address: string }> {
  const address = process.env.FAJR_TEST_TEMPORAL_ADDRESS;
  if (!address) throw new Error('FAJR_TEST_TEMPORAL_ADDRESS is not set: run tests through `npm test`');
  const connection = await Connection.connect({ address });
  return { connection, client: new Client({ connection, namespace: 'default' }), address };
}
