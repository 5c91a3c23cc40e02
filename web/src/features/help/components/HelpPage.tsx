/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
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
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../../../components/usePageTitle';
import { env } from '../../../config/env';
import { paths } from '../../../config/paths';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { sendContact, type Contact } from '../api/help.api';

/** /help: the 'Speak to Us!' form (email and details required), the FAQ (ours at /faq, or VITE_FAQ_URL's) and the rating page. */
export function HelpPage() {
  usePageTitle('Help');
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

  const { run } = useAppMutation({
    mutationFn: sendContact,
    success: "Message sent successfully, we' be in touch as soon as we can",
    onSuccess: () => reset(),
    error: 'Failed to send message',
  });
  // The form stays submitting (fields and button disabled) until the call and its toast are done.
  const onSubmit = async (values: Contact) => {
    await run(values);
  };

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h3" component="h1" gutterBottom sx={{ fontSize: { xs: '2rem', md: '3rem' } }}>
        Speak to Us!
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Questions or a problem with your calls? Read the{' '}
        {env.VITE_FAQ_URL ? (
          <Link href={env.VITE_FAQ_URL} target="_blank" rel="noopener noreferrer">
            frequently asked questions
            <OpenInNewIcon sx={{ fontSize: 14, ml: 0.5, verticalAlign: 'middle' }} aria-label="(opens in a new tab)" />
          </Link>
        ) : (
          <Link component={RouterLink} to={paths.faq}>
            frequently asked questions
          </Link>
        )}{' '}
        or send us a message. Happy with Fajr, or not?{' '}
        <Link component={RouterLink} to={paths.feedback}>
          Rate us
        </Link>
        .
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Speak to Us">
          <TextField
            id="help-email"
            label="Contact Email"
            type="email"
            autoComplete="email"
            required
            {...register('email')}
            error={Boolean(errors.email)}
            helperText={errors.email?.message}
            disabled={isSubmitting}
          />
          <Controller
            name="type"
            control={control}
            render={({ field }) => (
              <TextField
                id="help-type"
                select
                label="Type"
                {...field}
                value={field.value ?? 'General'}
                disabled={isSubmitting}
              >
                {feedbackTypes.map((t) => (
                  <MenuItem key={t} value={t}>
                    {t}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField
            id="help-details"
            label="Details"
            multiline
            minRows={4}
            required
            {...register('details')}
            error={Boolean(errors.details)}
            helperText={errors.details?.message}
            disabled={isSubmitting}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={isSubmitting}
            startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" aria-label="Sending" /> : undefined}
          >
            Send Message
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
