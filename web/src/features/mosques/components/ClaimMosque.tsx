import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  claimMosque,
  fetchClaimCodeTarget,
  mosqueKeys,
  sendClaimCode,
  verifyClaimCode,
} from '../../../api/mosques.api';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { useSession } from '../../../lib/session';

/**
 * "Claim this mosque": a signed-in person proves it with a code sent to the mosque's listed phone
 * (shown only masked), or asks an operator with a note about their role.
 */
export function ClaimMosque({ mosqueId }: { mosqueId: string }) {
  const { t } = useTranslation('mosques');
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [code, setCode] = useState('');
  const target = useQuery({
    queryKey: [...mosqueKeys.mine(user?.id ?? ''), mosqueId, 'claim-code'],
    queryFn: () => fetchClaimCodeTarget(mosqueId),
    enabled: open,
  });
  const claim = useAppMutation({
    mutationFn: (text: string) => claimMosque(mosqueId, text.trim() || null),
    success: t('claim.sent'),
    onSuccess: () => setOpen(false),
  });
  const send = useAppMutation({ mutationFn: () => sendClaimCode(mosqueId), success: t('claim.code.sent') });
  const verify = useAppMutation({
    mutationFn: (typed: string) => verifyClaimCode(mosqueId, typed),
    success: t('claim.code.proved'),
    onSuccess: () => setOpen(false),
    // The page offers the dashboard once the claimant is an admin.
    invalidates: [mosqueKeys.mine(user?.id ?? '')],
  });
  const busy = claim.busy || send.busy || verify.busy;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void claim.run(note);
  };
  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    void verify.run(code.trim());
  };
  if (claim.done) return <Typography color="text.secondary">{t('claim.sent')}</Typography>;
  const phone = target.data?.phone;
  return (
    <>
      <Button variant="text" onClick={() => setOpen(true)} sx={{ alignSelf: 'flex-start' }}>
        {t('claim.button')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="claim-title" fullWidth maxWidth="sm">
        <DialogTitle id="claim-title">{t('claim.title')}</DialogTitle>
        {phone && (
          <form onSubmit={submitCode} noValidate aria-labelledby="claim-code-title">
            <DialogContent>
              <Typography variant="subtitle1" component="h3" id="claim-code-title">
                {t('claim.code.title')}
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {t('claim.code.intro', { phone: `\u2066${phone}\u2069` })}
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
                <Button variant="outlined" onClick={() => void send.run()} disabled={busy}>
                  {send.done ? t('claim.code.resend') : t('claim.code.send')}
                </Button>
                <TextField
                  id="claim-code"
                  label={t('claim.code.label')}
                  value={code}
                  onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
                  disabled={busy || !send.done}
                  slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', dir: 'ltr' } }}
                />
                <Button type="submit" variant="contained" disabled={busy || code.length !== 6}>
                  {t('claim.code.confirm')}
                </Button>
              </Stack>
            </DialogContent>
            <Divider sx={{ mx: 3 }}>{t('claim.code.or')}</Divider>
          </form>
        )}
        <form onSubmit={submit} noValidate>
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
