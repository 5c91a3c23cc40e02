// Every server-state query key of the web, in one place: reads use them, writes invalidate them.

export const queryKeys = {
  /** GET /users/current-user (the session's user). */
  currentUser: ['session', 'current-user'] as const,
  /** GET /data/static, fetched again whenever the signed-in user or plan changes (`planKey`). */
  prices: (planKey: string) => ['data', 'static', planKey] as const,
  /** GET /data/prayer-calc (landing page's mosques, settings' lists). */
  prayerCalc: ['data', 'prayer-calc'] as const,
  /** GET /data/fajr-contact (the numbers to save so calls ring through Do Not Disturb). */
  fajrContact: ['data', 'fajr-contact'] as const,
  /** GET /data/phone-countries (the countries the sign-up form offers). */
  phoneCountries: ['data', 'phone-countries'] as const,
  /** Reads that belong to one account: another account never sees them. */
  user: (userId: string) => ['user', userId] as const,
  /** GET /salah-schedules/calls/stats. */
  stats: (userId: string) => ['user', userId, 'stats'] as const,
  /** GET /salah-schedules/calls/test. */
  testCall: (userId: string) => ['user', userId, 'test-call'] as const,
  /** GET /salah-schedules/fajr-schedules/today. */
  today: (userId: string) => ['user', userId, 'today'] as const,
  /** GET /salah-schedules/fajr-schedules. */
  schedule: (userId: string) => ['user', userId, 'schedule'] as const,
  /** GET /data/mosques/requests (the user's mosque requests and their answers). */
  mosqueRequests: (userId: string) => ['user', userId, 'mosque-requests'] as const,
  /** GET /subscriptions/current (where each plan is managed). */
  billing: (userId: string) => ['user', userId, 'billing'] as const,
  /** GET /subscriptions/premium/:plan/preview (what moving to the plan charges; under billing, so its invalidation covers it). */
  planChangeQuote: (userId: string, plan: string) => ['user', userId, 'billing', 'quote', plan] as const,
  /** GET /users/friends (the Fajr friends section). */
  friends: (userId: string) => ['user', userId, 'friends'] as const,
  /** GET /friends/:id (the public consent page). */
  invitation: (friendId: string) => ['friends', friendId] as const,
  /** GET /friends/:id/welcome (a friend's first call, after yes). */
  friendWelcome: (friendId: string) => ['friends', friendId, 'welcome'] as const,
  /** GET /subscriptions/session/:id. */
  paymentSession: (sessionId: string) => ['subscriptions', 'session', sessionId] as const,
};
