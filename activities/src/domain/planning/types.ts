import type { PolarConventionUsed } from './rules';

/** The shapes the planner reads and returns. Every instant is an ISO string with offset; every date is a local date in the plan's IANA zone. */

export interface Place {
  lat: number;
  lng: number;
  tzName: string;
  calcMethod: string;
  highLatRule: string;
  /** Used only on dates the method gives no time; absent = None (no call on such dates). */
  polarConvention?: string;
}

/** What a call time preference counts from (call_time_prefs.relative_to). */
export type CallTimeBase = 'fajr' | 'sunrise';

/** What the planner needs for one user: praying at home (Fajr + offset) or at a mosque (jamaah − 30 min). */
export type CallPlan =
  | {
      kind: 'home';
      place: Place;
      /** Minutes after `relativeTo` (negative: before it) the call is placed: the user's call time preference. */
      offsetMinutes: number;
      /**
       * What `offsetMinutes` counts from: the start of Fajr (absent = 'fajr'), or sunrise, the end of Fajr's
       * time (issue 47 point 2), never earlier than Fajr starts (callInstant).
       */
      relativeTo?: CallTimeBase;
      /**
       * A published timetable the user chose instead of the method: its Fajr is used exactly; a date
       * missing from it (the table ran out) is computed with the method, and marked `timetableFallback`.
       */
      published?: PublishedTimes;
    }
  | {
      kind: 'mosque';
      mosqueId: string;
      /** The mosque's coordinates, zone and the user's method: used for the sunrise shown beside the jamaah. */
      place: Place;
      /** Jamaah instants by local date (ISO); dates missing here have no timetable entry. */
      jamaah: Record<string, string>;
      /** Minutes before the jama'ah the call is placed (the member's choice); absent = SPEC's 30. */
      leadMinutes?: number;
      /**
       * The mosque's stated fallback where its own times have run out: the jama'ah this long after the
       * calculated Fajr (said so on the schedule, never shown as the mosque's time); absent = no call.
       */
      fallbackGapMinutes?: number;
    };

/** An authority's published timetable for a place: its label for the schedule, and its days in the planned stretch. */
export interface PublishedTimes {
  /** "Islamiska förbundet — published timetable for Stockholm". */
  label: string;
  /** Fajr and sunrise instants (ISO) by local date; dates missing here are not in the table. */
  days: Record<string, { fajrAt: string; sunriseAt: string | null }>;
}

export type DayStatus = 'call' | 'no-fajr' | 'no-timetable';

/** One local date of a user's schedule. */
export interface PlannedDay {
  date: string;
  status: DayStatus;
  /** Fajr start (home) or the jamaah (mosque); null when there is none. */
  fajrAt: string | null;
  sunriseAt: string | null;
  /** When the call is placed; null when no call is placed that day (and `status` says why). */
  callAt: string | null;
  /** Why no call, in words, when status is not 'call'; on a convention's day, which convention gave the time. */
  note?: string;
  /** Set when the chosen method gives no time on this date and the user's polar convention gave this one. */
  convention?: PolarConventionUsed;
  /** Set on a mosque user's date the mosque's own times do not reach: the call follows its stated fallback. */
  mosqueFallback?: { gapMinutes: number };
  /** Set on a mosque member's date when the mosque's own jama'ah tomorrow moves 5 minutes or more: from `date`, at `jamaahAt`. */
  jamaahChange?: { date: string; jamaahAt: string };
  /** Set when the times are a published timetable's (the user chose it instead of a method): its label. */
  timetable?: string;
  /** Set when the user's published timetable has no time for this date and the method gave this one: its label. */
  timetableFallback?: string;
}

export class PlanningError extends Error {
  override name = 'PlanningError';
}
