import type { Plan } from '@fajr/api/contracts/common';
import CheckIcon from '@mui/icons-material/Check';
import { Alert, Box, Button, Card, CardActions, CardContent, Chip, CircularProgress, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { PlanManagement } from '../../../components/PlanManagement';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { redirectTo } from '../../../lib/redirect';
import { useSession } from '../../../lib/session';
import { startCheckout } from '../api/subscriptions.api';
import { planPrice } from '../prices';

/** SPEC section 6: what each tier adds. */
export const tiers: Array<{ plan: Plan; tier: string; name: string; features: string[] }> = [
  { plan: 'BASIC', tier: 'TIER1', name: 'Basic', features: ['Daily Fajr wake-up calls', 'Local mosque Fajr timings', 'Automatic Fajr time scheduling'] },
  { plan: 'PLUS', tier: 'TIER2', name: 'Plus', features: ['Everything in Basic', 'Fajr call statistics', 'Custom adhaans', 'Call time preferences', 'Do-not-disturb detection'] },
  {
    plan: 'PREMIUM',
    tier: 'TIER3',
    name: 'Premium',
    features: ['Everything in Plus', 'Repeat of unanswered Fajr calls', 'Additional phone number', 'Personalised Fajr calls for friends'],
  },
];

/**
 * The plans with their monthly prices; 'Your current plan' is disabled. Without a plan the others
 * start a hosted checkout ('Upgrade to …'); a plan holder changes plan in the provider's portal
 * ('Manage Your Subscription'), or in the store a plan bought in the app comes from ('Manage in the
 * App Store' / 'Manage in Google Play'), so a lower plan is never offered as an upgrade.
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

  if (user?.isAppUser) return <Alert severity="info">Since you're an App user, you'll have to upgrade via the app.</Alert>;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
      {tiers.map((t) => {
        const current = user?.subscriptionPlanName === t.plan;
        return (
          <Card key={t.plan} variant="outlined" component="section" aria-labelledby={`plan-${t.plan}`} sx={{ display: 'flex', flexDirection: 'column', borderColor: current ? 'primary.main' : undefined }}>
            <CardContent sx={{ flexGrow: 1 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
                <Typography id={`plan-${t.plan}`} variant="h5" component="h3">
                  {t.name}
                </Typography>
                <Chip size="small" label={t.tier} />
              </Box>
              <Typography variant="h6" component="p" sx={{ my: 1 }}>
                {planPrice(prices, t.plan)} <Typography component="span" color="text.secondary">/ month</Typography>
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
              {user?.subscriptionPlanName && !current ? (
                // Where the plan is changed: the portal for a web plan, the store for one bought in the app.
                <PlanManagement userId={user.id} fullWidth describedBy={`plan-${t.plan}`} />
              ) : (
                <Button
                  fullWidth
                  variant={current ? 'outlined' : 'contained'}
                  disabled={current || pending !== null}
                  onClick={() => void checkout.run(t.plan)}
                  startIcon={pending === t.plan ? <CircularProgress size={18} color="inherit" aria-label="Opening checkout" /> : undefined}
                >
                  {current ? 'Your current plan' : `Upgrade to ${t.name}`}
                </Button>
              )}
            </CardActions>
          </Card>
        );
      })}
    </Box>
  );
}
