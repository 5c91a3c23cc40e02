/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import { Box, Button, CircularProgress, Drawer, IconButton, Link, Stack, TextField, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { OtpInput } from '../../../components/OtpInput';
import { PhoneNumberField } from '../../../components/PhoneNumberField';
import { useToast } from '../../../components/toast/ToastProvider';
import { paths } from '../../../config/paths';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { browserCountry } from '../../../lib/phone';
import { resetPassword, sendResetCode } from '../api/auth.api';

type Step = 'username' | 'code' | 'password';

interface Props {
  open: boolean;
  onClose(): void;
  /** After the new password is set (the drawer has closed); by default, on to Sign In. */
  onReset?(): void;
}

/** The bottom drawer 'Reset your password': username → 6-digit code (submits itself, can be sent again) → new password twice. */
export function ResetPasswordDrawer({ open, onClose, onReset }: Props) {
  const [step, setStep] = useState<Step>('username');
  const [username, setUsername] = useState('');
  const [country, setCountry] = useState<string>(browserCountry);
  const [code, setCode] = useState('');
  const [codeAttempt, setCodeAttempt] = useState(0);
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const toast = useToast();
  const navigate = useNavigate();

  const close = () => {
    setStep('username');
    setCode('');
    setNewPassword('');
    setConfirmPassword('');
    onClose();
  };

  const sending = useAppMutation({
    mutationFn: (typed: string) => sendResetCode(typed, country),
    onSuccess: () => setStep('code'),
  });
  const resending = useAppMutation({
    mutationFn: () => sendResetCode(username.trim(), country),
    success: 'A new code is on its way',
  });
  const checking = useAppMutation({
    mutationFn: (typed: string) => resetPassword({ phoneNumber: username.trim(), code: typed, country }),
    onSuccess: (_answer, typed) => {
      setCode(typed);
      setStep('password');
    },
    // A wrong code stays in the flow with fresh boxes.
    onError: () => setCodeAttempt((n) => n + 1),
  });
  const updating = useAppMutation({
    mutationFn: (password: string) => resetPassword({ phoneNumber: username.trim(), code, password, country }),
    success: 'Password change complete',
    onSuccess: () => {
      close();
      // SPEC's password reset drawer ends on / (the landing page's Sign In takes the new password).
      if (onReset) onReset();
      else navigate(paths.home);
    },
  });
  const busy = sending.busy || resending.busy || checking.busy || updating.busy;

  const sendCode = (e: FormEvent) => {
    e.preventDefault();
    void sending.run(username.trim());
  };

  const checkCode = (typed: string) => void checking.run(typed);

  const update = (e: FormEvent) => {
    e.preventDefault();
    if (newPassword !== confirmPassword) {
      toast.error('Passwords do not match');
      return;
    }
    void updating.run(newPassword);
  };

  return (
    <Drawer
      anchor="bottom"
      open={open}
      onClose={close}
      slotProps={{ paper: { 'aria-labelledby': 'reset-title', role: 'dialog' } as object }}
    >
      <Box sx={{ maxWidth: 480, width: '100%', mx: 'auto', p: 3, pb: 5 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
          <Typography id="reset-title" variant="h6" component="h2">
            Reset your password
          </Typography>
          <IconButton aria-label="Close" onClick={close}>
            <CloseIcon />
          </IconButton>
        </Stack>
        {step === 'username' && (
          <Stack component="form" spacing={2} noValidate onSubmit={sendCode}>
            {/* As at sign-in: a national number is read in the chosen country. */}
            <PhoneNumberField
              id="reset-username"
              label="Email or Phone Number"
              acceptsEmail
              value={username}
              onChange={setUsername}
              country={country}
              onCountryChange={setCountry}
              countryHelperText="For phone numbers written without +"
              disabled={busy}
              autoFocus
            />
            <Button type="submit" variant="contained" disabled={busy}>
              Send Reset Code
            </Button>
          </Stack>
        )}
        {step === 'code' && (
          <Stack spacing={2}>
            <Typography>Enter the 6-digit code we sent to {username.trim()}.</Typography>
            <OtpInput key={codeAttempt} label="Reset code" onComplete={checkCode} disabled={busy} autoFocus />
            <Link
              component="button"
              type="button"
              onClick={() => void resending.run()}
              disabled={busy}
              sx={{ alignSelf: 'center' }}
            >
              Send a new code
            </Link>
          </Stack>
        )}
        {step === 'password' && (
          <Stack component="form" spacing={2} noValidate onSubmit={update}>
            <TextField
              id="reset-new-password"
              label="New Password"
              type="password"
              autoComplete="new-password"
              value={newPassword}
              onChange={(e) => setNewPassword(e.target.value)}
              disabled={busy}
              autoFocus
            />
            <TextField
              id="reset-confirm-password"
              label="Confirm Password"
              type="password"
              autoComplete="new-password"
              value={confirmPassword}
              onChange={(e) => setConfirmPassword(e.target.value)}
              disabled={busy}
            />
            <Button type="submit" variant="contained" disabled={busy}>
              Update Password
            </Button>
          </Stack>
        )}
        {busy && (
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
            <CircularProgress aria-label="Working" />
          </Box>
        )}
      </Box>
    </Drawer>
  );
}
