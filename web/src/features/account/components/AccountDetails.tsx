import type { User } from '@fajr/api/contracts/users.contract';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';
import { PlanManagement } from '../../../components/PlanManagement';
import { formatPhone } from '../../../lib/phone';
import { useSession } from '../../../lib/session';

/** SPEC section 4: subscriptionPlanName if present; else 'FREE' for app users; else 'FREE TRIAL'. */
// The plan's own name (PLUS, PREMIUM) is shown as it is in every language; the free states are translated.
export function planLabel(
  user: Pick<User, 'subscriptionPlanName' | 'isAppUser'>,
  t = i18n.getFixedT(null, 'account'),
): string {
  if (user.subscriptionPlanName) return user.subscriptionPlanName;
  return user.isAppUser ? t('details.free') : t('details.freeTrial');
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
  const { t } = useTranslation('account');

  return (
    <Card variant="outlined" component="section" aria-labelledby="account-details-title">
      <CardContent>
        <Typography id="account-details-title" variant="h6" component="h2" gutterBottom>
          {t('details.title')}
        </Typography>
        <Stack spacing={1.5}>
          <Row label={t('details.plan')}>
            <Chip
              label={planLabel(user, t)}
              color={user.subscriptionPlanName ? 'primary' : 'default'}
              data-testid="plan-label"
            />
          </Row>
          {user.phoneNumber && (
            <Row label={t('details.phoneNumber')}>
              <bdi dir="ltr">{formatPhone(user.phoneNumber)}</bdi>
            </Row>
          )}
          {user.secondPhoneNumber && (
            <Row label={t('details.secondNumber')}>
              <bdi dir="ltr">{formatPhone(user.secondPhoneNumber)}</bdi>
              {user.secondPhoneNumberVerified ? '' : ` ${t('details.notVerified')}`}
            </Row>
          )}
          {user.email && (
            <Row label={t('details.email')}>
              <bdi>{user.email}</bdi>
            </Row>
          )}
          <Row label={t('details.callsFrom')}>
            <bdi dir="ltr">{formatPhone(user.fajrCallerNumber)}</bdi>
          </Row>
          <Stack direction="row" spacing={1} sx={{ pt: 1, flexWrap: 'wrap' }} useFlexGap>
            {!user.subscriptionPlanName && (
              <Button variant="contained" onClick={() => setGoPremium(true)}>
                {t('details.upgrade')}
              </Button>
            )}
            {user.subscriptionPlanName && <PlanManagement userId={user.id} />}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
