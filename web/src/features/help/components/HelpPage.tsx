import { zodResolver } from '@hookform/resolvers/zod';
import { contactBody, feedbackTypes } from '@fajr/api/contracts/data.contract';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Button,
  CircularProgress,
  Container,
  Link,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../../../components/usePageTitle';
import { env } from '../../../config/env';
import { paths } from '../../../config/paths';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { sendContact, type Contact } from '../api/help.api';

// The contract's request types are what the API stores; people read them in their own language.
const TYPE_KEYS = {
  General: 'general',
  Feedback: 'feedback',
  'Feature Request': 'featureRequest',
  Issue: 'issue',
} as const satisfies Record<(typeof feedbackTypes)[number], string>;

/** The FAQ link in the intro: ours at /faq, or VITE_FAQ_URL's in a new tab. */
function FaqLink({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('help');
  if (!env.VITE_FAQ_URL) {
    return (
      <Link component={RouterLink} to={paths.faq}>
        {children}
      </Link>
    );
  }
  return (
    <Link href={env.VITE_FAQ_URL} target="_blank" rel="noopener noreferrer">
      {children}
      <OpenInNewIcon sx={{ fontSize: 14, ml: 0.5, verticalAlign: 'middle' }} aria-label={t('helpPage.newTab')} />
    </Link>
  );
}

/** /help: the 'Speak to Us!' form (email and details required), the FAQ (ours at /faq, or VITE_FAQ_URL's) and the rating page. */
export function HelpPage() {
  const { t } = useTranslation('help');
  usePageTitle(t('helpPage.tabTitle'));
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Contact>({
    resolver: zodResolver(contactBody),
    defaultValues: { email: '', type: 'General', details: '' },
  });
  // The shared schema's messages are English: what is wrong with a field (by zod's issue code) is said here.
  const fieldError = (error: FieldError | undefined, field: 'email' | 'details') => {
    if (!error) return undefined;
    if (error.type === 'too_big') return t('helpPage.tooLong');
    if (error.type === 'custom') return t('helpPage.controlCharacters');
    return t(`helpPage.${field}Required`);
  };

  const { run } = useAppMutation({
    mutationFn: sendContact,
    success: t('helpPage.sent'),
    onSuccess: () => reset(),
    error: t('helpPage.failed'),
  });
  // The form stays submitting (fields and button disabled) until the call and its toast are done.
  const onSubmit = async (values: Contact) => {
    await run(values);
  };

  const emailField = register('email');
  const detailsField = register('details');
  const emailError = fieldError(errors.email, 'email');
  const detailsError = fieldError(errors.details, 'details');

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h3" component="h1" gutterBottom sx={{ fontSize: { xs: '2rem', md: '3rem' } }}>
        {t('helpPage.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        <Trans
          t={t}
          i18nKey="helpPage.intro"
          components={{ faq: <FaqLink />, rate: <Link component={RouterLink} to={paths.feedback} /> }}
        />
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          component="form"
          spacing={2}
          noValidate
          onSubmit={handleSubmit(onSubmit)}
          aria-label={t('helpPage.formLabel')}
        >
          <TextField
            id="help-email"
            label={t('helpPage.email')}
            type="email"
            autoComplete="email"
            required
            {...emailField}
            error={Boolean(errors.email)}
            helperText={emailError}
            disabled={isSubmitting}
          />
          <Controller
            name="type"
            control={control}
            render={({ field }) => (
              <TextField
                id="help-type"
                select
                label={t('helpPage.type')}
                {...field}
                value={field.value ?? 'General'}
                disabled={isSubmitting}
              >
                {feedbackTypes.map((type) => (
                  <MenuItem key={type} value={type}>
                    {t(`helpPage.types.${TYPE_KEYS[type]}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField
            id="help-details"
            label={t('helpPage.details')}
            multiline
            minRows={4}
            required
            {...detailsField}
            error={Boolean(errors.details)}
            helperText={detailsError}
            disabled={isSubmitting}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={isSubmitting}
            startIcon={
              isSubmitting ? (
                <CircularProgress size={18} color="inherit" aria-label={t('helpPage.sending')} />
              ) : undefined
            }
          >
            {t('helpPage.send')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
