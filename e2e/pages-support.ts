import type { Locator, Page } from 'playwright-core';

// The pages pages.e2e.test.ts visits, light and dark, desktop and phone, and what shows once each is ready.

export interface PageCase {
  name: string;
  path: string;
  signedIn: boolean;
  /** What shows once the page is ready. */
  ready: (page: Page) => Promise<void>;
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await page.getByRole('heading', { name }).first().waitFor();
};

/** Ready once the heading shows, then `part` (what the page loads after it). */
const headingThen = (name: string, part: (page: Page) => Locator) => async (page: Page) => {
  await heading(name)(page);
  await part(page).waitFor();
};

export const pages: PageCase[] = [
  {
    name: 'landing',
    path: '/',
    signedIn: false,
    ready: async (p) => {
      await heading('Never miss Fajr again')(p);
      await p.getByRole('heading', { name: 'Supported mosques' }).waitFor();
      await p.locator('section[aria-labelledby="mosques-title"] li').first().waitFor();
      await p.getByRole('region', { name: 'Fajr product demo' }).waitFor();
    },
  },
  { name: 'our-story', path: '/our-story', signedIn: false, ready: heading('Our Story') },
  { name: 'privacy-policy', path: '/privacy-policy', signedIn: false, ready: heading('Privacy Policy') },
  { name: 'terms', path: '/terms', signedIn: false, ready: heading('Terms and Conditions') },
  { name: 'signin', path: '/signin', signedIn: false, ready: heading('Sign In') },
  { name: 'signin-reset-drawer', path: '/signin?forgetPass=1', signedIn: false, ready: heading('Reset your password') },
  { name: 'signup', path: '/signup', signedIn: false, ready: heading('Sign Up') },
  { name: 'help', path: '/help', signedIn: false, ready: heading('Speak to Us!') },
  { name: 'feature-requests', path: '/feature-requests', signedIn: false, ready: heading('Feature Requests') },
  { name: 'not-found', path: '/no-such-page', signedIn: false, ready: heading('Page Not Found') },
  // Never signed in: asked to sign in, not told a session expired (issue 15).
  { name: 'sign-in-required', path: '/app', signedIn: false, ready: heading('Please sign in to continue') },
  {
    name: 'account',
    path: '/app',
    signedIn: true,
    ready: headingThen('My Account', (p) => p.getByRole('button', { name: 'Re-calculate' }).and(p.locator(':enabled'))),
  },
  {
    name: 'schedule',
    path: '/app/schedule',
    signedIn: true,
    ready: headingThen('Fajr Schedule', (p) => p.getByTestId('timeline-row').first()),
  },
  {
    name: 'settings',
    path: '/app/settings',
    signedIn: true,
    ready: headingThen('Fajr Call Settings & Prayer Calculations', (p) => p.getByRole('combobox', { name: 'City' })),
  },
  {
    name: 'subscriptions',
    path: '/app/subscriptions',
    signedIn: true,
    ready: headingThen('Subscriptions', (p) => p.getByRole('button', { name: 'Upgrade to Plus' })),
  },
  {
    name: 'subscriptions-canceled',
    path: '/app/subscriptions?canceled=true',
    signedIn: true,
    ready: async (p) => {
      await p.getByText("Order canceled -- continue to shop around and checkout when you're ready.").waitFor();
    },
  },
  // Without a completed checkout the success page never claims one (issue 15).
  {
    name: 'subscription-success',
    path: '/app/subscriptions/success',
    signedIn: true,
    ready: heading('Payment not found'),
  },
  {
    name: 'subscription-cancelled',
    path: '/app/subscriptions/cancelled',
    signedIn: true,
    ready: heading('Subscription Cancelled'),
  },
];
