import type { ReactNode } from 'react';
import { ToastProvider } from '../components/toast/ToastProvider';
import { SessionProvider } from '../lib/session';
import { ColorModeProvider } from '../theme/ColorModeProvider';

/** Theme, toasts and session, around every page. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ColorModeProvider>
      <ToastProvider>
        <SessionProvider>{children}</SessionProvider>
      </ToastProvider>
    </ColorModeProvider>
  );
}
