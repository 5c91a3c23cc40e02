// The API with the local app stores, for the store subscription tests.
import { generateLocalStoreKeys } from '@fajr/activities/adapters/store/local-keys';
import type { LocalStoreAction, LocalStoreDelivery, StoreName } from '@fajr/activities/providers';
import { fajrCallsWorkflowId } from '@fajr/workflows';
import { planOfUser, useApiEndingWorkflows } from './billing-api';

/** Registers the API for a store test file and returns it with the helpers the store tests share. */
export function useStoreApi() {
  const { h, started } = useApiEndingWorkflows({ userPreferences: false });
  // Keys of someone else: a complete Apple-shaped chain and an RSA key, trusted by nobody here.
  let otherKeys: ReturnType<typeof generateLocalStoreKeys> | undefined;
  const local = () => h.deps.providers.devConsoles.store!;
  return {
    h,
    started,
    other: () => (otherKeys ??= generateLocalStoreKeys()),
    local,
    /** Delivers a store notification the local store made, as the store would. */
    post: (n: LocalStoreDelivery) => h.api('POST', n.path, { body: n.body, headers: n.headers }),
    planOf: (userId: string) => planOfUser(h, userId),
    row: (store: StoreName, id: string) =>
      h.db('subscriptions').where({ provider: store, provider_subscription_id: id }).first(),
    act: (store: StoreName, purchase: string, action: LocalStoreAction) => local().act(store, purchase, action),
    /** An app user whose call chain is ended after the file. */
    async appUser() {
      const user = await h.user({ isAppUser: true });
      started.push(fajrCallsWorkflowId(user.id));
      return user;
    },
  };
}
