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
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { settleFeedbackPrompt } from '../../../components/FeedbackPrompt';
import { usePageTitle } from '../../../components/usePageTitle';
import { paths } from '../../../config/paths';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { useSession } from '../../../lib/session';
import { sendFeedback } from '../api/help.api';

// What each number of stars means, by its key under feedbackPage.ratings.
const LABELS: Record<number, string> = { 1: 'poor', 2: 'couldBeBetter', 3: 'good', 4: 'veryGood', 5: 'excellent' };

/** /feedback: a rating from 1 to 5 and comments (POST /data/feedback), from Help and the account page's prompt. */
export function FeedbackPage() {
  const { t } = useTranslation('help');
  usePageTitle(t('feedbackPage.title'));
  const label = (stars: number) => (LABELS[stars] ? t(`feedbackPage.ratings.${LABELS[stars]}`) : '');
  const { user } = useSession();
  const [rating, setRating] = useState<number | null>(null);
  const [hover, setHover] = useState(-1);
  const [comments, setComments] = useState('');
  const [missing, setMissing] = useState(false);
  const send = useAppMutation({
    mutationFn: sendFeedback,
    success: (answer) => answer.message ?? t('feedbackPage.thanksToast'),
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
          {t('feedbackPage.thanksTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('feedbackPage.thanksText')}
        </Typography>
        <Button component={RouterLink} to={user ? paths.app : paths.home} variant="contained">
          {user ? t('feedbackPage.backToAccount') : t('feedbackPage.backHome')}
        </Button>
      </Container>
    );
  }

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h3" component="h1" gutterBottom sx={{ fontSize: { xs: '2rem', md: '3rem' } }}>
        {t('feedbackPage.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        <Trans
          t={t}
          i18nKey="feedbackPage.intro"
          components={{ help: <Link component={RouterLink} to={paths.help} /> }}
        />
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack component="form" spacing={2} noValidate onSubmit={submit} aria-label={t('feedbackPage.title')}>
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" sx={{ mb: 0.5, p: 0 }}>
              {t('feedbackPage.rating')}
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
                getLabelText={(v) => t('feedbackPage.stars', { count: v, label: label(v) })}
                emptyLabelText={t('feedbackPage.noRating')}
                disabled={send.busy}
              />
              <Typography color="text.secondary" aria-live="polite">
                {label(hover !== -1 ? hover : (rating ?? 0))}
              </Typography>
            </Stack>
          </Box>
          <TextField
            id="feedback-comments"
            label={t('feedbackPage.comments')}
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
          {missing && <Alert severity="warning">{t('feedbackPage.missing')}</Alert>}
          <Button
            type="submit"
            variant="contained"
            disabled={send.busy}
            startIcon={
              send.busy ? (
                <CircularProgress size={18} color="inherit" aria-label={t('feedbackPage.sending')} />
              ) : undefined
            }
          >
            {t('feedbackPage.send')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
