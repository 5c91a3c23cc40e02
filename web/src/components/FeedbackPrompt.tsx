import type { User } from '@fajr/api/contracts/users.contract';
import CloseIcon from '@mui/icons-material/Close';
import { Alert, Button, IconButton, Stack } from '@mui/material';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { queryKeys } from '../api/query-keys';
import { paths } from '../config/paths';

const WEEK_MS = 7 * 86_400_000;
const key = (userId: string) => `fajr.feedbackPrompt.${userId}`;

/** Remembers that this user rated us or said no, so the account page stops asking. */
export function settleFeedbackPrompt(userId: string, how: 'sent' | 'dismissed'): void {
  try {
    localStorage.setItem(key(userId), how);
  } catch {
    // Storage disabled: the prompt may come back, nothing worse.
  }
}

function settled(userId: string): boolean {
  try {
    return localStorage.getItem(key(userId)) !== null;
  } catch {
    return false;
  }
}

/**
 * Whether the user has had a week of calls: seven logged calls this month where the plan shows the
 * call log (Plus and up), else an account a week old whose calls are on to a verified number.
 */
export function hadWeekOfCalls(user: User, loggedCalls: number | undefined, now = Date.now()): boolean {
  if (loggedCalls !== undefined) return loggedCalls >= 7;
  const created = user.createdAt ? Date.parse(user.createdAt) : NaN;
  return user.allowCalls && user.phoneNumberVerified && now - created >= WEEK_MS;
}

/**
 * The account page's small, dismissible request for a rating after a week of calls. It reads the
 * month's call log only from the cache the stats section fills (never a request of its own).
 */
export function FeedbackPrompt({ user }: { user: User }) {
  const [hidden, setHidden] = useState(() => settled(user.id));
  const { t } = useTranslation();
  const { data: stats } = useQuery<{ answered: number; missed: number }>({
    queryKey: queryKeys.stats(user.id),
    queryFn: skipToken,
  });
  // Plus and up: wait for the month's log the stats section reads; the others have no log to count.
  if (hidden || (user.isPlus && !stats) || !hadWeekOfCalls(user, stats ? stats.answered + stats.missed : undefined))
    return null;
  const dismiss = () => {
    settleFeedbackPrompt(user.id, 'dismissed');
    setHidden(true);
  };
  return (
    <Alert
      severity="info"
      variant="outlined"
      data-testid="feedback-prompt"
      sx={{ alignItems: 'center' }}
      action={
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Button component={RouterLink} to={paths.feedback} color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }}>
            {t('feedbackPrompt.rate')}
          </Button>
          <IconButton aria-label={t('feedbackPrompt.notNow')} color="inherit" size="small" onClick={dismiss}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Stack>
      }
    >
      {t('feedbackPrompt.text')}
    </Alert>
  );
}
