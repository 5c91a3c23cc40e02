import { Box, CircularProgress } from '@mui/material';
import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { loadGroup } from '../../../lib/lazy';
import { SectionBoundary } from '../../../components/SectionBoundary';
import { env } from '../../../config/env';
import { useInView } from '../hooks/useInView';

// The animated demo is its own chunk, fetched when the section comes within a screen of the viewport.
const loadDemo = loadGroup(() => import('./demo/ProductDemo'));
const ProductDemo = lazy(async () => ({ default: (await loadDemo()).ProductDemo }));

/** Reserves the player's 16:9 box while the demo's code arrives, so the page does not jump. */
function DemoFrame({ loading }: { loading: boolean }) {
  const { t } = useTranslation('landing');
  return (
    <Box
      data-testid="demo-placeholder"
      sx={{
        maxWidth: 900,
        mx: 'auto',
        aspectRatio: '16 / 9',
        borderRadius: 2,
        bgcolor: 'action.hover',
        display: 'grid',
        placeItems: 'center',
      }}
    >
      {loading && <CircularProgress aria-label={t('demo.loading')} />}
    </Box>
  );
}

/** "See how it works": the YouTube video when `VITE_DEMO_VIDEO_ID` is set, else the animated product demo. */
export function DemoSection() {
  const { t } = useTranslation('landing');
  const ref = useRef<HTMLDivElement>(null);
  const near = useInView(ref, { rootMargin: '100% 0px', once: true });
  if (env.VITE_DEMO_VIDEO_ID) {
    return (
      <Box sx={{ maxWidth: 900, mx: 'auto', position: 'relative', aspectRatio: '16 / 9' }}>
        <Box
          component="iframe"
          title={t('demo.videoTitle')}
          src={`https://www.youtube-nocookie.com/embed/${env.VITE_DEMO_VIDEO_ID}`}
          loading="lazy"
          allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          sx={{ border: 0, width: '100%', height: '100%', borderRadius: 2 }}
        />
      </Box>
    );
  }
  return (
    <Box ref={ref}>
      {near ? (
        <SectionBoundary name="product demo">
          <Suspense fallback={<DemoFrame loading />}>
            <ProductDemo />
          </Suspense>
        </SectionBoundary>
      ) : (
        <DemoFrame loading={false} />
      )}
    </Box>
  );
}
