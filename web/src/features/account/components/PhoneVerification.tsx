import type { User } from '@fajr/api/contracts/users.contract';
import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, CircularProgress, Drawer, IconButton, Link, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { queryKeys } from '../../../api/query-keys';
import { OtpInput, OTP_LENGTH } from '../../../components/OtpInput';
import { PhoneNumberField } from '../../../components/PhoneNumberField';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { ApiError, errorMessage } from '../../../lib/http';
import { browserCountry, formatPhone } from '../../../lib/phone';
import { addPhoneNumber, sendVerificationCode, verifyPhoneCode } from '../api/account.api';

/** The bottom drawer both steps use: a title, a close button and the step's content. */
function StepDrawer({
  open,
  onClose,
  titleId,
  title,
  children,
}: {
  open: boolean;
  onClose(): void;
  titleId: string;
  title: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('account');
  return (
    <Drawer
      anchor="bottom"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId } as object }}
    >
      <Box sx={{ maxWidth: 480, width: '100%', mx: 'auto', p: 3, pb: 5 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography id={titleId} variant="h6" component="h2">
            {title}
          </Typography>
          <IconButton aria-label={t('phone.close')} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Stack>
        {children}
      </Box>
    </Drawer>
  );
}

/** For an account without a number (an app sign-up with an e-mail): the number we call, then on to its code. */
function AddPhoneDrawer({
  userId,
  open,
  onClose,
  onAdded,
}: {
  userId: string;
  open: boolean;
  onClose(): void;
  onAdded(): void;
}) {
  const { t } = useTranslation('account');
  const [phoneNumber, setPhoneNumber] = useState('');
  const [country, setCountry] = useState<string>(browserCountry);
  const [problem, setProblem] = useState<string | undefined>();
  const add = useAppMutation({
    mutationFn: addPhoneNumber,
    onSuccess: onAdded,
    // The account's reads (the next steps among them) change with its number.
    invalidates: [queryKeys.currentUser, queryKeys.user(userId)],
    onError: (e) => setProblem(e instanceof ApiError && e.status === 400 ? errorMessage(e) : undefined),
  });
  return (
    <StepDrawer open={open} onClose={onClose} titleId="add-phone-title" title={t('phone.addTitle')}>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={(e) => {
          e.preventDefault();
          if (!phoneNumber.trim()) return setProblem(t('phone.enterNumber'));
          setProblem(undefined);
          void add.run({ phoneNumber: phoneNumber.trim(), country });
        }}
      >
        <Typography>{t('phone.addIntro')}</Typography>
        <PhoneNumberField
          id="add-phone"
          value={phoneNumber}
          onChange={setPhoneNumber}
          country={country}
          onCountryChange={setCountry}
          error={problem}
          disabled={add.busy}
        />
        <Button type="submit" variant="contained" disabled={add.busy}>
          {t('phone.saveAndSend')}
        </Button>
      </Stack>
    </StepDrawer>
  );
}

function VerifyDrawer({
  userId,
  open,
  onClose,
  phoneNumber,
}: {
  userId: string;
  open: boolean;
  onClose(): void;
  phoneNumber: string | null;
}) {
  const { t } = useTranslation('account');
  const [code, setCode] = useState('');
  const { run: send, busy: sending } = useAppMutation({
    mutationFn: sendVerificationCode,
    success: t('phone.codeSent'),
  });
  // A verified phone shows everywhere: the user is read again.
  const verify = useAppMutation({
    mutationFn: verifyPhoneCode,
    success: t('phone.verified'),
    onSuccess: onClose,
    invalidates: [queryKeys.currentUser, queryKeys.user(userId)],
  });
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
    <StepDrawer open={open} onClose={onClose} titleId="verify-title" title={t('phone.verifyTitle')}>
      <Stack spacing={2}>
        <Typography>
          {phoneNumber ? (
            <Trans
              t={t}
              i18nKey="phone.enterCode"
              values={{ phone: formatPhone(phoneNumber) }}
              components={{ phone: <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }} /> }}
            />
          ) : (
            t('phone.enterCodeYourPhone')
          )}
        </Typography>
        {/* The sixth digit submits, as in the reset drawer: nothing else is left to do. */}
        <OtpInput
          label={t('phone.codeLabel')}
          onChange={setCode}
          onComplete={(full) => !busy && void verify.run(full)}
          disabled={busy}
          autoFocus
        />
        <Button variant="contained" onClick={() => void verify.run(code)} disabled={busy || code.length !== OTP_LENGTH}>
          {t('phone.verify')}
        </Button>
        <Link component="button" type="button" onClick={() => void send()} disabled={busy} sx={{ alignSelf: 'center' }}>
          {t('phone.resend')}
        </Link>
        {busy && (
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <CircularProgress aria-label={t('phone.working')} />
          </Box>
        )}
      </Stack>
    </StepDrawer>
  );
}

/**
 * The drawers that add and verify the phone number, opened by the steps still to do (their buttons
 * link here with ?phone=add|verify). No banner of its own: the steps list already asks, once.
 */
export function PhoneVerificationBanner({ user }: { user: User }) {
  const [open, setOpen] = useState<'add' | 'verify' | null>(null);
  const hasNumber = Boolean(user.phoneNumber);
  // The next-steps list links here with ?phone=add|verify: open that step's drawer, once.
  const [params, setParams] = useSearchParams();
  const asked = params.get('phone');
  useEffect(() => {
    if (!asked) return;
    setParams(
      (p) => {
        p.delete('phone');
        return p;
      },
      { replace: true },
    );
    if (!user.phoneNumberVerified) setOpen(hasNumber ? 'verify' : 'add');
  }, [asked, hasNumber, setParams, user.phoneNumberVerified]);
  if (user.phoneNumberVerified) return null;
  return (
    <>
      <AddPhoneDrawer
        userId={user.id}
        open={open === 'add'}
        onClose={() => setOpen(null)}
        onAdded={() => setOpen('verify')}
      />
      <VerifyDrawer
        userId={user.id}
        open={open === 'verify'}
        onClose={() => setOpen(null)}
        phoneNumber={user.phoneNumber}
      />
    </>
  );
}
