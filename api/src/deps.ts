import type { Client } from '@temporalio/client';
import type { Deps } from '@fajr/activities';
import type { ApiConfig } from './config';

/** Everything routes and services need; built once in server.ts (or by a test). */
export interface ApiDeps extends Deps {
  config: ApiConfig;
  temporal: Client;
}
