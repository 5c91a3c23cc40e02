import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Box, IconButton, Paper, Typography, useMediaQuery } from '@mui/material';
import { useRef, useState, type FocusEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDemoClock } from '../../hooks/useDemoClock';
import { useInView } from '../../hooks/useInView';
import { usePageVisible } from '../../hooks/usePageVisible';
import { DemoChapters } from './DemoChapters';
import { DemoStage } from './DemoStage';
import { scenes } from './scenes';

const durations = scenes.map((s) => s.duration);

/**
 * The landing page's animated product demo: a muted, looping walkthrough in five scenes, with
 * video-like controls. Follows the WAI-ARIA carousel pattern: a visible pause control, rotation that
 * stops on keyboard focus and mouse hover, captions announced only when not auto-playing. Plays only
 * on screen and in a visible tab; with `prefers-reduced-motion` it starts paused, without transitions.
 */
export function ProductDemo() {
  const { t } = useTranslation('landing');
  const still = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const [playing, setPlaying] = useState(!still);
  // Hover holds the autoplay until the pointer leaves, unless Play was pressed under the pointer.
  const [hovered, setHovered] = useState(false);
  const [playedUnderPointer, setPlayedUnderPointer] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  const pointerDown = useRef(false);
  const regionRef = useRef<HTMLDivElement>(null);
  const onScreen = useInView(regionRef, { threshold: 0.25 });
  const tabVisible = usePageVisible();
  const running = playing && onScreen && tabVisible && !(hovered && !playedUnderPointer);
  const { index, elapsed, goTo } = useDemoClock(durations, running);
  const scene = scenes[index]!;
  // A scene not yet under way shows finished (a paused or reduced-motion viewer sees the whole of it).
  const at = running || elapsed > 0 ? elapsed : scene.duration;

  const togglePlaying = () => {
    setPlaying(!playing);
    if (!playing && hovered) setPlayedUnderPointer(true);
  };
  const onFocus = (e: FocusEvent) => {
    if (regionRef.current?.contains(e.relatedTarget as Node | null)) return;
    setFocusInside(true);
    // Keyboard focus arriving stops the rotation; a click's focus does not (the click decides).
    if (!pointerDown.current) setPlaying(false);
  };
  const onBlur = (e: FocusEvent) => {
    if (!regionRef.current?.contains(e.relatedTarget as Node | null)) setFocusInside(false);
  };
  const onPointerEnter = (e: PointerEvent) => e.pointerType !== 'touch' && setHovered(true);
  const onPointerLeave = () => {
    pointerDown.current = false; // a press released outside never sends its pointerup here
    setHovered(false);
    setPlayedUnderPointer(false);
  };

  return (
    <Box
      ref={regionRef}
      role="region"
      aria-roledescription="carousel"
      aria-label={t('demo.label')}
      onFocus={onFocus}
      onBlur={onBlur}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onPointerDown={() => (pointerDown.current = true)}
      onPointerUp={() => (pointerDown.current = false)}
      onPointerCancel={() => (pointerDown.current = false)}
      data-playing={running}
      sx={{ maxWidth: 900, mx: 'auto', width: '100%' }}
    >
      <Paper variant="outlined" sx={{ overflow: 'hidden', borderRadius: 2 }}>
        <DemoStage index={index} at={at} still={still} />
        <Box
          sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 0.5, borderTop: 1, borderColor: 'divider' }}
        >
          <IconButton onClick={togglePlaying} aria-label={playing ? t('demo.pause') : t('demo.play')} color="primary">
            {playing ? <PauseIcon /> : <PlayArrowIcon />}
          </IconButton>
          <DemoChapters index={index} at={at} elapsed={elapsed} still={still} goTo={goTo} />
        </Box>
      </Paper>
      <DemoCaption index={index} live={!running || focusInside} />
    </Box>
  );
}

/** What the current scene shows, in words; announced only when the demo is not auto-playing. */
function DemoCaption({ index, live }: { index: number; live: boolean }) {
  const { t } = useTranslation('landing');
  const scene = scenes[index]!;
  return (
    <Box
      role="group"
      aria-roledescription="slide"
      aria-label={t('demo.slide', { index: index + 1, total: scenes.length })}
      aria-live={live ? 'polite' : 'off'}
      aria-atomic="true"
      data-testid="demo-caption"
      sx={{ textAlign: 'center', mt: 1.5, minHeight: { xs: 96, sm: 72 } }}
    >
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t(`demo.scenes.${scene.key}.title`)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t(`demo.scenes.${scene.key}.caption`, scene.captionValues?.())}
      </Typography>
    </Box>
  );
}
