import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '../api/query-client';
import { ToastProvider } from '../components/toast/ToastProvider';
import { SessionProvider } from '../lib/session';
import { ColorModeProvider } from '../theme/ColorModeProvider';

/** Server state (queries), theme, toasts and session, around every page; tests pass a fresh `queryClient` per render. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ColorModeProvider>
        <ToastProvider>
          <SessionProvider>{children}</SessionProvider>
        </ToastProvider>
      </ColorModeProvider>
    </QueryClientProvider>
  );
}
