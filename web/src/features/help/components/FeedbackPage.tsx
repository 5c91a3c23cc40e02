/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Container,
  Link,
  Paper,
  Rating,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { settleFeedbackPrompt } from '../../../components/FeedbackPrompt';
import { usePageTitle } from '../../../components/usePageTitle';
import { paths } from '../../../config/paths';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { useSession } from '../../../lib/session';
import { sendFeedback } from '../api/help.api';

const LABELS: Record<number, string> = { 1: 'Poor', 2: 'Could be better', 3: 'Good', 4: 'Very good', 5: 'Excellent' };

/** /feedback: a rating from 1 to 5 and comments (POST /data/feedback), from Help and the account page's prompt. */
export function FeedbackPage() {
  usePageTitle('Rate Fajr');
  const { user } = useSession();
  const [rating, setRating] = useState<number | null>(null);
  const [hover, setHover] = useState(-1);
  const [comments, setComments] = useState('');
  const [missing, setMissing] = useState(false);
  const send = useAppMutation({
    mutationFn: sendFeedback,
    success: (answer) => answer.message ?? 'Thank you for your feedback',
    onSuccess: () => user && settleFeedbackPrompt(user.id, 'sent'),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The API takes a rating, comments or both; nothing at all is refused before it is sent.
    if (rating === null && !comments.trim()) return setMissing(true);
    await send.run({ rating, comments: comments.trim() || null });
  };

  if (send.done) {
    return (
      <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          Thank you!
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Your feedback reached us. It helps us wake more people for Fajr.
        </Typography>
        <Button component={RouterLink} to={user ? paths.app : paths.home} variant="contained">
          {user ? 'Back to my account' : 'Back to the home page'}
        </Button>
      </Container>
    );
  }

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h3" component="h1" gutterBottom sx={{ fontSize: { xs: '2rem', md: '3rem' } }}>
        Rate Fajr
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        How are your Fajr calls going? A rating, a few words, or both. Need an answer from us?{' '}
        <Link component={RouterLink} to={paths.help}>
          Speak to us
        </Link>{' '}
        instead.
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack component="form" spacing={2} noValidate onSubmit={submit} aria-label="Rate Fajr">
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" sx={{ mb: 0.5, p: 0 }}>
              Your rating
            </Typography>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Rating
                name="rating"
                value={rating}
                size="large"
                onChange={(_, v) => {
                  setRating(v);
                  setMissing(false);
                }}
                onChangeActive={(_, v) => setHover(v)}
                getLabelText={(v) => `${v} star${v === 1 ? '' : 's'}, ${LABELS[v]}`}
                disabled={send.busy}
              />
              <Typography color="text.secondary" aria-live="polite">
                {LABELS[hover !== -1 ? hover : (rating ?? 0)] ?? ''}
              </Typography>
            </Stack>
          </Box>
          <TextField
            id="feedback-comments"
            label="Comments"
            multiline
            minRows={4}
            value={comments}
            onChange={(e) => {
              setComments(e.target.value);
              setMissing(false);
            }}
            slotProps={{ htmlInput: { maxLength: 5000 } }}
            disabled={send.busy}
          />
          {missing && <Alert severity="warning">Please choose a rating or write a comment.</Alert>}
          <Button
            type="submit"
            variant="contained"
            disabled={send.busy}
            startIcon={send.busy ? <CircularProgress size={18} color="inherit" aria-label="Sending" /> : undefined}
          >
            Send Feedback
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
