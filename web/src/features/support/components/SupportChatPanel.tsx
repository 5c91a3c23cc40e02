import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import {
  SUPPORT_MESSAGE_MAX,
  supportMessageBody,
  type SupportMessageInput,
} from '@fajr/api/contracts/support.contract';
import CloseIcon from '@mui/icons-material/Close';
import SendIcon from '@mui/icons-material/Send';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Drawer,
  IconButton,
  Link,
  Stack,
  TextField,
  Typography,
  type Theme,
} from '@mui/material';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/http';
import { formatMessageTime } from '../../../lib/time';
import { useSession } from '../../../lib/session';
import { useSupportChat } from '../hooks/useSupportChat';
import type { SupportMessage } from '../api/support.api';

const TITLE_ID = 'support-chat-title';

/** MUI's icons are not mirrored by the direction: the send arrow points the way the text goes. */
const flipInRtl = (theme: Theme) => ({ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined });

function MessageBubble({ message }: { message: SupportMessage }) {
  const { t } = useTranslation('support');
  const mine = message.from === 'user';
  return (
    <Box component="li" sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', listStyle: 'none' }}>
      <Box
        sx={{
          maxWidth: '85%',
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: mine ? 'primary.main' : 'action.selected',
          color: mine ? 'primary.contrastText' : 'text.primary',
        }}
      >
        <Typography variant="caption" component="p" sx={{ fontWeight: 600 }}>
          {mine ? t('conversation.you') : t('conversation.support')} ·{' '}
          <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt)}</time>
        </Typography>
        {/* Written in any language: each message takes its own script's direction. */}
        <Typography variant="body2" dir="auto" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.body}
        </Typography>
      </Box>
    </Box>
  );
}

/**
 * What the message field says is wrong: the contract's own rules (empty, too long) from the catalogue,
 * the server's refusal as it wrote it.
 */
function problemText(error: FieldError, t: TFunction<'support'>): string | undefined {
  if (error.type === 'too_small' || error.type === 'invalid_type') return t('conversation.typeMessage');
  if (error.type === 'too_big') return t('conversation.tooLong', { max: SUPPORT_MESSAGE_MAX });
  return error.message;
}

/** The signed-in user's conversation: messages (announced as they arrive, timed on the device's own clock), a message field and Send. */
function Conversation() {
  const { t } = useTranslation('support');
  const { messages, loading, loadError, send } = useSupportChat(true);
  const end = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<SupportMessageInput>({ resolver: zodResolver(supportMessageBody), defaultValues: { body: '' } });

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);

  const onSubmit = handleSubmit(async ({ body }) => {
    try {
      await send(body);
      reset({ body: '' });
    } catch (e) {
      setError('body', { type: 'server', message: errorMessage(e) });
    }
  });
  // Enter sends, Shift+Enter starts a new line (as in other chats).
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void onSubmit();
    }
  };
  const bodyField = register('body');
  const length = watch('body')?.length ?? 0;
  const helper = errors.body
    ? problemText(errors.body, t)
    : length > SUPPORT_MESSAGE_MAX - 200
      ? t('conversation.count', { length, max: SUPPORT_MESSAGE_MAX })
      : t('conversation.hint');

  return (
    <>
      <Box sx={{ flexGrow: 1, overflowY: 'auto', px: 2, py: 1 }}>
        {loading && !messages.length && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress size={28} aria-label={t('conversation.loading')} />
          </Box>
        )}
        {loadError && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {loadError}
          </Alert>
        )}
        {!loading && !messages.length && !loadError && (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {t('conversation.empty')}
          </Typography>
        )}
        {/* role=log: screen readers announce messages added at the end (replies while the chat is open). */}
        <Box role="log" aria-live="polite" aria-label={t('conversation.messages')}>
          <Stack component="ol" spacing={1} sx={{ p: 0, m: 0 }}>
            {messages.map((m) => (
              <MessageBubble key={m.id} message={m} />
            ))}
          </Stack>
        </Box>
        <div ref={end} />
      </Box>
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        aria-label={t('conversation.form')}
        sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}
      >
        <TextField
          id="support-chat-message"
          label={t('conversation.message')}
          multiline
          minRows={2}
          maxRows={6}
          fullWidth
          autoFocus
          {...bodyField}
          onKeyDown={onKeyDown}
          error={Boolean(errors.body)}
          helperText={helper}
          slotProps={{ htmlInput: { maxLength: SUPPORT_MESSAGE_MAX + 1, dir: 'auto' } }}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
          <Button
            type="submit"
            variant="contained"
            endIcon={
              isSubmitting ? <CircularProgress size={16} color="inherit" aria-hidden /> : <SendIcon sx={flipInRtl} />
            }
            disabled={isSubmitting}
          >
            {t('conversation.send')}
          </Button>
        </Box>
      </Box>
    </>
  );
}

/** Signed out: the chat needs an account; the help form takes an e-mail instead. */
function SignedOut({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('support');
  return (
    <Box sx={{ p: 2 }}>
      <Typography sx={{ mb: 2 }}>{t('signedOut.text')}</Typography>
      <Stack direction="row" spacing={1}>
        <Button variant="contained" component={RouterLink} to={paths.signIn} onClick={onClose}>
          {t('signedOut.signIn')}
        </Button>
        <Button variant="outlined" component={RouterLink} to={paths.help} onClick={onClose}>
          {t('signedOut.helpForm')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t('signedOut.newHere')}{' '}
        <Link component={RouterLink} to={paths.signUp} onClick={onClose}>
          {t('signedOut.signUp')}
        </Link>
      </Typography>
    </Box>
  );
}

/** The support chat panel: a drawer from the right (full width on phones); Escape or Close shuts it and focus goes back. */
export function SupportChatPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('support');
  const { user, isUserLoading } = useSession();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': TITLE_ID,
          sx: { width: { xs: '100%', sm: 400 }, display: 'flex', flexDirection: 'column' },
        } as object,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id={TITLE_ID} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('panel.title')}
        </Typography>
        <IconButton aria-label={t('panel.close')} onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>
      {/* Keyed by user: another account never sees the previous one's messages. */}
      {user ? (
        <Conversation key={user.id} />
      ) : isUserLoading ? (
        <CircularProgress sx={{ m: 3 }} aria-label={t('panel.loading')} />
      ) : (
        <SignedOut onClose={onClose} />
      )}
    </Drawer>
  );
}
