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
  /** Our own answers to the questions new users ask (Help links an external FAQ instead when VITE_FAQ_URL is set). */
  faq: '/faq',
  /** Rate Fajr: 1–5 and comments (POST /data/feedback), signed in or not. */
  feedback: '/feedback',
  /** A Fajr friend's consent page (the SMS link; no account) and their stop link. */
  friendInvitation: '/friend/:id',
  friendStop: '/friend/:id/stop',
  /** Finding a mosque (issue 46): search by name or near me, and each listed mosque's public page. */
  mosques: '/mosques',
  mosquePage: '/mosques/:slug',
  app: '/app',
  schedule: '/app/schedule',
  settings: '/app/settings',
  subscriptions: '/app/subscriptions',
  subscriptionSuccess: '/app/subscriptions/success',
  subscriptionCancelled: '/app/subscriptions/cancelled',
  /** The mosques an admin keeps, and one mosque's dashboard (issue 46). */
  myMosques: '/app/mosques',
  mosqueDashboard: '/app/mosques/:id',
} as const;
