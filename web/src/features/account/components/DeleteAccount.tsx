import { Button, Card, CardContent, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { useSession } from '../../../lib/session';
import { deleteAccount } from '../api/account.api';

/** Delete account: a dialog asks for the password, then shows the server's message and reloads the user. */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const { reloadUser } = useSession();
  const navigate = useNavigate();

  const close = () => {
    setOpen(false);
    setPassword('');
  };
  const { run, busy } = useAppMutation({
    mutationFn: deleteAccount,
    success: (message) => message,
    onSuccess: async () => {
      close();
      await reloadUser(); // the account is gone: this clears the session
      navigate(paths.home);
    },
  });
  const confirm = (e: FormEvent) => {
    e.preventDefault();
    void run(password);
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="delete-title">
      <CardContent>
        <Typography id="delete-title" variant="h6" component="h2" gutterBottom>
          Delete account
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Stops your Fajr calls and removes your account and its data. This cannot be undone.
        </Typography>
        <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
          Delete account
        </Button>
      </CardContent>
      <Dialog open={open} onClose={close} aria-labelledby="delete-dialog-title" fullWidth maxWidth="xs">
        <form onSubmit={confirm} noValidate>
          <DialogTitle id="delete-dialog-title">Delete your account?</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>Type your password to confirm.</DialogContentText>
            <TextField id="delete-password" label="Confirm Password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} disabled={busy} fullWidth autoFocus />
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" color="error" variant="contained" disabled={busy || !password} startIcon={busy ? <CircularProgress size={18} color="inherit" aria-label="Deleting" /> : undefined}>
              Delete account
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </Card>
  );
}
