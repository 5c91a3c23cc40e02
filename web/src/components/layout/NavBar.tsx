import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import MenuIcon from '@mui/icons-material/Menu';
import {
  AppBar,
  Box,
  Button,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Toolbar,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { useColorMode } from '../../theme/ColorModeProvider';
import { LanguageMenu } from './LanguageMenu';

interface NavLink {
  label: string;
  to: string;
}

/** The top navigation bar: signed-in links, Help, Sign In/Out, the colour mode toggle; a hamburger menu on phones. */
export function NavBar() {
  const { isAuthenticated, isUserLoading, signOut } = useSession();
  // A held token not yet checked: neither the signed-in nor the signed-out links (no flash of "Sign In" on reload).
  const unknown = isUserLoading && !isAuthenticated;
  const { mode, toggle } = useColorMode();
  const [menuOpen, setMenuOpen] = useState(false);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { t } = useTranslation();

  const links: NavLink[] = [
    ...(isAuthenticated
      ? [
          { label: t('nav.myAccount'), to: paths.app },
          { label: t('nav.schedule'), to: paths.schedule },
          { label: t('nav.settings'), to: paths.settings },
          { label: t('nav.myMosques'), to: paths.myMosques },
        ]
      : []),
    { label: t('nav.help'), to: paths.help },
  ];

  const doSignOut = async () => {
    setMenuOpen(false);
    await signOut();
    navigate(paths.home);
  };

  const modeLabel = mode === 'dark' ? t('nav.lightMode') : t('nav.darkMode');
  const modeToggle = (
    <Tooltip title={modeLabel}>
      <IconButton color="inherit" onClick={toggle} aria-label={modeLabel}>
        {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
      </IconButton>
    </Tooltip>
  );

  return (
    <AppBar
      position="sticky"
      color="default"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Toolbar component="nav" aria-label={t('nav.label')}>
        <Typography
          component={RouterLink}
          to={isAuthenticated ? paths.app : paths.home}
          variant="h6"
          sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, mr: 2 }}
        >
          Fajr
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Box sx={{ display: { xs: 'none', md: unknown ? 'none' : 'flex' }, alignItems: 'center', gap: 0.5 }}>
          {links.map((l) => (
            <Button
              key={l.to}
              component={RouterLink}
              to={l.to}
              color="inherit"
              aria-current={pathname === l.to ? 'page' : undefined}
            >
              {l.label}
            </Button>
          ))}
          {isAuthenticated ? (
            <Button color="inherit" onClick={() => void doSignOut()}>
              {t('nav.signOut')}
            </Button>
          ) : (
            <Button component={RouterLink} to={paths.signIn} variant="contained">
              {t('nav.signIn')}
            </Button>
          )}
        </Box>
        <LanguageMenu />
        {modeToggle}
        <IconButton
          color="inherit"
          aria-label={t('nav.openMenu')}
          aria-controls="nav-menu"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
          sx={{ display: { xs: unknown ? 'none' : 'inline-flex', md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
      </Toolbar>
      <Drawer id="nav-menu" anchor="right" open={menuOpen} onClose={() => setMenuOpen(false)}>
        <Box sx={{ width: 260 }} role="navigation" aria-label={t('nav.menu')}>
          <List>
            {links.map((l) => (
              <ListItem key={l.to} disablePadding>
                <ListItemButton
                  component={RouterLink}
                  to={l.to}
                  onClick={() => setMenuOpen(false)}
                  selected={pathname === l.to}
                >
                  <ListItemText primary={l.label} />
                </ListItemButton>
              </ListItem>
            ))}
            <Divider component="li" />
            <ListItem disablePadding>
              {isAuthenticated ? (
                <ListItemButton onClick={() => void doSignOut()}>
                  <ListItemText primary={t('nav.signOut')} />
                </ListItemButton>
              ) : (
                <ListItemButton component={RouterLink} to={paths.signIn} onClick={() => setMenuOpen(false)}>
                  <ListItemText primary={t('nav.signIn')} />
                </ListItemButton>
              )}
            </ListItem>
          </List>
        </Box>
      </Drawer>
    </AppBar>
  );
}
