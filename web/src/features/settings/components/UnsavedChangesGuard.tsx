/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useContext, useEffect } from 'react';
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
      <DialogTitle id="unsaved-title">Leave without saving?</DialogTitle>
      <DialogContent>
        <DialogContentText id="unsaved-text">
          Your changes to the Fajr settings are not saved yet. Press Save Changes to keep them.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.proceed?.()} color="inherit">
          Leave without saving
        </Button>
        <Button onClick={() => blocker.reset?.()} variant="contained" autoFocus>
          Stay on this page
        </Button>
      </DialogActions>
    </Dialog>
  );
}
