import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Box, IconButton, Paper, Typography, useMediaQuery } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import { useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react';
import { useDemoClock } from '../../hooks/useDemoClock';
import { useInView } from '../../hooks/useInView';
import { usePageVisible } from '../../hooks/usePageVisible';
import { useStageScale } from '../../hooks/useStageScale';
import { scenes, STAGE } from './scenes';

const durations = scenes.map((s) => s.duration);
const sceneIn = keyframes`from { transform: translateX(24px); } to { transform: none; }`;

/**
 * The landing page's animated product demo: a muted, looping walkthrough in five scenes, with
 * video-like controls. Follows the WAI-ARIA carousel pattern: a visible pause control, rotation that
 * stops on keyboard focus and mouse hover, captions announced only when not auto-playing. Plays only
 * on screen and in a visible tab; with `prefers-reduced-motion` it starts paused, without transitions.
 */
export function ProductDemo() {
  const still = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const [playing, setPlaying] = useState(!still);
  // Hover holds the autoplay until the pointer leaves, unless Play was pressed under the pointer.
  const [hovered, setHovered] = useState(false);
  const [playedUnderPointer, setPlayedUnderPointer] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  const pointerDown = useRef(false);
  const regionRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const chapterRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const onScreen = useInView(regionRef, { threshold: 0.25 });
  const tabVisible = usePageVisible();
  const scale = useStageScale(frameRef, STAGE.width);
  const running = playing && onScreen && tabVisible && !(hovered && !playedUnderPointer);
  const { index, elapsed, goTo } = useDemoClock(durations, running);
  const scene = scenes[index]!;
  // A scene not yet under way shows finished (a paused or reduced-motion viewer sees the whole of it).
  const t = running || elapsed > 0 ? elapsed : scene.duration;

  const togglePlaying = () => {
    setPlaying(!playing);
    if (!playing && hovered) setPlayedUnderPointer(true);
  };
  const choose = (i: number) => {
    goTo(i);
    chapterRefs.current[i]?.focus();
  };
  const onChapterKey = (e: KeyboardEvent) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    choose((index + step + scenes.length) % scenes.length);
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
      aria-label="Fajr product demo"
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
        <Box ref={frameRef} data-testid="demo-frame" sx={{ position: 'relative', width: '100%', aspectRatio: '16 / 9', overflow: 'hidden', bgcolor: 'background.default' }}>
          {/* A picture of the product: the caption below says what it shows. */}
          <Box
            aria-hidden="true"
            inert
            sx={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: STAGE.width,
              height: STAGE.height,
              transformOrigin: '0 0',
              transform: `scale(${scale ?? 1})`,
              visibility: scale === null ? 'hidden' : undefined,
              background: (th) => (th.palette.mode === 'dark' ? 'linear-gradient(160deg,#1b2540,#0f1420)' : 'linear-gradient(160deg,#dfe8f7,#f7f8fb)'),
            }}
          >
            <Box key={index} sx={{ width: '100%', height: '100%', display: 'grid', placeItems: 'center', ...(still ? {} : { animation: `${sceneIn} 350ms ease-out` }) }}>
              <scene.Visual t={t} still={still} />
            </Box>
          </Box>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 0.5, borderTop: 1, borderColor: 'divider' }}>
          <IconButton onClick={togglePlaying} aria-label={playing ? 'Pause demo' : 'Play demo'} color="primary">
            {playing ? <PauseIcon /> : <PlayArrowIcon />}
          </IconButton>
          <Box role="group" aria-label="Scenes" onKeyDown={onChapterKey} sx={{ display: 'flex', flex: 1, gap: 0.75 }}>
            {scenes.map((s, i) => (
              <Box
                key={s.title}
                component="button"
                type="button"
                ref={(el: HTMLButtonElement | null) => {
                  chapterRefs.current[i] = el;
                }}
                onClick={() => choose(i)}
                aria-label={`Scene ${i + 1} of ${scenes.length}: ${s.title}`}
                aria-current={i === index ? 'step' : undefined}
                sx={{ flex: 1, minWidth: 24, height: 32, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer', display: 'flex', alignItems: 'center', borderRadius: 1, '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 1 } }}
              >
                <Box component="span" sx={{ display: 'block', width: '100%', height: 6, borderRadius: 3, overflow: 'hidden', bgcolor: 'action.disabled' }}>
                  <Box
                    component="span"
                    sx={{
                      display: 'block',
                      height: '100%',
                      bgcolor: 'primary.main',
                      transformOrigin: '0 0',
                      transform: `scaleX(${i < index ? 1 : i > index ? 0 : Math.min(1, t / s.duration)})`,
                      transition: still || elapsed === 0 ? 'none' : 'transform 100ms linear',
                    }}
                  />
                </Box>
              </Box>
            ))}
          </Box>
        </Box>
      </Paper>
      <Box
        role="group"
        aria-roledescription="slide"
        aria-label={`${index + 1} of ${scenes.length}`}
        aria-live={running && !focusInside ? 'off' : 'polite'}
        aria-atomic="true"
        data-testid="demo-caption"
        sx={{ textAlign: 'center', mt: 1.5, minHeight: { xs: 96, sm: 72 } }}
      >
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {scene.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {scene.caption}
        </Typography>
      </Box>
    </Box>
  );
}
