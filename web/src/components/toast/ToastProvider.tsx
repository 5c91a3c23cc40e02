import { Alert, AlertTitle, Portal, Snackbar } from '@mui/material';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** SPEC section 9: toasts last 3 s. */
export const TOAST_DURATION_MS = 3000;

type Severity = 'success' | 'error' | 'info' | 'warning';
interface Toast {
  id: number;
  severity: Severity;
  title: string;
  message: string;
}
interface ToastApi {
  success(message: string, title?: string): void;
  error(message: string, title?: string): void;
  /** Neutral news, e.g. how long until a code can be sent again. */
  info(message: string, title?: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);
let nextId = 1;

/** Shows one toast at a time: filled, closable, 3 s, titled 'Success' or 'Error' by default. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null);
  const { t } = useTranslation();
  const show = useCallback(
    (severity: Severity, message: string, title: string) => setToast({ id: nextId++, severity, message, title }),
    [],
  );
  const api = useMemo<ToastApi>(
    () => ({
      success: (message, title = t('toast.success')) => show('success', message, title),
      error: (message, title = t('toast.error')) => show('error', message, title),
      info: (message, title = t('toast.note')) => show('info', message, title),
    }),
    [show, t],
  );
  const close = () => setToast(null);
  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* In a portal created with the toast, so an open drawer or dialog (which hides the page from screen readers) does not hide it. */}
      <Portal>
        <Snackbar
          key={toast?.id}
          open={toast !== null}
          autoHideDuration={TOAST_DURATION_MS}
          onClose={(_e, reason) => reason !== 'clickaway' && close()}
          anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
          // Below the top bar (56 px on phones, 64 px from sm up), never over its links.
          sx={{ top: { xs: 64, sm: 72 } }}
        >
          {toast ? (
            <Alert variant="filled" severity={toast.severity} onClose={close} sx={{ width: '100%', minWidth: 280 }}>
              <AlertTitle>{toast.title}</AlertTitle>
              {toast.message}
            </Alert>
          ) : undefined}
        </Snackbar>
      </Portal>
    </ToastContext.Provider>
  );
}

/** The toast functions of the nearest ToastProvider. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside ToastProvider');
  return api;
}
