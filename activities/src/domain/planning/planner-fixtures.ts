// Places and one-line plans the planner's tests share.
import { planDays } from './planner';
import type { CallPlan, Place } from './types';

/** A place computed by a method (the Muslim World League unless told) and a high-latitude rule. */
export const place = (
  lat: number,
  lng: number,
  tzName: string,
  calcMethod = 'MuslimWorldLeague',
  highLatRule = 'MiddleOfTheNight',
): Place => ({ lat, lng, tzName, calcMethod, highLatRule });
/** A home user's plan, `offsetMinutes` after Fajr. */
export const home = (p: Place, offsetMinutes = 0): CallPlan => ({ kind: 'home', place: p, offsetMinutes });
/** The plan of one date. */
export const one = (plan: CallPlan, date: string) => planDays(plan, date, 1)[0]!;
export const minutesBetween = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 60_000;
/** The UTC wall clock of an ISO instant ('HH:MM'). */
export const wall = (iso: string) => iso.slice(11, 16);

export const LONDON = place(51.5074, -0.1278, 'Europe/London');
export const NEW_YORK = place(40.7128, -74.006, 'America/New_York', 'NorthAmerica');
export const SYDNEY = place(-33.8688, 151.2093, 'Australia/Sydney');
