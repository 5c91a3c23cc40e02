import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { requestMosque } from '../api/settings.api';

/** 'Request your Mosque!': name and address, no validation (SPEC section 5). */
export function RequestMosqueDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('settings');
  const [name, setName] = useState('');
  const [address, setAddress] = useState('');
  const { run, busy } = useAppMutation({
    mutationFn: requestMosque,
    success: () => t('requestMosque.sent'),
    onSuccess: () => {
      setName('');
      setAddress('');
      onClose();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run({ name, address });
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
