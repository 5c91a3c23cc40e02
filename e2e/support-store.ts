// The App Store in e2e runs: a purchase made in the local store, then handed to the API as the app does.
import type { Stack } from './support';

/**
 * Buys `plan` for the user in the local App Store and registers the purchase with the API, as the app
 * does after a purchase; returns the registration's HTTP status.
 */
export async function buyInAppStore(
  stack: Stack,
  token: string,
  userId: string,
  plan: 'PLUS' | 'PREMIUM',
): Promise<number> {
  const post = (path: string, body: unknown) =>
    fetch(`${stack.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  const bought = (await (await post('/api/dev/store/apple/purchases', { userId, plan })).json()) as {
    result: { purchase: string };
  };
  return (await post('/api/subscriptions/store-purchases', { store: 'apple', transactionId: bought.result.purchase }))
    .status;
}
