import { hijriOffsetBody } from '../contracts/display-prefs.contract';
import { currentUserResult } from '../contracts/users.contract';
import { AUTHED, JSON_BODY, type Endpoint } from './endpoint';

/** The account's display preferences (issue 45 point 4): the Hijri date adjustment. */
export const displayPrefsEndpoints: Endpoint[] = [
  {
    method: 'put',
    path: '/users/hijri-offset',
    tag: 'users',
    summary: "Keep the days the account's Hijri dates are moved from the Umm al-Qura calendar (-2 to 2)",
    auth: 'required',
    body: hijriOffsetBody,
    ok: { schema: currentUserResult, description: 'The user, with the new `hijriOffset`' },
    errors: [...JSON_BODY, ...AUTHED],
  },
];
