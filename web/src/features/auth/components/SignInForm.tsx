import { Button, CircularProgress, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast/ToastProvider';
import { errorMessage } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { signIn } from '../api/auth.api';

interface Props {
  /** After a successful sign-in (the toast is already shown). */
  onSignedIn?(): void;
  /** Prefix for field ids, so two forms can share a page. */
  idPrefix?: string;
}

/** 'Email or Phone Number' + 'Password' and a Sign In button; no client-side rules, the server's message is shown (SPEC 5). */
export function SignInForm({ onSignedIn, idPrefix = 'signin' }: Props) {
  const [phoneNumber, setPhoneNumber] = useState('');
  const [password, setPassword] = useState('');
  const [loading, setLoading] = useState(false);
  const { startSession } = useSession();
  const toast = useToast();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setLoading(true);
    try {
      const session = await signIn({ phoneNumber: phoneNumber.trim(), password });
      startSession(session);
      toast.success('Authenticated successfully');
      onSignedIn?.();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setLoading(false);
    }
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-label="Sign in">
      <TextField
        id={`${idPrefix}-username`}
        label="Email or Phone Number"
        value={phoneNumber}
        onChange={(e) => setPhoneNumber(e.target.value)}
        disabled={loading}
        autoComplete="username"
        fullWidth
      />
      <TextField
        id={`${idPrefix}-password`}
        label="Password"
        type="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        disabled={loading}
        autoComplete="current-password"
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" disabled={loading} aria-busy={loading} startIcon={loading ? <CircularProgress size={18} color="inherit" aria-label="Signing in" /> : undefined}>
        Sign In
      </Button>
    </Stack>
  );
}
