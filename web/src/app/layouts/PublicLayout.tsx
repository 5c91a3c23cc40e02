import { Box } from '@mui/material';
import { Outlet } from 'react-router-dom';
import { Footer } from '../../components/layout/Footer';
import { isNativeShell } from '../../lib/native-shell';

/** Public pages with the public footer (not inside the native shell, whose bottom bar takes its place). */
export function PublicLayout() {
  return (
    <Box>
      <Outlet />
      {!isNativeShell() && <Footer />}
    </Box>
  );
}
