/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import { zodResolver } from '@hookform/resolvers/zod';
import { phoneNumberInput, signupBody } from '@fajr/api/contracts/users.contract';
import { Button, CircularProgress, Container, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
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

/** /signup: a web account (POST /users/signup?source=web), validated with the API's own schema. */
export function SignUpPage() {
  usePageTitle('Sign Up');
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
    success: 'Authenticated successfully',
    onSuccess: () => navigate(paths.app),
    // What is wrong with the number shows under it too, where the person will look to fix it.
    onError: (e) => {
      if (e instanceof ApiError && e.status === 400 && !/password/i.test(e.message))
        setError('phoneNumber', { message: errorMessage(e) });
    },
  });
  // The form stays submitting (fields and button disabled) until the call and its toast are done.
  const onSubmit = async (values: SignUpValues) => {
    await run(values);
  };

  return (
    <Container maxWidth="xs" sx={{ py: { xs: 3, sm: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(onSubmit)}>
          <Typography variant="h4" component="h1">
            Sign Up
          </Typography>
          <Typography color="text.secondary">
            Create your account and start your free trial of daily Fajr wake-up calls.
          </Typography>
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
                countryHelperText={
                  served ? `We call and text numbers in the ${served.length} countries listed` : undefined
                }
                error={errors.phoneNumber?.message}
                helperText="The number we call you on for Fajr"
                disabled={isSubmitting}
              />
            )}
          />
          <TextField
            id="signup-password"
            label="Password"
            type="password"
            autoComplete="new-password"
            {...register('password')}
            error={Boolean(errors.password)}
            helperText={errors.password?.message ?? 'At least 8 characters'}
            disabled={isSubmitting}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={isSubmitting}
            startIcon={
              isSubmitting ? <CircularProgress size={18} color="inherit" aria-label="Signing up" /> : undefined
            }
          >
            Sign Up
          </Button>
          <Typography variant="body2">
            Already have an account?{' '}
            <Link component={RouterLink} to={paths.signIn}>
              Sign In
            </Link>
          </Typography>
        </Stack>
      </Paper>
    </Container>
  );
}
