import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import { Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { useToast } from '../../../components/toast/ToastProvider';
import { errorMessage } from '../../../lib/http';
import { requestTestCall } from '../api/account.api';

/** Schedule Test Call: 'we'll call you within 5 minutes'. */
export function TestCall() {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const request = async () => {
    setBusy(true);
    try {
      toast.success((await requestTestCall()) ?? "Test call scheduled, we'll call you within 5 minutes");
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card variant="outlined" component="section" aria-labelledby="test-call-title">
      <CardContent>
        <Typography id="test-call-title" variant="h6" component="h2" gutterBottom>
          Schedule Test Call
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Check that our calls reach you: we'll call you within 5 minutes.
        </Typography>
        <Button variant="contained" onClick={() => void request()} disabled={busy} startIcon={busy ? <CircularProgress size={18} color="inherit" aria-label="Scheduling" /> : <PhoneInTalkIcon />}>
          Schedule Test Call
        </Button>
      </CardContent>
    </Card>
  );
}
