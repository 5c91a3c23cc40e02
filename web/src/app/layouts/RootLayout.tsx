import { Box, Link } from '@mui/material';
import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { BOTTOM_BAR_HEIGHT, NativeBottomBar } from '../../components/layout/NativeBottomBar';
import { NavBar } from '../../components/layout/NavBar';
import { PageLoader } from '../../components/PageLoader';
import { isNativeShell } from '../../lib/native-shell';

/** Every page: skip link, top bar (or the native shell's bottom bar), and the page. */
export function RootLayout() {
  const native = isNativeShell();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', pb: native ? `${BOTTOM_BAR_HEIGHT + 8}px` : 0 }}>
      <Link
        href="#main"
        sx={{ position: 'absolute', left: -9999, top: 8, zIndex: 2000, bgcolor: 'background.paper', p: 1, '&:focus': { left: 8 } }}
      >
        Skip to content
      </Link>
      {!native && <NavBar />}
      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
      {native && <NativeBottomBar />}
      <ScrollRestoration />
    </Box>
  );
}
