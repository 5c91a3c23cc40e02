import { Client, Connection } from '@temporalio/client';

/** One Temporal client per process; connects lazily so the API starts (and reports health) while Temporal is down. */
export function createTemporalClient(address: string, namespace: string): Client {
  const connection = Connection.lazy({ address });
  return new Client({ connection, namespace });
}
