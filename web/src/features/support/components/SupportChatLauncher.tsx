import ChatIcon from '@mui/icons-material/Chat';
import { Box, Fab } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadGroup } from '../../../lib/lazy';
import { SectionBoundary } from '../../../components/SectionBoundary';

// The panel (conversation, form, polling) is its own chunk: pages load only this button.
const loadPanel = loadGroup(() => import('./SupportChatPanel'));
const SupportChatPanel = lazy(async () => ({ default: (await loadPanel()).SupportChatPanel }));

/** Room to leave below the page so the floating button never hides its last lines. */
export const SUPPORT_BUTTON_SPACE = 88;

/**
 * The support chat: a floating button at the bottom right (not in the native shell, whose bottom bar
 * has a Support button that opens the same panel through `open`), and the panel once asked for.
 */
export function SupportChatLauncher({
  open,
  onOpenChange,
  showButton,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  showButton: boolean;
}) {
  const { t } = useTranslation('support');
  // Mounted from the first opening on, so closing animates and the chat keeps its messages.
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  return (
    <>
      {showButton && (
        <Box sx={{ position: 'fixed', right: 16, bottom: 16, zIndex: (t) => t.zIndex.speedDial }}>
          <Fab
            color="primary"
            aria-label={t('launcher.label')}
            aria-haspopup="dialog"
            aria-expanded={open}
            onClick={() => onOpenChange(true)}
          >
            <ChatIcon />
          </Fab>
        </Box>
      )}
      {wanted && (
        <SectionBoundary name="support chat">
          <Suspense fallback={null}>
            <SupportChatPanel open={open} onClose={() => onOpenChange(false)} />
          </Suspense>
        </SectionBoundary>
      )}
    </>
  );
}
