// The public route group (but the landing, routes/landing.ts): one chunk, loaded without the app area's code.
export { OurStoryPage } from '../../features/pages/components/OurStoryPage';
export { PrivacyPolicyPage } from '../../features/pages/components/PrivacyPolicyPage';
export { TermsPage } from '../../features/pages/components/TermsPage';
export { FeatureRequestsPage } from '../../features/pages/components/FeatureRequestsPage';
export { NotFoundPage } from '../../features/pages/components/NotFoundPage';
export { HelpPage } from '../../features/help/components/HelpPage';
export { FaqPage } from '../../features/help/components/FaqPage';
export { FeedbackPage } from '../../features/help/components/FeedbackPage';
export { SignInPage } from '../../features/auth/components/SignInPage';
export { SignUpPage } from '../../features/auth/components/SignUpPage';
export { FriendConsentPage, FriendStopPage } from '../../features/settings/components/FriendPages';
export { MosqueSearchPage } from '../../features/mosques/components/MosqueSearchPage';
export { MosquePublicPage } from '../../features/mosques/components/MosquePublicPage';
