import CloseIcon from '@mui/icons-material/Close';
import { Box, Drawer, IconButton, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { InAppPurchaseNotice } from './InAppPurchaseNotice';
import { PlanButtons } from './PlanButtons';

/** The 'Upgrade Plan' bottom drawer, open while the session's go-premium flag is set. */
export function UpgradeDrawer() {
  const { user, goPremium, setGoPremium } = useSession();
  const { t } = useTranslation('subscriptions');
  return (
    <Drawer
      anchor="bottom"
      open={goPremium}
      onClose={() => setGoPremium(false)}
      slotProps={{ paper: { role: 'dialog', 'aria-labelledby': 'upgrade-title' } as object }}
    >
      <Box
        sx={{ p: { xs: 2, md: 3 }, maxWidth: 1100, width: '100%', mx: 'auto', maxHeight: '90vh', overflowY: 'auto' }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
          <Typography id="upgrade-title" variant="h5" component="h2">
            {t('upgradeDrawer.title')}
          </Typography>
          <IconButton aria-label={t('upgradeDrawer.close')} onClick={() => setGoPremium(false)}>
            <CloseIcon />
          </IconButton>
        </Stack>
        <InAppPurchaseNotice user={user} />
        <PlanButtons />
      </Box>
    </Drawer>
  );
}
