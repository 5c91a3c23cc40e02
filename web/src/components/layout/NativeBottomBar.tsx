import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import ChatIcon from '@mui/icons-material/Chat';
import SettingsIcon from '@mui/icons-material/Settings';
import { BottomNavigation, BottomNavigationAction, Paper } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { postToHost } from '../../lib/native-shell';

/** Height of the bottom bar, so pages can leave room for it. */
export const BOTTOM_BAR_HEIGHT = 64;

/**
 * The native shell's bottom bar: account, schedule, settings and Support, which opens the support
 * chat (`onSupport`) and tells the host it did (docs/NATIVE-SHELL.md).
 */
export function NativeBottomBar({ onSupport }: { onSupport(): void }) {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const value =
    [paths.schedule, paths.settings].find((p) => pathname.startsWith(p)) ??
    (pathname.startsWith(paths.app) ? paths.app : false);
  return (
    <Paper
      component="nav"
      aria-label={t('bottomBar.label')}
      elevation={8}
      sx={{ position: 'fixed', bottom: 0, left: 0, right: 0, zIndex: (t) => t.zIndex.appBar }}
    >
      <BottomNavigation showLabels value={value} sx={{ height: BOTTOM_BAR_HEIGHT }}>
        <BottomNavigationAction
          label={t('bottomBar.account')}
          value={paths.app}
          icon={<AccountCircleIcon />}
          component={RouterLink}
          to={paths.app}
        />
        <BottomNavigationAction
          label={t('bottomBar.schedule')}
          value={paths.schedule}
          icon={<CalendarMonthIcon />}
          component={RouterLink}
          to={paths.schedule}
        />
        <BottomNavigationAction
          label={t('bottomBar.settings')}
          value={paths.settings}
          icon={<SettingsIcon />}
          component={RouterLink}
          to={paths.settings}
        />
        <BottomNavigationAction
          label={t('bottomBar.support')}
          value="support"
          icon={<ChatIcon />}
          aria-haspopup="dialog"
          onClick={() => {
            onSupport();
            postToHost({ type: 'support-chat' });
          }}
        />
      </BottomNavigation>
    </Paper>
  );
}
