import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage, type Language } from '@fajr/api/contracts/languages';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { inviteMosque } from '../api/mosque-invitation.api';
import { requestMosque } from '../api/settings.api';

/**
 * 'Request your Mosque!': name and address, no validation (SPEC section 5); optionally the mosque itself
 * is invited to register, by SMS or e-mail to the contact given, in the language chosen (issue 46).
 */
export function RequestMosqueDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t, i18n } = useTranslation('settings');
  const [name, setName] = useState('');
  const [address, setAddress] = useState('');
  const [contact, setContact] = useState('');
  const [language, setLanguage] = useState<Language>(() => (isLanguage(i18n.language) ? i18n.language : 'en'));
  const { run, busy } = useAppMutation({
    mutationFn: async () => {
      const answer = await requestMosque({ name, address });
      // The request stands on its own; the invitation goes after it (a refused one says why in its toast).
      if (contact.trim()) await inviteMosque({ mosqueName: name.trim(), contact: contact.trim(), language });
      return answer;
    },
    success: () => (contact.trim() ? t('requestMosque.invited') : t('requestMosque.sent')),
    onSuccess: () => {
      setName('');
      setAddress('');
      setContact('');
      onClose();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run();
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="request-mosque-title" fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="request-mosque-title">{t('requestMosque.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              id="mosque-name"
              label={t('requestMosque.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              disabled={busy}
              autoFocus
            />
            <TextField
              id="mosque-address"
              label={t('requestMosque.address')}
              value={address}
              onChange={(e) => setAddress(e.target.value)}
              disabled={busy}
              multiline
              minRows={2}
            />
            <Typography variant="subtitle2" component="h3" sx={{ pt: 1 }}>
              {t('requestMosque.inviteTitle')}
            </Typography>
            <TextField
              id="mosque-contact"
              label={t('requestMosque.contact')}
              helperText={t('requestMosque.contactHelp')}
              value={contact}
              onChange={(e) => setContact(e.target.value)}
              disabled={busy}
              slotProps={{ htmlInput: { dir: 'ltr', maxLength: 254 } }}
            />
            <TextField
              id="mosque-invite-language"
              select
              label={t('requestMosque.language')}
              value={language}
              onChange={(e) => setLanguage(e.target.value as Language)}
              disabled={busy || !contact.trim()}
            >
              {LANGUAGES.map((code) => (
                <MenuItem key={code} value={code} lang={code}>
                  {LANGUAGE_NAMES[code]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('requestMosque.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={
              busy ? <CircularProgress size={18} color="inherit" aria-label={t('requestMosque.sending')} /> : undefined
            }
          >
            {t('requestMosque.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
