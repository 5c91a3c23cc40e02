/**
 * What the app does before an app sign-up, against a running API with local attestation: fetch a
 * challenge, have the local provider's console (the app's side) attest it. The result is the
 * `attestation` field of `POST /api/users/signup?source=app` (docs/NATIVE-SHELL.md).
 */
export async function localAppAttestation(
  baseUrl: string,
  platform: 'ios' | 'android' = 'ios',
): Promise<Record<string, string>> {
  const post = async (path: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}/api${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    const json = (await res.json()) as { result?: Record<string, unknown>; error?: string };
    if (res.status !== 200 || !json.result) throw new Error(`${path} failed: ${res.status} ${JSON.stringify(json)}`);
    return json.result;
  };
  const { challenge } = (await post('/users/app-challenge')) as { challenge: string };
  const { attestation } = (await post('/dev/app-attestation', { challenge, platform })) as {
    attestation: Record<string, string>;
  };
  return attestation;
}
