import { appChallengeResult, credentialsBody, currentUserResult, forgetPasswordBody, goodbyeBody, goodbyeResult, phoneNumberBody, resetPasswordBody, sessionResult, signupBody, signupQuery, validatePhoneBody, validatePhoneResult, verifyPhoneCodeBody } from '../contracts';
import { AUTHED, JSON_BODY, message, type Endpoint } from './endpoint';

/** Sign-up, sign-in, the session, the account and its phone numbers. */
export const accountEndpoints: Endpoint[] = [
  { method: 'post', path: '/users/signup', tag: 'users', summary: 'Create an account and sign in (source=app with a valid attestation: an app account; otherwise a web account with the trial)', auth: 'none', query: signupQuery, body: signupBody, ok: { schema: sessionResult, description: 'The new user and a session token' }, errors: [...JSON_BODY, 403, 409, 429, 503] },
  { method: 'post', path: '/users/app-challenge', tag: 'users', summary: "A single-use challenge (5 minutes) the app binds its platform attestation to before signing up with source=app", auth: 'none', ok: { schema: appChallengeResult, description: 'The challenge and when it expires' }, errors: [429, 503] },
  { method: 'post', path: '/users/signin', tag: 'users', summary: 'Sign in with an e-mail or phone number and a password', auth: 'none', body: credentialsBody, ok: { schema: sessionResult, description: 'The user and a session token' }, errors: [...JSON_BODY, 401, 429, 503] },
  { method: 'post', path: '/users/signout', tag: 'users', summary: 'Revoke the session token', auth: 'required', ok: message('Signed out'), errors: AUTHED },
  { method: 'get', path: '/users/current-user', tag: 'users', summary: 'The signed-in user with plan, trial and Fajr preferences', auth: 'required', ok: { schema: currentUserResult, description: 'The user' }, errors: AUTHED },
  { method: 'post', path: '/users/validate-phone-number', tag: 'users', summary: 'Check and normalise a phone number', auth: 'none', body: validatePhoneBody, ok: { schema: validatePhoneResult, description: 'Whether it is valid, in E.164' }, errors: [...JSON_BODY, 429] },
  { method: 'post', path: '/users/goodbye', tag: 'users', summary: 'Delete the account (password required)', auth: 'required', body: goodbyeBody, ok: { schema: goodbyeResult, description: 'result.message to show' }, errors: [...JSON_BODY, ...AUTHED, 429] },
  { method: 'post', path: '/users/send-verification', tag: 'users', summary: 'Send a 6-digit code to verify the phone number', auth: 'required', ok: message('Verification code sent'), errors: [400, ...AUTHED, 429] },
  { method: 'post', path: '/users/phone-number', tag: 'users', summary: 'Give an account without a verified number the number we call (national with country, or international)', auth: 'required', body: phoneNumberBody, ok: { schema: currentUserResult, description: 'The user, with the number unverified' }, errors: [...JSON_BODY, ...AUTHED, 409, 429] },
  { method: 'post', path: '/users/verify-phone-code', tag: 'users', summary: 'Verify the phone number with the code', auth: 'required', body: verifyPhoneCodeBody, ok: message('Verification successful'), errors: [...JSON_BODY, ...AUTHED, 429] },
  { method: 'post', path: '/users/second-phone-number', tag: 'users', summary: 'Add a second number (PREMIUM): stored unverified, a code is sent to it', auth: 'required', body: phoneNumberBody, ok: message('Verification code sent'), errors: [...JSON_BODY, ...AUTHED, 403, 429] },
  { method: 'post', path: '/users/second-phone-number/send-verification', tag: 'users', summary: 'Send a new code to the unverified second number (PREMIUM)', auth: 'required', ok: message('Verification code sent'), errors: [400, ...AUTHED, 403, 429] },
  { method: 'post', path: '/users/second-phone-number/verify', tag: 'users', summary: 'Verify the second number with its code (PREMIUM); from then on it is called when the first goes unanswered', auth: 'required', body: verifyPhoneCodeBody, ok: message('Second number verified'), errors: [...JSON_BODY, ...AUTHED, 403, 429] },
  { method: 'delete', path: '/users/second-phone-number', tag: 'users', summary: 'Remove the second number', auth: 'required', ok: message('Second number removed'), errors: AUTHED },
];

/** Resetting a forgotten password by a code. */
export const passwordResetEndpoints: Endpoint[] = [
  { method: 'post', path: '/users/forget-password', tag: 'users', summary: 'Send a password reset code (same answer whether or not the account exists)', auth: 'none', body: forgetPasswordBody, ok: message('Reset code sent if the account exists'), errors: [...JSON_BODY, 429, 503] },
  { method: 'post', path: '/users/forget-password/reset', tag: 'users', summary: 'Check a reset code (without password) or set the new password (with it)', auth: 'none', body: resetPasswordBody, ok: message('Code accepted, or Password change complete'), errors: [...JSON_BODY, 429, 503] },
];
