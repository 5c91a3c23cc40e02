/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import type { User } from '@fajr/api/contracts/users.contract';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { PlanManagement } from '../../../components/PlanManagement';
import { formatPhone } from '../../../lib/phone';
import { useSession } from '../../../lib/session';

/** SPEC section 4: subscriptionPlanName if present; else 'FREE' for app users; else 'FREE TRIAL'. */
export function planLabel(user: Pick<User, 'subscriptionPlanName' | 'isAppUser'>): string {
  if (user.subscriptionPlanName) return user.subscriptionPlanName;
  return user.isAppUser ? 'FREE' : 'FREE TRIAL';
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Typography color="text.secondary">{label}</Typography>
      <Box sx={{ fontWeight: 500 }}>{children}</Box>
    </Box>
  );
}

/** Account Details: plan label, sign-in identity, the number calls come from, upgrade, and where the plan is managed (portal or store). */
export function AccountDetails({ user }: { user: User }) {
  const { setGoPremium } = useSession();

  return (
    <Card variant="outlined" component="section" aria-labelledby="account-details-title">
      <CardContent>
        <Typography id="account-details-title" variant="h6" component="h2" gutterBottom>
          Account Details
        </Typography>
        <Stack spacing={1.5}>
          <Row label="Plan">
            <Chip
              label={planLabel(user)}
              color={user.subscriptionPlanName ? 'primary' : 'default'}
              data-testid="plan-label"
            />
          </Row>
          {user.phoneNumber && <Row label="Phone number">{formatPhone(user.phoneNumber)}</Row>}
          {user.secondPhoneNumber && (
            <Row label="Second number">{`${formatPhone(user.secondPhoneNumber)}${user.secondPhoneNumberVerified ? '' : ' (not verified)'}`}</Row>
          )}
          {user.email && <Row label="Email">{user.email}</Row>}
          <Row label="Fajr calls come from">{formatPhone(user.fajrCallerNumber)}</Row>
          <Stack direction="row" spacing={1} sx={{ pt: 1, flexWrap: 'wrap' }} useFlexGap>
            {!user.subscriptionPlanName && (
              <Button variant="contained" onClick={() => setGoPremium(true)}>
                Upgrade Plan
              </Button>
            )}
            {user.subscriptionPlanName && <PlanManagement userId={user.id} />}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
