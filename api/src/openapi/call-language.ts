import { callLanguageBody } from '../contracts/languages.contract';
import { currentUserResult } from '../contracts/users.contract';
import { AUTHED, JSON_BODY, type Endpoint } from './endpoint';

/** The call language (issue 45): what the calls speak, apart from the interface language. */
export const callLanguageEndpoints: Endpoint[] = [
  {
    method: 'put',
    path: '/users/call-language',
    tag: 'users',
    summary:
      "Keep the language the account's calls speak (en, ar, ur, bn, id, ms, tr, fr), or null for the interface language",
    auth: 'required',
    body: callLanguageBody,
    ok: { schema: currentUserResult, description: 'The user, with the new `callLanguage`' },
    errors: [...JSON_BODY, ...AUTHED],
  },
];
