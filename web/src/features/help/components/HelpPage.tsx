import { zodResolver } from '@hookform/resolvers/zod';
import { contactBody, feedbackTypes } from '@fajr/api/contracts/data.contract';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Button, CircularProgress, Container, Link, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { usePageTitle } from '../../../components/usePageTitle';
import { env } from '../../../config/env';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { sendContact, type Contact } from '../api/help.api';

/** /help: the 'Speak to Us!' form (email and details required) and the FAQ link (when VITE_FAQ_URL is set). */
export function HelpPage() {
  usePageTitle('Help');
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Contact>({ resolver: zodResolver(contactBody), defaultValues: { email: '', type: 'General', details: '' } });

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
        Questions, feedback or a problem with your calls? Send us a message
        {env.VITE_FAQ_URL ? (
          <>
            , or read the{' '}
            <Link href={env.VITE_FAQ_URL} target="_blank" rel="noopener noreferrer">
              frequently asked questions
              <OpenInNewIcon sx={{ fontSize: 14, ml: 0.5, verticalAlign: 'middle' }} aria-label="(opens in a new tab)" />
            </Link>
          </>
        ) : null}
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
              <TextField id="help-type" select label="Type" {...field} value={field.value ?? 'General'} disabled={isSubmitting}>
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
          <Button type="submit" variant="contained" disabled={isSubmitting} startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" aria-label="Sending" /> : undefined}>
            Send Message
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
