import { Button, Container, Divider, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FeedbackPrompt } from '../../../components/FeedbackPrompt';
import { NextSteps } from '../../../components/NextSteps';
import { SectionBoundary } from '../../../components/SectionBoundary';
import { usePageTitle } from '../../../components/usePageTitle';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { AccountDetails } from './AccountDetails';
import { DeleteAccount } from './DeleteAccount';
import { FajrSettingsCard } from './FajrSettingsCard';
import { FreeTrialBanner } from './FreeTrialBanner';
import { MonthlyStats } from './MonthlyStats';
import { MosqueRequests } from './MosqueRequests';
import { PhoneVerificationBanner } from './PhoneVerification';
import { TestCall } from './TestCall';
import { ThisMorning } from './ThisMorning';

/** /app: the account page, sections in SPEC's order, each behind its own error boundary. */
export function AccountPage() {
  const { t } = useTranslation('account');
  usePageTitle(t('accountPage.pageTitle'));
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  if (!user) return null;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('accountPage.title')}
      </Typography>
      <Stack spacing={2}>
        <SectionBoundary name="next-steps">
          <NextSteps user={user} />
        </SectionBoundary>
        <SectionBoundary name="this-morning">
          <ThisMorning user={user} />
        </SectionBoundary>
        <SectionBoundary name="free-trial">
          <FreeTrialBanner user={user} />
        </SectionBoundary>
        <SectionBoundary name="phone-verification">
          <PhoneVerificationBanner user={user} />
        </SectionBoundary>
        <SectionBoundary name="stats">
          <MonthlyStats />
        </SectionBoundary>
        <SectionBoundary name="feedback-prompt">
          <FeedbackPrompt user={user} />
        </SectionBoundary>
        <SectionBoundary name="fajr-settings">
          <FajrSettingsCard user={user} />
        </SectionBoundary>
        <SectionBoundary name="test-call">
          <TestCall />
        </SectionBoundary>
        <SectionBoundary name="mosque-requests">
          <MosqueRequests userId={user.id} />
        </SectionBoundary>
        <SectionBoundary name="account-details">
          <AccountDetails user={user} />
        </SectionBoundary>
        <SectionBoundary name="delete-account">
          <DeleteAccount />
        </SectionBoundary>
        <Divider />
        <SectionBoundary name="sign-out">
          <Button
            variant="outlined"
            size="large"
            onClick={async () => {
              await signOut();
              navigate(paths.home);
            }}
          >
            {t('accountPage.signOut')}
          </Button>
        </SectionBoundary>
      </Stack>
    </Container>
  );
}
