import { zodResolver } from '@hookform/resolvers/zod';
import { phoneNumberInput, signupBody } from '@fajr/api/contracts/users.contract';
import { Button, CircularProgress, Container, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { PhoneNumberField } from '../../../components/PhoneNumberField';
import { usePageTitle } from '../../../components/usePageTitle';
import { paths } from '../../../config/paths';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { track } from '../../../lib/analytics';
import { ApiError, errorMessage } from '../../../lib/http';
import { browserCountry } from '../../../lib/phone';
import { useSession } from '../../../lib/session';
import { signUp } from '../api/auth.api';
import { useServedCountries } from '../api/phone-countries.api';

// A web sign-up gives the number we call, so the field asks for a phone number (the API says what is wrong with one).
const webSignupBody = signupBody.extend({ phoneNumber: phoneNumberInput });
type SignUpValues = z.input<typeof webSignupBody>;

// The schema's own (English) messages shown under the fields, by their catalogue keys; an error from the
// server is already in the language shown and is shown as it is.
const FORM_MESSAGES: Record<string, string> = {
  'Please enter your phone number': 'signUp.errors.phoneMissing',
  'That is too long for a phone number': 'signUp.errors.phoneTooLong',
  'Please enter a password': 'signUp.errors.passwordMissing',
  'The password must be at least 8 characters': 'signUp.errors.passwordTooShort',
  'The password must be at most 128 characters': 'signUp.errors.passwordTooLong',
};

/** /signup: a web account (POST /users/signup?source=web), validated with the API's own schema. */
export function SignUpPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('pageTitle.signUp'));
  const shown = (message: string | undefined) => {
    const key = message === undefined ? undefined : FORM_MESSAGES[message];
    return key ? t(key) : message;
  };
  // SPEC: the sign-up page fires an 'opened' analytics event.
  useEffect(() => track('opened', { page: 'signup' }), []);
  const { startSession } = useSession();
  const navigate = useNavigate();
  const [country, setCountry] = useState<string>(browserCountry);
  const served = useServedCountries();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignUpValues>({ resolver: zodResolver(webSignupBody), defaultValues: { phoneNumber: '', password: '' } });

  const { run } = useAppMutation({
    mutationFn: async (values: SignUpValues) =>
      startSession(await signUp({ phoneNumber: values.phoneNumber.trim(), password: values.password, country })),
    success: t('signInForm.success'),
    onSuccess: () => navigate(paths.app),
    // What is wrong with the number shows under it too, where the person will look to fix it.
    onError: (e) => {
      if (e instanceof ApiError && e.status === 400 && !/password/i.test(e.message))
        setError('phoneNumber', { message: errorMessage(e) });
    },
  });
  // Outside the JSX: the field's name is no text to translate.
  const passwordField = register('password');
  // The form stays submitting (fields and button disabled) until the call and its toast are done.
  const onSubmit = async (values: SignUpValues) => {
    await run(values);
  };

  return (
    <Container maxWidth="xs" sx={{ py: { xs: 3, sm: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(onSubmit)}>
          <Typography variant="h4" component="h1">
            {t('signUp.title')}
          </Typography>
          <Typography color="text.secondary">{t('signUp.intro')}</Typography>
          <Controller
            control={control}
            name="phoneNumber"
            render={({ field }) => (
              <PhoneNumberField
                id="signup-username"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                country={country}
                onCountryChange={setCountry}
                only={served}
                countryHelperText={served ? t('signUp.servedCountries', { count: served.length }) : undefined}
                error={shown(errors.phoneNumber?.message)}
                helperText={t('signUp.phoneHelper')}
                disabled={isSubmitting}
              />
            )}
          />
          <TextField
            id="signup-password"
            label={t('signUp.password')}
            type="password"
            autoComplete="new-password"
            {...passwordField}
            error={Boolean(errors.password)}
            helperText={shown(errors.password?.message) ?? t('signUp.passwordHelper')}
            disabled={isSubmitting}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={isSubmitting}
            startIcon={
              isSubmitting ? (
                <CircularProgress size={18} color="inherit" aria-label={t('signUp.signingUp')} />
              ) : undefined
            }
          >
            {t('signUp.submit')}
          </Button>
          <Typography variant="body2">
            <Trans
              t={t}
              i18nKey="signUp.haveAccount"
              components={{ signin: <Link component={RouterLink} to={paths.signIn} /> }}
            />
          </Typography>
        </Stack>
      </Paper>
    </Container>
  );
}
