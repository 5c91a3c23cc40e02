// The signed-in route group (/app): one chunk, loaded only when the app area is visited; the pages of the
// mosques a person keeps are their own (routes/mosque-admin.ts), as few members keep one.
export { AppLayout } from '../layouts/AppLayout';
export { AccountPage } from '../../features/account/components/AccountPage';
export { SchedulePage } from '../../features/schedule/components/SchedulePage';
export { SettingsPage } from '../../features/settings/components/SettingsPage';
export { SubscriptionsPage } from '../../features/subscriptions/components/SubscriptionsPage';
export { SubscriptionSuccessPage } from '../../features/subscriptions/components/SubscriptionSuccessPage';
export { SubscriptionCancelledPage } from '../../features/subscriptions/components/SubscriptionCancelledPage';
