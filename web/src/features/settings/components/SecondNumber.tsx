import type { User } from '@fajr/api/contracts/users.contract';
import { Box, Button, FormHelperText, Link, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { queryKeys } from '../../../api/query-keys';
import { OtpInput, OTP_LENGTH } from '../../../components/OtpInput';
import { PhoneNumberField } from '../../../components/PhoneNumberField';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { ApiError, errorMessage } from '../../../lib/http';
import { formatNumber } from '../../../lib/numbers';
import { browserCountry, formatPhone } from '../../../lib/phone';
import { addSecondNumber, removeSecondNumber, resendSecondNumberCode, verifySecondNumber } from '../api/settings.api';

/**
 * The Premium second number (docs/CALLS.md "One morning"): called at once when the first call goes
 * unanswered, before the repeat. Add it (a code is texted to it), verify it, remove it. Below
 * Premium only a stored number shows, with the upgrade message, so it can be removed.
 */
export function SecondNumber({ user, isPremium, gate }: { user: User; isPremium: boolean; gate: ReactNode }) {
  const { t } = useTranslation('settings');
  const [phoneNumber, setPhoneNumber] = useState('');
  const [country, setCountry] = useState<string>(browserCountry);
  const [problem, setProblem] = useState<string | undefined>();
  const [code, setCode] = useState('');
  // Every change shows on the account page too: the user is read again.
  const invalidates = [queryKeys.currentUser, queryKeys.user(user.id)];
  const add = useAppMutation({
    mutationFn: addSecondNumber,
    success: () => t('secondNumber.codeSent'),
    invalidates,
    onError: (e) => setProblem(e instanceof ApiError && e.status === 400 ? errorMessage(e) : undefined),
  });
  const resend = useAppMutation({ mutationFn: resendSecondNumberCode, success: () => t('secondNumber.codeSent') });
  const verify = useAppMutation({
    mutationFn: verifySecondNumber,
    success: () => t('secondNumber.verifiedToast'),
    invalidates,
  });
  const remove = useAppMutation({
    mutationFn: removeSecondNumber,
    success: () => t('secondNumber.removedToast'),
    invalidates,
    onSuccess: () => setPhoneNumber(''),
  });
  const busy = add.busy || resend.busy || verify.busy || remove.busy;
  const second = user.secondPhoneNumber;
  // Below Premium the plan cards sell it; the section shows only a number still stored (to remove it).
  if (!isPremium && !second) return null;

  return (
    <Box component="section" aria-labelledby="second-number-title">
      <Typography id="second-number-title" variant="subtitle1" component="h2">
        {t('secondNumber.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('secondNumber.intro')}
      </Typography>
      {!second ? (
        <Stack
          component="form"
          noValidate
          spacing={1.5}
          onSubmit={(e) => {
            e.preventDefault();
            if (!phoneNumber.trim()) return setProblem(t('secondNumber.enterNumber'));
            setProblem(undefined);
            void add.run({ phoneNumber: phoneNumber.trim(), country });
          }}
        >
          <PhoneNumberField
            id="second-number"
            label={t('secondNumber.field')}
            value={phoneNumber}
            onChange={setPhoneNumber}
            country={country}
            onCountryChange={setCountry}
            error={problem}
            disabled={busy}
          />
          <Button type="submit" variant="outlined" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
            {t('secondNumber.add')}
          </Button>
        </Stack>
      ) : (
        <Stack spacing={1.5}>
          <Typography>
            <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
              {formatPhone(second)}
            </bdi>{' '}
            · {t(user.secondPhoneNumberVerified ? 'secondNumber.verified' : 'secondNumber.notVerified')}
          </Typography>
          {!user.secondPhoneNumberVerified && (
            <>
              <Typography variant="body2">
                <Trans
                  t={t}
                  i18nKey="secondNumber.enterCode"
                  values={{ phone: formatPhone(second), digits: formatNumber(OTP_LENGTH) }}
                  components={{ phone: <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }} /> }}
                />
              </Typography>
              <OtpInput label={t('secondNumber.codeLabel')} onChange={setCode} disabled={busy} />
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <Button
                  variant="contained"
                  onClick={() => void verify.run(code)}
                  disabled={busy || code.length !== OTP_LENGTH || !isPremium}
                >
                  {t('secondNumber.verify')}
                </Button>
                <Link component="button" type="button" onClick={() => void resend.run()} disabled={busy || !isPremium}>
                  {t('secondNumber.resend')}
                </Link>
              </Stack>
            </>
          )}
          <Button color="error" onClick={() => void remove.run()} disabled={busy} sx={{ alignSelf: 'flex-start' }}>
            {t('secondNumber.remove')}
          </Button>
          {!isPremium && <FormHelperText>{gate}</FormHelperText>}
        </Stack>
      )}
    </Box>
  );
}
