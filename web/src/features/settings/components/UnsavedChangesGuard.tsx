import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router-dom';

/**
 * While `when` holds (settings edited, not saved), leaving asks first: a link inside the app through
 * react-router's blocker and this dialog; a reload, a typed address or closing the tab through the
 * browser's own `beforeunload` prompt.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  // The app's router is a data router; the component tests' MemoryRouter is not, and has no blocker.
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  useEffect(() => {
    if (!when) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);
  return dataRouter ? <LeaveDialog when={when} /> : null;
}

/** Asks before an in-app navigation away from unsaved changes. */
function LeaveDialog({ when }: { when: boolean }) {
  const { t } = useTranslation('settings');
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );
  const open = blocker.state === 'blocked';
  return (
    <Dialog
      open={open}
      onClose={() => blocker.reset?.()}
      aria-labelledby="unsaved-title"
      aria-describedby="unsaved-text"
    >
      <DialogTitle id="unsaved-title">{t('unsaved.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="unsaved-text">{t('unsaved.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.proceed?.()} color="inherit">
          {t('unsaved.leave')}
        </Button>
        <Button onClick={() => blocker.reset?.()} variant="contained" autoFocus>
          {t('unsaved.stay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
