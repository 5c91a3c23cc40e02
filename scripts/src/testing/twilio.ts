// Twilio's side of a webhook in tests: a form POST signed with the local telephony's auth token, as
// Twilio signs its callbacks (a wrong or missing signature is refused, so tests must sign).
import { signCallback } from '@fajr/activities/adapters/telephony/signature';

/** What signing needs from a test harness: the token the app checks signatures with. */
export interface SigningHarness {
  config: { LOCAL_TELEPHONY_AUTH_TOKEN: string };
}

/** POSTs `params` form-encoded to the webhook `url` with a valid Twilio signature; returns the response. */
export function postAsTwilio(h: SigningHarness, url: string, params: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': signCallback(h.config.LOCAL_TELEPHONY_AUTH_TOKEN, url, params),
    },
    body: new URLSearchParams(params).toString(),
  });
}
