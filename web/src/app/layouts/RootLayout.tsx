import { Box, Link } from '@mui/material';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { BOTTOM_BAR_HEIGHT, NativeBottomBar } from '../../components/layout/NativeBottomBar';
import { NavBar } from '../../components/layout/NavBar';
import { PageLoader } from '../../components/PageLoader';
import { SUPPORT_BUTTON_SPACE, SupportChatLauncher } from '../../features/support/components/SupportChatLauncher';
import { isNativeShell } from '../../lib/native-shell';

/** Every page: skip link, top bar (or the native shell's bottom bar), the page and the support chat. */
export function RootLayout() {
  const native = isNativeShell();
  const { t } = useTranslation();
  const [chatOpen, setChatOpen] = useState(false);
  // Room below the page for the bottom bar, or for the chat's floating button.
  const bottomSpace = native ? BOTTOM_BAR_HEIGHT + 8 : SUPPORT_BUTTON_SPACE;
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', pb: `${bottomSpace}px` }}>
      <Link
        href="#main"
        sx={{
          position: 'absolute',
          left: -9999,
          top: 8,
          zIndex: 2000,
          bgcolor: 'background.paper',
          p: 1,
          '&:focus': { left: 8 },
        }}
      >
        {t('layout.skipToContent')}
      </Link>
      {!native && <NavBar />}
      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
      {native && <NativeBottomBar onSupport={() => setChatOpen(true)} />}
      <SupportChatLauncher open={chatOpen} onOpenChange={setChatOpen} showButton={!native} />
      <ScrollRestoration />
    </Box>
  );
}
