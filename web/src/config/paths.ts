// Every route path of the app (SPEC section 2), in one place.
export const paths = {
  home: '/',
  ourStory: '/our-story',
  privacy: '/privacy-policy',
  terms: '/terms',
  signIn: '/signin',
  signUp: '/signup',
  featureRequests: '/feature-requests',
  help: '/help',
  /** A Fajr friend's consent page (the SMS link; no account) and their stop link. */
  friendInvitation: '/friend/:id',
  friendStop: '/friend/:id/stop',
  app: '/app',
  schedule: '/app/schedule',
  settings: '/app/settings',
  subscriptions: '/app/subscriptions',
  subscriptionSuccess: '/app/subscriptions/success',
  subscriptionCancelled: '/app/subscriptions/cancelled',
} as const;
