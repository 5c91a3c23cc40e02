import { Button, CircularProgress, Stack, TextField } from '@mui/material';
import { PhoneNumberField } from '../../../components/PhoneNumberField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { browserCountry } from '../../../lib/phone';
import { useSession } from '../../../lib/session';
import { signIn, type Credentials } from '../api/auth.api';

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
  const [country, setCountry] = useState<string>(browserCountry);
  const { startSession } = useSession();
  const { t } = useTranslation('auth');
  const { run, busy: loading } = useAppMutation({
    mutationFn: async (credentials: Credentials) => {
      const session = await signIn(credentials);
      startSession(session);
    },
    success: t('signInForm.success'),
    onSuccess: () => onSignedIn?.(),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // A national number (`07400 123456`) is read in the chosen country (the browser's by default), as at sign-up.
    void run({ phoneNumber: phoneNumber.trim(), password, country });
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-label={t('signInForm.label')}>
      <PhoneNumberField
        id={`${idPrefix}-username`}
        label={t('signInForm.username')}
        acceptsEmail
        value={phoneNumber}
        onChange={setPhoneNumber}
        country={country}
        onCountryChange={setCountry}
        countryHelperText={t('signInForm.countryHelper')}
        disabled={loading}
      />
      <TextField
        id={`${idPrefix}-password`}
        label={t('signInForm.password')}
        type="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        disabled={loading}
        autoComplete="current-password"
        fullWidth
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={loading}
        aria-busy={loading}
        startIcon={
          loading ? <CircularProgress size={18} color="inherit" aria-label={t('signInForm.signingIn')} /> : undefined
        }
      >
        {t('signInForm.submit')}
      </Button>
    </Stack>
  );
}
