/** The shape of one entry of the catalogue of calculation methods (../prayer-calc-methods.ts). */

/** How a published timetable turns an instant into its minute. */
export type MinuteRounding = 'nearest' | 'up' | 'down';

/** The times an authority may move by fixed minutes. */
export type PrayerTime = 'fajr' | 'sunrise' | 'dhuhr' | 'asr' | 'maghrib' | 'isha';

/** One method of the catalogue, as plain data (checked against adhan's presets in activities' authorities.ts). */
export interface CalcMethod {
  /** Stored value; never renamed once shipped. */
  id: string;
  /** What settings show: the authority, then where it is used ("JAKIM — Malaysia"). */
  label: string;
  /** One line naming the authority and where it is used, with its Fajr rule. */
  description: string;
  /** Where the method is published or documented. */
  reference: string;
  /** Aladhan's method number, when Aladhan offers it (null: not one of Aladhan's). */
  aladhanId: number | null;
  /** adhan's preset this starts from (its seasonal or fixed adjustments), else a plain custom method. */
  preset?: string;
  fajrAngle: number;
  ishaAngle?: number;
  /** Isha as minutes after Maghrib instead of an angle. */
  ishaIntervalMinutes?: number;
  maghribAngle?: number;
  /** Fixed minutes added to a time (ihtiyati, temkin), on top of the preset's own. */
  adjustments?: Partial<Record<PrayerTime, number>>;
  /** How the authority rounds Fajr and sunrise to the minute (nearest unless its tables show otherwise). */
  rounding?: { fajr: MinuteRounding; sunrise: MinuteRounding };
  /**
   * The high-latitude rule the authority's own tables follow: a user whose country it is starts with it
   * (place defaults) instead of the rule by latitude; the user's saved rule is what the planner uses.
   */
  highLatRule?: 'MiddleOfTheNight' | 'SeventhOfTheNight' | 'TwilightAngle';
  /**
   * The authority publishes one perpetual table (the same times every year) computed on one year's sun:
   * the planner computes every date on this year's (its month and day), so the method's times too are
   * the same every year. The year is fitted on the table, as an angle is.
   */
  sunOfYear?: number;
  /**
   * Months (1–12) in which the authority's own calculation gives each date the next date's sun, a slip in
   * its day count that its published times show at every month boundary: the planner does the same, so
   * calls are at the minute it publishes. Read off its table, as an angle is.
   */
  nextDaysSunInMonths?: readonly number[];
  /**
   * Months (1–12) in which the authority's sunrise is `minutes` from the astronomical one instead of
   * `adjustments.sunrise`: its monthly sheets print a different precaution in those months (DUM RF: 6
   * minutes early from January to May, 5 from June to December). Read off its tables, as an angle is.
   */
  sunriseAdjustmentInMonths?: { months: readonly number[]; minutes: number };
  /**
   * The authority's own rule for the white nights, when the sun never sinks to the Fajr angle: Fajr this
   * many minutes before its (rounded) sunrise (DUM RT: 120, the "2 hours" its Tatarstan tables print from
   * May to August). On every other night Fajr is the angle's own time, however early (its tables clamp
   * nothing), so no high-latitude rule is used with such a method, as adhan uses none with the
   * Moonsighting Committee's.
   */
  fajrBeforeSunriseWithoutTwilightMinutes?: number;
  /**
   * The authority's own rule for the nights without twilight, in words, where it replaces the user's
   * high-latitude rule for Fajr (settings then say the rule chosen there is not used with this method).
   */
  ownHighLatRule?: string;
  /**
   * The authority's own published times the official-timetable test reproduces (Fajr and sunrise within a
   * minute on at least 95 % of days, never more than 2), as settings show it ("JAKIM's e-Solat table for Kuala
   * Lumpur, 2024 (365 days)"); absent where no such table was found. official-timetables.test.ts keeps this in step
   * with the fixtures.
   */
  checkedAgainst?: string;
  /**
   * The method is a convention that names no authority (Aladhan's Gulf Region, France's 15° and 18°): no
   * authority's published table can check it, and settings say so instead of "not yet checked".
   */
  namesNoAuthority?: true;
}
