import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { claimMosque } from '../../../api/mosques.api';
import { useAppMutation } from '../../../hooks/useAppMutation';

/** "Claim this mosque": a signed-in person asks to keep a listed mosque, with a note for the operator. */
export function ClaimMosque({ mosqueId }: { mosqueId: string }) {
  const { t } = useTranslation('mosques');
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const { run, busy, done } = useAppMutation({
    mutationFn: (text: string) => claimMosque(mosqueId, text.trim() || null),
    success: t('claim.sent'),
    onSuccess: () => setOpen(false),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(note);
  };
  if (done) return <Typography color="text.secondary">{t('claim.sent')}</Typography>;
  return (
    <>
      <Button variant="text" onClick={() => setOpen(true)} sx={{ alignSelf: 'flex-start' }}>
        {t('claim.button')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="claim-title" fullWidth maxWidth="sm">
        <form onSubmit={submit} noValidate>
          <DialogTitle id="claim-title">{t('claim.title')}</DialogTitle>
          <DialogContent>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('claim.intro')}
            </Typography>
            <TextField
              id="claim-note"
              label={t('claim.note')}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              multiline
              minRows={2}
              fullWidth
              disabled={busy}
              slotProps={{ htmlInput: { maxLength: 300 } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)} disabled={busy}>
              {t('claim.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={busy}>
              {t('claim.send')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
