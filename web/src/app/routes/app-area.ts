// The signed-in route group (/app): one chunk, loaded only when the app area is visited.
export { AppLayout } from '../layouts/AppLayout';
export { AccountPage } from '../../features/account/components/AccountPage';
export { SchedulePage } from '../../features/schedule/components/SchedulePage';
export { SettingsPage } from '../../features/settings/components/SettingsPage';
export { SubscriptionsPage } from '../../features/subscriptions/components/SubscriptionsPage';
export { SubscriptionSuccessPage } from '../../features/subscriptions/components/SubscriptionSuccessPage';
export { SubscriptionCancelledPage } from '../../features/subscriptions/components/SubscriptionCancelledPage';
export { MyMosquesPage } from '../../features/mosques/components/MyMosquesPage';
export { MosqueDashboardPage } from '../../features/mosques/components/MosqueDashboardPage';
