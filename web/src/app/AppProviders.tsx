import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '../api/query-client';
import { ToastProvider } from '../components/toast/ToastProvider';
import { AccountLanguage } from '../i18n/AccountLanguage';
import { LanguageProvider } from '../i18n/LanguageProvider';
import { SessionProvider } from '../lib/session';
import { ColorModeProvider } from '../theme/ColorModeProvider';

/** Server state (queries), language, theme, toasts and session, around every page; tests pass a fresh `queryClient` per render. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <LanguageProvider>
        <ColorModeProvider>
          <ToastProvider>
            <SessionProvider>
              <AccountLanguage />
              {children}
            </SessionProvider>
          </ToastProvider>
        </ColorModeProvider>
      </LanguageProvider>
    </QueryClientProvider>
  );
}
