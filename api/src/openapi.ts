import { OpenAPIRegistry, OpenApiGeneratorV3, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import {
  appChallengeResult,
  citiesParams,
  citiesQuery,
  citiesResult,
  contactBody,
  credentialsBody,
  currentUserResult,
  fajrPrefsBody,
  feedbackBody,
  forgetPasswordBody,
  goodbyeBody,
  phoneNumberBody,
  goodbyeResult,
  messageBody,
  mosqueRequestBody,
  paymentSessionResult,
  planParams,
  prayerCalcResult,
  resetPasswordBody,
  scheduleQuery,
  scheduleResult,
  sessionIdParams,
  sessionResult,
  signupBody,
  signupQuery,
  staticResult,
  statsResult,
  testCallResult,
  todayResult,
  togglesBody,
  declineSuggestionBody,
  urlResult,
  validatePhoneBody,
  validatePhoneResult,
  verifyPhoneCodeBody,
} from './contracts';
import { billingOverviewResult, planChangeQuoteResult, storePurchaseBody, storePurchaseResult } from './contracts/subscriptions.contract';
import { friendConsentBody, friendIdParams, friendsResult, friendStopBody, invitationResult, inviteFriendBody } from './contracts/friends.contract';
import { supportMessageBody, supportMessagesQuery, supportMessagesResult, supportSendResult } from './contracts/support.contract';

type Status = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 416 | 429 | 502 | 503;

const ERROR_MEANING: Record<Status, string> = {
  400: 'Invalid input (body, path or query), or a request the account cannot make',
  401: 'Missing, invalid or expired session token',
  403: 'Not allowed for this plan or account',
  404: 'Not found',
  409: 'Conflicts with the current state',
  413: 'The request body is too large',
  415: 'Unsupported request encoding',
  416: 'Requested range not satisfiable',
  429: 'Too many requests',
  502: 'The payment provider or app store failed',
  503: 'A backing service (database, scheduler) is temporarily unavailable',
};

interface Endpoint {
  method: 'get' | 'post' | 'delete';
  path: string;
  summary: string;
  tag: string;
  auth: 'required' | 'optional' | 'none';
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  ok: { schema: z.ZodType; description: string; contentType?: string };
  errors: Status[];
}

// The web sends an empty adhaan when none is chosen; the API stores 'Default' then.
const fajrPrefsRequest = fajrPrefsBody.extend({
  fajrAdhaanId: z.string().max(100).nullable().describe("Adhaan title; empty or null means 'Default' (other adhaans need PLUS)"),
});

const message = (description: string) => ({ schema: messageBody, description });
const JSON_BODY: Status[] = [400, 413, 415];
const AUTHED: Status[] = [401, 503];

/** Every endpoint of the public API (SPEC section 7 plus sign-out, health, media and this document). */
const endpoints: Endpoint[] = [
  // Accounts and sessions
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
  { method: 'get', path: '/users/friends', tag: 'friends', summary: "Fajr friends the user invited: name, status and whether they were woken this month (never their number, place or times)", auth: 'required', ok: { schema: friendsResult, description: 'The friends, and how many may be invited' }, errors: AUTHED },
  { method: 'post', path: '/users/friends', tag: 'friends', summary: 'Invite a friend to their own daily Fajr call (PREMIUM, at most 3): an SMS with a code and the consent link', auth: 'required', body: inviteFriendBody, ok: message('Invitation sent'), errors: [...JSON_BODY, ...AUTHED, 403, 429, 503] },
  { method: 'delete', path: '/users/friends/{id}', tag: 'friends', summary: "Remove a friend: their calls end", auth: 'required', params: friendIdParams, ok: message('Friend removed'), errors: [400, ...AUTHED, 404] },
  { method: 'get', path: '/friends/{id}', tag: 'friends', summary: "A friend's invitation, for the consent page (no account)", auth: 'none', params: friendIdParams, ok: { schema: invitationResult, description: 'Who invited whom, and its status' }, errors: [400, 404] },
  { method: 'post', path: '/friends/{id}/consent', tag: 'friends', summary: 'The friend consents with the SMS code and chooses their city or a mosque; their daily calls start', auth: 'none', params: friendIdParams, body: friendConsentBody, ok: message('Thank you: we will call you for Fajr every morning, in sha Allah'), errors: [...JSON_BODY, 404, 429] },
  { method: 'post', path: '/friends/{id}/stop', tag: 'friends', summary: "The friend's signed stop link: never called again unless they consent anew", auth: 'none', params: friendIdParams, body: friendStopBody, ok: message('Your Fajr calls are stopped: we will not call you again'), errors: [...JSON_BODY, 403] },
  { method: 'post', path: '/users/forget-password', tag: 'users', summary: 'Send a password reset code (same answer whether or not the account exists)', auth: 'none', body: forgetPasswordBody, ok: message('Reset code sent if the account exists'), errors: [...JSON_BODY, 429, 503] },
  { method: 'post', path: '/users/forget-password/reset', tag: 'users', summary: 'Check a reset code (without password) or set the new password (with it)', auth: 'none', body: resetPasswordBody, ok: message('Code accepted, or Password change complete'), errors: [...JSON_BODY, 429, 503] },

  // Schedule, calls, preferences
  { method: 'get', path: '/salah-schedules/fajr-schedules', tag: 'schedules', summary: 'Upcoming Fajr calls', auth: 'required', query: scheduleQuery, ok: { schema: scheduleResult, description: 'Schedule entries' }, errors: [400, ...AUTHED] },
  { method: 'get', path: '/salah-schedules/fajr-schedules/today', tag: 'schedules', summary: 'The next Fajr call and Fajr time', auth: 'required', ok: { schema: todayResult, description: 'The next call' }, errors: [400, ...AUTHED] },
  { method: 'delete', path: '/salah-schedules/fajr-schedules', tag: 'schedules', summary: 'Stop the daily Fajr calls', auth: 'required', ok: message('Fajr calls disabled'), errors: AUTHED },
  { method: 'post', path: '/salah-schedules/fajr-prefs', tag: 'preferences', summary: 'Save the Fajr settings (home city or mosque, method, rule, adhaan, call time, repeat)', auth: 'required', body: fajrPrefsRequest, ok: message('Updated preferences'), errors: [...JSON_BODY, ...AUTHED, 403] },
  { method: 'post', path: '/salah-schedules/fajr-prefs/toggles', tag: 'preferences', summary: 'Switch calls, repeated calls or the awake check on or off', auth: 'required', body: togglesBody, ok: message("'Fajr calls enabled' / 'Fajr calls disabled' / 'Fajr repeated calls enabled' / 'Fajr repeated calls disabled' / 'Awake check enabled' / 'Awake check disabled'"), errors: [...JSON_BODY, ...AUTHED, 403] },
  { method: 'post', path: '/salah-schedules/fajr-prefs/place-suggestion/decline', tag: 'preferences', summary: "Keep my own method and rule over my city's suggestion (the current user's placeSuggestion, as sent); not offered again until it changes", auth: 'required', body: declineSuggestionBody, ok: message('Kept your settings'), errors: [...JSON_BODY, ...AUTHED, 409] },
  { method: 'post', path: '/salah-schedules/calls/test', tag: 'calls', summary: 'Request a test call within 5 minutes', auth: 'required', ok: message("we'll call you within 5 minutes"), errors: [400, ...AUTHED, 403, 409, 429] },
  { method: 'get', path: '/salah-schedules/calls/test', tag: 'calls', summary: 'The newest test call and how it went (every plan)', auth: 'required', ok: { schema: testCallResult, description: 'The test call, or null' }, errors: AUTHED },
  { method: 'get', path: '/salah-schedules/calls/stats', tag: 'calls', summary: "This month's answered and missed calls with the call log (PLUS)", auth: 'required', ok: { schema: statsResult, description: 'Call statistics' }, errors: [...AUTHED, 403] },

  // Subscriptions
  { method: 'post', path: '/subscriptions/premium/{plan}', tag: 'subscriptions', summary: 'Start a checkout for a plan', auth: 'required', params: planParams, ok: { schema: urlResult, description: 'Checkout URL to redirect to' }, errors: [400, ...AUTHED, 403, 409, 502] },
  { method: 'get', path: '/subscriptions/premium/{plan}/preview', tag: 'subscriptions', summary: "What moving the user's web subscription to the plan charges now (prorated) and monthly after, before it charges", auth: 'required', params: planParams, ok: { schema: planChangeQuoteResult, description: 'Amount due now, monthly amount, renewal' }, errors: [400, ...AUTHED, 403, 409, 502] },
  { method: 'post', path: '/subscriptions/view-portal', tag: 'subscriptions', summary: 'Open the billing portal', auth: 'required', ok: { schema: urlResult, description: 'Portal URL to redirect to' }, errors: [400, ...AUTHED, 502] },
  { method: 'post', path: '/subscriptions/store-purchases', tag: 'subscriptions', summary: 'The app hands over an App Store or Google Play purchase right after buying; verified with the store, it changes the plan at once (docs/NATIVE-SHELL.md)', auth: 'required', body: storePurchaseBody, ok: { schema: storePurchaseResult, description: "The user's plan now and the subscription the store confirmed" }, errors: [...JSON_BODY, ...AUTHED, 403, 429, 502] },
  { method: 'get', path: '/subscriptions/current', tag: 'subscriptions', summary: 'The plan and every subscription granting one, with where each is managed (stripe: the billing portal; apple / google: the store)', auth: 'required', ok: { schema: billingOverviewResult, description: 'Plan and subscriptions, highest plan first' }, errors: AUTHED },
  { method: 'get', path: '/subscriptions/session/{id}', tag: 'subscriptions', summary: "A payment session of the user's own checkout", auth: 'required', params: sessionIdParams, ok: { schema: paymentSessionResult, description: 'Payment details' }, errors: [400, ...AUTHED, 404, 502] },

  // Reference data, requests, feedback
  { method: 'get', path: '/data/prayer-calc', tag: 'data', summary: 'Time zones, methods, high-latitude rules, mosques, adhaans, call time preferences', auth: 'none', ok: { schema: prayerCalcResult, description: 'Prayer calculation data' }, errors: [503] },
  { method: 'get', path: '/data/static', tag: 'data', summary: 'Monthly prices per plan and currency (minor units)', auth: 'none', ok: { schema: staticResult, description: 'Prices' }, errors: [503] },
  { method: 'get', path: '/data/cities/{country}', tag: 'data', summary: 'Search the cities of the world (offline), by prefix then population; up to 10', auth: 'none', params: citiesParams, query: citiesQuery, ok: { schema: citiesResult, description: 'Matching cities with their time zones' }, errors: [400] },
  { method: 'post', path: '/data/mosques/request', tag: 'data', summary: 'Ask for a mosque to be added', auth: 'optional', body: mosqueRequestBody, ok: message('Request Sent'), errors: [...JSON_BODY, 429, 503] },
  { method: 'post', path: '/data/feedback', tag: 'data', summary: 'Send a rating and/or comments', auth: 'optional', body: feedbackBody, ok: message('Thank you for your feedback'), errors: [...JSON_BODY, 429, 503] },
  { method: 'post', path: '/data/feedback/contact', tag: 'data', summary: "The help form ('Speak to Us!')", auth: 'optional', body: contactBody, ok: message("Message sent successfully, we' be in touch as soon as we can"), errors: [...JSON_BODY, 429, 503] },

  // Support chat
  { method: 'get', path: '/support/messages', tag: 'support', summary: "The signed-in user's support chat: messages after `since` (polling), or the latest", auth: 'required', query: supportMessagesQuery, ok: { schema: supportMessagesResult, description: 'Status, messages oldest first, and the cursor for the next poll' }, errors: [400, ...AUTHED] },
  { method: 'post', path: '/support/messages', tag: 'support', summary: 'Send a message to support (starts or reopens the conversation)', auth: 'required', body: supportMessageBody, ok: { schema: supportSendResult, description: 'The message as stored' }, errors: [...JSON_BODY, ...AUTHED, 429] },

  // Media and service
  { method: 'get', path: '/media/adhaans/{file}', tag: 'media', summary: 'An adhaan recording (16-bit PCM WAV); supports Range', auth: 'none', params: z.object({ file: z.enum(['default.wav', 'gentle.wav']) }), ok: { schema: z.string().describe('WAV audio'), description: 'The audio file', contentType: 'audio/wav' }, errors: [404, 416] },
  { method: 'get', path: '/health', tag: 'service', summary: 'Postgres and Temporal reachability', auth: 'none', ok: { schema: z.object({ status: z.string(), postgres: z.object({ ok: z.boolean(), error: z.string().optional() }), temporal: z.object({ ok: z.boolean(), error: z.string().optional() }) }), description: 'Both reachable' }, errors: [503] },
  { method: 'get', path: '/docs', tag: 'service', summary: 'This OpenAPI document', auth: 'none', ok: { schema: z.object({}).passthrough(), description: 'OpenAPI 3 document' }, errors: [] },
];

const ERROR_REF = { $ref: '#/components/schemas/Error' };

function routeOf(e: Endpoint): RouteConfig {
  // Any POST or DELETE may carry a body the JSON parser refuses (malformed, too large, bad encoding).
  const errors = [...new Set<Status>([...e.errors, ...(e.method === 'get' ? [] : JSON_BODY)])].sort();
  return {
    method: e.method,
    path: e.path,
    tags: [e.tag],
    summary: e.summary,
    security: e.auth === 'required' ? [{ bearerAuth: [] }] : e.auth === 'optional' ? [{}, { bearerAuth: [] }] : [],
    request: {
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { query: e.query } : {}),
      ...(e.body ? { body: { required: true, content: { 'application/json': { schema: e.body } } } } : {}),
    },
    responses: {
      200: { description: e.ok.description, content: { [e.ok.contentType ?? 'application/json']: { schema: e.ok.schema } } },
      ...(e.ok.contentType === 'audio/wav' ? { 206: { description: 'The requested byte range', content: { 'audio/wav': { schema: e.ok.schema } } }, 304: { description: 'Not modified (ETag matched)' } } : {}),
      ...Object.fromEntries(errors.map((s) => [s, { description: ERROR_MEANING[s], content: { 'application/json': { schema: ERROR_REF } } }])),
    },
  };
}

let document: ReturnType<OpenApiGeneratorV3['generateDocument']> | undefined;

/** The OpenAPI 3 document of the API, generated once from the zod contracts the routes parse with. */
export function openApiDocument() {
  if (document) return document;
  const registry = new OpenAPIRegistry();
  registry.registerComponent('schemas', 'Error', {
    type: 'object',
    properties: { error: { type: 'string', description: 'A message safe to show to the user' } },
    required: ['error'],
    description: 'Every failure (the shape of the contracts errorBody)',
  });
  registry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer', description: 'The session token from sign-in or sign-up' });
  for (const e of endpoints) registry.registerPath(routeOf(e));
  document = new OpenApiGeneratorV3(registry.definitions).generateDocument({
    openapi: '3.0.3',
    info: {
      title: 'Fajr API',
      version: '1.0.0',
      description:
        'Daily Fajr wake-up calls. Successful answers are `{ result }` or `{ message }`; every failure is `{ error }` with a 4xx/5xx status. ' +
        'JSON bodies are limited to 32 kB. Webhook and development-only endpoints are not listed.',
    },
    servers: [{ url: '/api' }],
  });
  return document;
}
