import { z } from 'zod';
import {
  declineSuggestionBody,
  fajrPrefsBody,
  scheduleQuery,
  scheduleResult,
  statsResult,
  testCallResult,
  todayResult,
  togglesBody,
} from '../contracts';
import { AUTHED, JSON_BODY, message, type Endpoint } from './endpoint';

// The web sends an empty adhaan when none is chosen; the API stores 'Default' then.
const fajrPrefsRequest = fajrPrefsBody.extend({
  fajrAdhaanId: z
    .string()
    .max(100)
    .nullable()
    .describe("Adhaan title; empty or null means 'Default' (other adhaans need PLUS)"),
});

/** The schedule, calls and Fajr preferences. */
export const scheduleEndpoints: Endpoint[] = [
  {
    method: 'get',
    path: '/salah-schedules/fajr-schedules',
    tag: 'schedules',
    summary: 'Upcoming Fajr calls',
    auth: 'required',
    query: scheduleQuery,
    ok: { schema: scheduleResult, description: 'Schedule entries' },
    errors: [400, ...AUTHED],
  },
  {
    method: 'get',
    path: '/salah-schedules/fajr-schedules/today',
    tag: 'schedules',
    summary: 'The next Fajr call and Fajr time',
    auth: 'required',
    ok: { schema: todayResult, description: 'The next call' },
    errors: [400, ...AUTHED],
  },
  {
    method: 'delete',
    path: '/salah-schedules/fajr-schedules',
    tag: 'schedules',
    summary: 'Stop the daily Fajr calls',
    auth: 'required',
    ok: message('Fajr calls disabled'),
    errors: AUTHED,
  },
  {
    method: 'post',
    path: '/salah-schedules/fajr-prefs',
    tag: 'preferences',
    summary: 'Save the Fajr settings (home city or mosque, method, rule, adhaan, call time, repeat)',
    auth: 'required',
    body: fajrPrefsRequest,
    ok: message('Updated preferences'),
    errors: [...JSON_BODY, ...AUTHED, 403],
  },
  {
    method: 'post',
    path: '/salah-schedules/fajr-prefs/toggles',
    tag: 'preferences',
    summary:
      'Switch calls, repeated calls, the awake check, mosque change texts, the last call before sunrise or tahajjud calls (Premium; point, minutes, nights) on or off',
    auth: 'required',
    body: togglesBody,
    ok: message(
      "'Fajr calls enabled' / 'Fajr calls disabled' / 'Fajr repeated calls enabled' / 'Fajr repeated calls disabled' / 'Awake check enabled' / 'Awake check disabled' / 'Tahajjud calls enabled' / 'Tahajjud calls disabled'",
    ),
    errors: [...JSON_BODY, ...AUTHED, 403],
  },
  {
    method: 'post',
    path: '/salah-schedules/fajr-prefs/place-suggestion/decline',
    tag: 'preferences',
    summary:
      "Keep my own method and rule over my city's suggestion (the current user's placeSuggestion, as sent); not offered again until it changes",
    auth: 'required',
    body: declineSuggestionBody,
    ok: message('Kept your settings'),
    errors: [...JSON_BODY, ...AUTHED, 409],
  },
  {
    method: 'post',
    path: '/salah-schedules/calls/test',
    tag: 'calls',
    summary: 'Request a test call within 5 minutes',
    auth: 'required',
    ok: message("we'll call you within 5 minutes"),
    errors: [400, ...AUTHED, 403, 409, 429],
  },
  {
    method: 'get',
    path: '/salah-schedules/calls/test',
    tag: 'calls',
    summary: 'The newest test call and how it went (every plan)',
    auth: 'required',
    ok: { schema: testCallResult, description: 'The test call, or null' },
    errors: AUTHED,
  },
  {
    method: 'get',
    path: '/salah-schedules/calls/stats',
    tag: 'calls',
    summary: "This month's answered and missed calls with the call log (PLUS)",
    auth: 'required',
    ok: { schema: statsResult, description: 'Call statistics' },
    errors: [...AUTHED, 403],
  },
];
