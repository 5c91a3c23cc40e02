import { Box, Button, CircularProgress, Drawer, IconButton, Link, Stack, TextField, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
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
  const { t } = useTranslation(['auth', 'common']);
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
    success: t('reset.newCodeSent'),
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
    success: t('reset.complete'),
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
      toast.error(t('reset.mismatch'));
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
            {t('reset.title')}
          </Typography>
          <IconButton aria-label={t('common:close')} onClick={close}>
            <CloseIcon />
          </IconButton>
        </Stack>
        {step === 'username' && (
          <Stack component="form" spacing={2} noValidate onSubmit={sendCode}>
            {/* As at sign-in: a national number is read in the chosen country. */}
            <PhoneNumberField
              id="reset-username"
              label={t('reset.username')}
              acceptsEmail
              value={username}
              onChange={setUsername}
              country={country}
              onCountryChange={setCountry}
              countryHelperText={t('reset.countryHelper')}
              disabled={busy}
              autoFocus
            />
            <Button type="submit" variant="contained" disabled={busy}>
              {t('reset.sendCode')}
            </Button>
          </Stack>
        )}
        {step === 'code' && (
          <Stack spacing={2}>
            <Typography>
              {/* The address or number keeps its own direction inside a right-to-left sentence. */}
              <Trans
                t={t}
                i18nKey="reset.enterCode"
                values={{ username: username.trim() }}
                components={{ bdi: <bdi dir="ltr" /> }}
              />
            </Typography>
            <OtpInput key={codeAttempt} label={t('reset.codeLabel')} onComplete={checkCode} disabled={busy} autoFocus />
            <Link
              component="button"
              type="button"
              onClick={() => void resending.run()}
              disabled={busy}
              sx={{ alignSelf: 'center' }}
            >
              {t('reset.resend')}
            </Link>
          </Stack>
        )}
        {step === 'password' && (
          <Stack component="form" spacing={2} noValidate onSubmit={update}>
            <TextField
              id="reset-new-password"
              label={t('reset.newPassword')}
              type="password"
              autoComplete="new-password"
              value={newPassword}
              onChange={(e) => setNewPassword(e.target.value)}
              disabled={busy}
              autoFocus
            />
            <TextField
              id="reset-confirm-password"
              label={t('reset.confirmPassword')}
              type="password"
              autoComplete="new-password"
              value={confirmPassword}
              onChange={(e) => setConfirmPassword(e.target.value)}
              disabled={busy}
            />
            <Button type="submit" variant="contained" disabled={busy}>
              {t('reset.update')}
            </Button>
          </Stack>
        )}
        {busy && (
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
            <CircularProgress aria-label={t('common:working')} />
          </Box>
        )}
      </Box>
    </Drawer>
  );
}
