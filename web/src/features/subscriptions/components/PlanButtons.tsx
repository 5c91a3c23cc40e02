import type { Plan } from '@fajr/api/contracts/common';
import CheckIcon from '@mui/icons-material/Check';
import {
  Alert,
  Box,
  Card,
  CardActions,
  CardContent,
  Chip,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { redirectTo } from '../../../lib/redirect';
import { isNativeShell } from '../../../lib/native-shell';
import { useSession } from '../../../lib/session';
import { startCheckout } from '../api/subscriptions.api';
import { tiers } from '../../../config/plans';
import { moneyLocale, planPrice } from '../prices';
import { PlanAction } from './PlanAction';

/**
 * The plans with their monthly prices, each with its action (PlanAction): 'Your current plan',
 * 'Upgrade to …' on every higher plan, and where a lower one is managed. App users outside the app
 * are told to upgrade there (SPEC section 4); inside it the store's own page is opened.
 */
export function PlanButtons() {
  const { user, prices } = useSession();
  const { t, i18n } = useTranslation('subscriptions');
  const checkout = useAppMutation({
    mutationFn: async (plan: Plan) => {
      const { url } = await startCheckout(plan);
      if (!url) throw new Error(t('planButtons.failed'));
      return url;
    },
    onSuccess: redirectTo,
  });
  // The chosen plan keeps its spinner (and the others stay disabled) while the browser leaves for the checkout.
  const pending = checkout.busy || checkout.done ? (checkout.variables ?? null) : null;
  const currentRank = tiers.findIndex((tier) => tier.plan === user?.subscriptionPlanName);

  if (user?.isAppUser && !user.subscriptionPlanName && !isNativeShell()) {
    return <Alert severity="info">{t('planAction.appUser')}</Alert>;
  }

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
      {tiers.map((tier, rank) => {
        const current = user?.subscriptionPlanName === tier.plan;
        return (
          <Card
            key={tier.plan}
            variant="outlined"
            component="section"
            aria-labelledby={`plan-${tier.plan}`}
            sx={{ display: 'flex', flexDirection: 'column', borderColor: current ? 'primary.main' : undefined }}
          >
            <CardContent sx={{ flexGrow: 1 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
                <Typography id={`plan-${tier.plan}`} variant="h5" component="h3">
                  {tier.name}
                </Typography>
                <Chip size="small" label={tier.tier} />
              </Box>
              <Typography variant="h6" component="p" sx={{ my: 1 }}>
                {planPrice(prices, tier.plan, navigator.language, moneyLocale(i18n.language))}{' '}
                <Typography component="span" color="text.secondary">
                  {t('planButtons.perMonth')}
                </Typography>
              </Typography>
              <List dense>
                {tier.featureKeys.map((f) => (
                  <ListItem key={f} disableGutters>
                    <ListItemIcon sx={{ minWidth: 32 }}>
                      <CheckIcon fontSize="small" color="success" aria-hidden="true" />
                    </ListItemIcon>
                    <ListItemText primary={t(`plans.features.${f}`)} />
                  </ListItem>
                ))}
              </List>
            </CardContent>
            <CardActions sx={{ p: 2 }}>
              <PlanAction
                user={user}
                tier={{ plan: tier.plan, name: tier.name, rank }}
                currentRank={currentRank}
                checkout={{ run: (plan) => void checkout.run(plan), pending }}
              />
            </CardActions>
          </Card>
        );
      })}
    </Box>
  );
}
