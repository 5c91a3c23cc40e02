import type { User } from '@fajr/api/contracts/users.contract';
import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';
import { createQueryClient } from '../api/query-client';
import { writeToken } from '../lib/token';

/** Where the app is, as the router sees it. */
export interface RouterProbe {
  location: Location | null;
}

function LocationProbe({ probe }: { probe: RouterProbe }) {
  probe.location = useLocation();
  return null;
}

/** Renders a screen inside the real providers and a memory router at `route`; with `user`, a signed-in session. */
export function renderScreen(ui: ReactElement, { route = '/screen', user }: { route?: string; user?: User } = {}) {
  if (user) writeToken('test-token');
  const probe: RouterProbe = { location: null };
  // A fresh cache per render (no answers carried over from another test), retries off as in the app.
  const queryClient = createQueryClient();
  // A plain MemoryRouter: jsdom has no fetch Request, which data routers create on navigation.
  const utils = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <LocationProbe probe={probe} />
        <Routes>
          {/* Navigation targets; every other path shows the screen under test. */}
          <Route path="/" element={<p>Home page</p>} />
          <Route path="/app" element={<p>Account page</p>} />
          <Route path="*" element={ui} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return {
    ...utils,
    router: {
      get pathname() {
        return probe.location?.pathname;
      },
    },
  };
}

/**
 * Lets what the providers fetch on mount (session, prices) land inside act, for a test that asserts
 * only on the first render and would otherwise end while those answers are still on their way.
 */
export async function settled(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
