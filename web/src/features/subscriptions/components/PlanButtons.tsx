/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
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
import { useAppMutation } from '../../../hooks/useAppMutation';
import { redirectTo } from '../../../lib/redirect';
import { isNativeShell } from '../../../lib/native-shell';
import { useSession } from '../../../lib/session';
import { startCheckout } from '../api/subscriptions.api';
import { tiers } from '../../../config/plans';
import { planPrice } from '../prices';
import { PlanAction } from './PlanAction';

/**
 * The plans with their monthly prices, each with its action (PlanAction): 'Your current plan',
 * 'Upgrade to …' on every higher plan, and where a lower one is managed. App users outside the app
 * are told to upgrade there (SPEC section 4); inside it the store's own page is opened.
 */
export function PlanButtons() {
  const { user, prices } = useSession();
  const checkout = useAppMutation({
    mutationFn: async (plan: Plan) => {
      const { url } = await startCheckout(plan);
      if (!url) throw new Error('Failed to subscribe');
      return url;
    },
    onSuccess: redirectTo,
  });
  // The chosen plan keeps its spinner (and the others stay disabled) while the browser leaves for the checkout.
  const pending = checkout.busy || checkout.done ? (checkout.variables ?? null) : null;
  const currentRank = tiers.findIndex((t) => t.plan === user?.subscriptionPlanName);

  if (user?.isAppUser && !user.subscriptionPlanName && !isNativeShell()) {
    return <Alert severity="info">Since you're an App user, you'll have to upgrade via the app.</Alert>;
  }

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
      {tiers.map((t, rank) => {
        const current = user?.subscriptionPlanName === t.plan;
        return (
          <Card
            key={t.plan}
            variant="outlined"
            component="section"
            aria-labelledby={`plan-${t.plan}`}
            sx={{ display: 'flex', flexDirection: 'column', borderColor: current ? 'primary.main' : undefined }}
          >
            <CardContent sx={{ flexGrow: 1 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
                <Typography id={`plan-${t.plan}`} variant="h5" component="h3">
                  {t.name}
                </Typography>
                <Chip size="small" label={t.tier} />
              </Box>
              <Typography variant="h6" component="p" sx={{ my: 1 }}>
                {planPrice(prices, t.plan)}{' '}
                <Typography component="span" color="text.secondary">
                  / month
                </Typography>
              </Typography>
              <List dense>
                {t.features.map((f) => (
                  <ListItem key={f} disableGutters>
                    <ListItemIcon sx={{ minWidth: 32 }}>
                      <CheckIcon fontSize="small" color="success" aria-hidden="true" />
                    </ListItemIcon>
                    <ListItemText primary={f} />
                  </ListItem>
                ))}
              </List>
            </CardContent>
            <CardActions sx={{ p: 2 }}>
              <PlanAction
                user={user}
                tier={{ plan: t.plan, name: t.name, rank }}
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
