import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import { Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { requestTestCall } from '../api/account.api';

/** Schedule Test Call: 'we'll call you within 5 minutes'. */
export function TestCall() {
  const { run, busy } = useAppMutation({ mutationFn: requestTestCall, success: (message) => message ?? "Test call scheduled, we'll call you within 5 minutes" });
  return (
    <Card variant="outlined" component="section" aria-labelledby="test-call-title">
      <CardContent>
        <Typography id="test-call-title" variant="h6" component="h2" gutterBottom>
          Schedule Test Call
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Check that our calls reach you: we'll call you within 5 minutes.
        </Typography>
        <Button variant="contained" onClick={() => void run()} disabled={busy} startIcon={busy ? <CircularProgress size={18} color="inherit" aria-label="Scheduling" /> : <PhoneInTalkIcon />}>
          Schedule Test Call
        </Button>
      </CardContent>
    </Card>
  );
}
