import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { prepareHijri } from '../lib/hijri';
import { lazyPage, loadGroup } from '../lib/lazy';
import { PublicLayout } from './layouts/PublicLayout';
import { RedirectIfSignedIn } from './layouts/RedirectIfSignedIn';
import { RootLayout } from './layouts/RootLayout';
import { RouteError } from './RouteError';

const landingGroup = loadGroup(() => import('./routes/landing'));
const publicGroup = loadGroup(() => import('./routes/public'));
const appGroup = loadGroup(() => import('./routes/app-area'));
const mosqueAdminGroup = loadGroup(() => import('./routes/mosque-admin'));
/**
 * The pages that show Hijri dates (the schedule; settings' dates section) wait for the Hijri tables where
 * Intl lacks the Umm al-Qura calendar. Only they pay for asking Intl: its first Umm al-Qura formatter
 * cost ~190 ms of a slowed phone's first load, before the first paint (bench:web's profile).
 */
const hijriAppGroup = () => Promise.all([appGroup(), prepareHijri()]).then(([group]) => group);

const LandingPage = lazyPage(landingGroup, 'LandingPage');
const OurStoryPage = lazyPage(publicGroup, 'OurStoryPage');
const PrivacyPolicyPage = lazyPage(publicGroup, 'PrivacyPolicyPage');
const TermsPage = lazyPage(publicGroup, 'TermsPage');
const FeatureRequestsPage = lazyPage(publicGroup, 'FeatureRequestsPage');
const NotFoundPage = lazyPage(publicGroup, 'NotFoundPage');
const HelpPage = lazyPage(publicGroup, 'HelpPage');
const FaqPage = lazyPage(publicGroup, 'FaqPage');
const FeedbackPage = lazyPage(publicGroup, 'FeedbackPage');
const SignInPage = lazyPage(publicGroup, 'SignInPage');
const SignUpPage = lazyPage(publicGroup, 'SignUpPage');
const FriendConsentPage = lazyPage(publicGroup, 'FriendConsentPage');
const FriendStopPage = lazyPage(publicGroup, 'FriendStopPage');
const MosqueSearchPage = lazyPage(publicGroup, 'MosqueSearchPage');
const MosquePublicPage = lazyPage(publicGroup, 'MosquePublicPage');

const AppLayout = lazyPage(appGroup, 'AppLayout');
const AccountPage = lazyPage(appGroup, 'AccountPage');
const SchedulePage = lazyPage(hijriAppGroup, 'SchedulePage');
const SettingsPage = lazyPage(hijriAppGroup, 'SettingsPage');
const SubscriptionsPage = lazyPage(appGroup, 'SubscriptionsPage');
const SubscriptionSuccessPage = lazyPage(appGroup, 'SubscriptionSuccessPage');
const SubscriptionCancelledPage = lazyPage(appGroup, 'SubscriptionCancelledPage');
const MyMosquesPage = lazyPage(mosqueAdminGroup, 'MyMosquesPage');
const MosqueDashboardPage = lazyPage(mosqueAdminGroup, 'MosqueDashboardPage');

/** SPEC section 2's route tree. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        errorElement: <RouteError />,
        children: [
          {
            path: paths.home,
            element: (
              <RedirectIfSignedIn>
                <LandingPage />
              </RedirectIfSignedIn>
            ),
          },
          { path: paths.ourStory, element: <OurStoryPage /> },
          { path: paths.privacy, element: <PrivacyPolicyPage /> },
          { path: paths.terms, element: <TermsPage /> },
          {
            path: paths.signIn,
            element: (
              <RedirectIfSignedIn>
                <SignInPage />
              </RedirectIfSignedIn>
            ),
          },
          {
            path: paths.signUp,
            element: (
              <RedirectIfSignedIn>
                <SignUpPage />
              </RedirectIfSignedIn>
            ),
          },
          { path: paths.featureRequests, element: <FeatureRequestsPage /> },
          { path: paths.help, element: <HelpPage /> },
          { path: paths.faq, element: <FaqPage /> },
          { path: paths.feedback, element: <FeedbackPage /> },
          { path: paths.friendInvitation, element: <FriendConsentPage /> },
          { path: paths.friendStop, element: <FriendStopPage /> },
          { path: paths.mosques, element: <MosqueSearchPage /> },
          { path: paths.mosquePage, element: <MosquePublicPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: paths.app,
        element: <AppLayout />,
        errorElement: <RouteError />,
        children: [
          { index: true, element: <AccountPage /> },
          { path: paths.schedule, element: <SchedulePage /> },
          { path: paths.settings, element: <SettingsPage /> },
          { path: paths.myMosques, element: <MyMosquesPage /> },
          { path: paths.mosqueDashboard, element: <MosqueDashboardPage /> },
          {
            path: paths.subscriptions,
            children: [
              { index: true, element: <SubscriptionsPage /> },
              { path: paths.subscriptionSuccess, element: <SubscriptionSuccessPage /> },
              { path: paths.subscriptionCancelled, element: <SubscriptionCancelledPage /> },
            ],
          },
        ],
      },
    ],
  },
];

/** The browser router of the app. */
export const createAppRouter = () => createBrowserRouter(routes);
