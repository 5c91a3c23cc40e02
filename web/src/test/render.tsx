import type { User } from '@fajr/api/contracts/users.contract';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';
import { writeToken } from '../lib/token';

/** Renders a screen inside the real providers and a memory router at `route`; with `user`, a signed-in session. */
export function renderScreen(ui: ReactElement, { route = '/screen', user }: { route?: string; user?: User } = {}) {
  if (user) writeToken('test-token');
  const router = createMemoryRouter(
    [
      // Navigation targets; every other path shows the screen under test.
      { path: '/', element: <p>Home page</p> },
      { path: '/app', element: <p>Account page</p> },
      { path: '*', element: ui },
    ],
    { initialEntries: [route] },
  );
  const utils = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router };
}
