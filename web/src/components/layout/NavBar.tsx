/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
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

  const links: NavLink[] = [
    ...(isAuthenticated
      ? [
          { label: 'My Account', to: paths.app },
          { label: 'Fajr Schedule', to: paths.schedule },
          { label: 'Fajr Settings', to: paths.settings },
        ]
      : []),
    { label: 'Help', to: paths.help },
  ];

  const doSignOut = async () => {
    setMenuOpen(false);
    await signOut();
    navigate(paths.home);
  };

  const modeLabel = mode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';
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
      <Toolbar component="nav" aria-label="Main">
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
              Sign Out
            </Button>
          ) : (
            <Button component={RouterLink} to={paths.signIn} variant="contained">
              Sign In
            </Button>
          )}
        </Box>
        <LanguageMenu />
        {modeToggle}
        <IconButton
          color="inherit"
          aria-label="Open menu"
          aria-controls="nav-menu"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
          sx={{ display: { xs: unknown ? 'none' : 'inline-flex', md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
      </Toolbar>
      <Drawer id="nav-menu" anchor="right" open={menuOpen} onClose={() => setMenuOpen(false)}>
        <Box sx={{ width: 260 }} role="navigation" aria-label="Menu">
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
                  <ListItemText primary="Sign Out" />
                </ListItemButton>
              ) : (
                <ListItemButton component={RouterLink} to={paths.signIn} onClick={() => setMenuOpen(false)}>
                  <ListItemText primary="Sign In" />
                </ListItemButton>
              )}
            </ListItem>
          </List>
        </Box>
      </Drawer>
    </AppBar>
  );
}
