import { zodResolver } from '@hookform/resolvers/zod';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { Alert, Button, CircularProgress, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { mosqueKeys, registerMosque } from '../../../api/mosques.api';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { errorMessage } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { mosquePaths } from '../mosque-paths';
import { emptyRegister, registerForm, toRegisterBody, type RegisterValues } from '../register-form';
import { useGeolocation } from '../useGeolocation';

/** "Register a mosque": name, address, city, country, a point (typed, or the browser's on a tap), a phone. */
export function RegisterMosqueForm() {
  const { t } = useTranslation('mosques');
  const { user } = useSession();
  const navigate = useNavigate();
  const [apiError, setApiError] = useState<string | null>(null);
  const geo = useGeolocation();
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({ resolver: zodResolver(registerForm), defaultValues: emptyRegister });

  const { run } = useAppMutation({
    mutationFn: registerMosque,
    success: t('register.registered'),
    invalidates: [mosqueKeys.mine(user?.id ?? '')],
    onSuccess: ({ id }) => {
      if (id) navigate(mosquePaths.dashboard(id));
    },
    onError: (error) => setApiError(errorMessage(error)),
  });
  const onSubmit = async (values: RegisterValues) => {
    setApiError(null);
    await run(toRegisterBody(values));
  };
  const locateMe = async () => {
    const at = await geo.locate();
    if (!at) return;
    setValue('lat', at.lat.toFixed(5), { shouldValidate: true });
    setValue('lng', at.lng.toFixed(5), { shouldValidate: true });
  };

  const field = (name: keyof RegisterValues, error: FieldError | undefined) => ({
    ...register(name),
    id: `register-${name}`,
    error: Boolean(error),
    helperText: error?.message ? t(error.message) : undefined,
    disabled: isSubmitting,
  });

  const fields = {
    name: field('name', errors.name),
    address: field('address', errors.address),
    cityName: field('cityName', errors.cityName),
    countryCode: field('countryCode', errors.countryCode),
    lat: field('lat', errors.lat),
    lng: field('lng', errors.lng),
    contactPhone: field('contactPhone', errors.contactPhone),
  };

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('register.title')}>
      <TextField label={t('register.name')} required {...fields.name} />
      <TextField label={t('register.address')} required multiline minRows={2} {...fields.address} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label={t('register.city')} required fullWidth {...fields.cityName} />
        <TextField
          label={t('register.country')}
          required
          placeholder="GB"
          slotProps={{ htmlInput: { maxLength: 2, style: { textTransform: 'uppercase' } } }}
          sx={{ minWidth: { sm: 160 } }}
          {...fields.countryCode}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label={t('register.lat')}
          required
          fullWidth
          placeholder="51.5194"
          slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
          {...fields.lat}
        />
        <TextField
          label={t('register.lng')}
          required
          fullWidth
          placeholder="-0.0612"
          slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
          {...fields.lng}
        />
      </Stack>
      <Button
        variant="outlined"
        onClick={() => void locateMe()}
        disabled={geo.busy || isSubmitting}
        startIcon={geo.busy ? <CircularProgress size={18} color="inherit" /> : <MyLocationIcon />}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('register.useMyLocation')}
      </Button>
      {geo.problem && <Alert severity="warning">{t(`geo.${geo.problem}`)}</Alert>}
      <TextField
        label={t('register.phone')}
        type="tel"
        placeholder="+447700900123"
        slotProps={{ htmlInput: { dir: 'ltr' } }}
        {...fields.contactPhone}
        helperText={errors.contactPhone?.message ? t(errors.contactPhone.message) : t('register.phoneHelp')}
      />
      {apiError && (
        <Alert severity="error" role="alert">
          {apiError}
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        disabled={isSubmitting}
        startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" /> : undefined}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('register.submit')}
      </Button>
    </Stack>
  );
}
