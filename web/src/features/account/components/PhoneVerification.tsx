import type { User } from '@fajr/api/contracts/users.contract';
import CloseIcon from '@mui/icons-material/Close';
import { Alert, Box, Button, CircularProgress, Drawer, IconButton, Link, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { queryKeys } from '../../../api/query-keys';
import { OtpInput, OTP_LENGTH } from '../../../components/OtpInput';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { sendVerificationCode, verifyPhoneCode } from '../api/account.api';

function VerifyDrawer({ open, onClose, phoneNumber }: { open: boolean; onClose(): void; phoneNumber: string | null }) {
  const [code, setCode] = useState('');
  const { run: send, busy: sending } = useAppMutation({ mutationFn: sendVerificationCode, success: 'Verification code sent' });
  // A verified phone shows everywhere: the user is read again.
  const verify = useAppMutation({ mutationFn: verifyPhoneCode, success: 'Verification successful', onSuccess: onClose, invalidates: [queryKeys.currentUser] });
  const busy = sending || verify.busy;

  // Opening the drawer sends a code straight away, once per opening (StrictMode runs effects twice).
  const sentForOpening = useRef(false);
  useEffect(() => {
    if (!open) {
      sentForOpening.current = false;
      return;
    }
    if (sentForOpening.current) return;
    sentForOpening.current = true;
    void send();
  }, [open, send]);

  return (
    <Drawer anchor="bottom" open={open} onClose={onClose} slotProps={{ paper: { role: 'dialog', 'aria-labelledby': 'verify-title' } as object }}>
      <Box sx={{ maxWidth: 480, width: '100%', mx: 'auto', p: 3, pb: 5 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography id="verify-title" variant="h6" component="h2">
            Verify your phone number
          </Typography>
          <IconButton aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Stack>
        <Stack spacing={2}>
          <Typography>Enter the 6-digit code we sent to {phoneNumber ?? 'your phone'}.</Typography>
          <OtpInput label="Verification code" onChange={setCode} disabled={busy} autoFocus />
          <Button variant="contained" onClick={() => void verify.run(code)} disabled={busy || code.length !== OTP_LENGTH}>
            Verify
          </Button>
          <Link component="button" type="button" onClick={() => void send()} disabled={busy} sx={{ alignSelf: 'center' }}>
            I've not received a code yet
          </Link>
          {busy && (
            <Box sx={{ display: 'flex', justifyContent: 'center' }}>
              <CircularProgress aria-label="Working" />
            </Box>
          )}
        </Stack>
      </Box>
    </Drawer>
  );
}

/** SPEC section 4: a banner while the phone number is unverified; 'Verify' opens the code drawer. */
export function PhoneVerificationBanner({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  if (user.phoneNumberVerified) return null;
  return (
    <>
      <Alert
        severity="info"
        action={
          <Button color="inherit" size="small" onClick={() => setOpen(true)}>
            Verify
          </Button>
        }
      >
        Please verify your phone number so we can call you for Fajr.
      </Alert>
      <VerifyDrawer open={open} onClose={() => setOpen(false)} phoneNumber={user.phoneNumber} />
    </>
  );
}
