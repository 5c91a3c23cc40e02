import { Box, useTheme } from '@mui/material';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { scenes } from './scenes';

/** One button per scene, each a progress bar of its scene; the arrow keys move between them. */
export function DemoChapters({
  index,
  at,
  elapsed,
  still,
  goTo,
}: {
  index: number;
  at: number;
  elapsed: number;
  still: boolean;
  goTo: (i: number) => void;
}) {
  const { t } = useTranslation('landing');
  // Right to left, the chapters run from the right: the left arrow moves on, as it does visually.
  const rtl = useTheme().direction === 'rtl';
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
  const back = forward === 'ArrowRight' ? 'ArrowLeft' : 'ArrowRight';
  const chapterRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const choose = (i: number) => {
    goTo(i);
    chapterRefs.current[i]?.focus();
  };
  const onChapterKey = (e: KeyboardEvent) => {
    const step = e.key === forward ? 1 : e.key === back ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    choose((index + step + scenes.length) % scenes.length);
  };
  return (
    <Box
      role="group"
      aria-label={t('demo.chapters')}
      onKeyDown={onChapterKey}
      sx={{ display: 'flex', flex: 1, gap: 0.75 }}
    >
      {scenes.map((s, i) => (
        <Box
          key={s.key}
          component="button"
          type="button"
          ref={(el: HTMLButtonElement | null) => {
            chapterRefs.current[i] = el;
          }}
          onClick={() => choose(i)}
          aria-label={t('demo.chapter', {
            index: i + 1,
            total: scenes.length,
            title: t(`demo.scenes.${s.key}.title`),
          })}
          aria-current={i === index ? 'step' : undefined}
          sx={{
            flex: 1,
            minWidth: 24,
            height: 32,
            p: 0,
            border: 0,
            bgcolor: 'transparent',
            cursor: 'pointer',
            display: 'flex',
            alignItems: 'center',
            borderRadius: 1,
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 1 },
          }}
        >
          <Box
            component="span"
            sx={{
              display: 'block',
              width: '100%',
              height: 6,
              borderRadius: 3,
              overflow: 'hidden',
              bgcolor: 'action.disabled',
            }}
          >
            <Box
              component="span"
              sx={{
                display: 'block',
                height: '100%',
                bgcolor: 'primary.main',
                transformOrigin: rtl ? '100% 0' : '0 0', // a chapter fills from where it starts
                transform: `scaleX(${i < index ? 1 : i > index ? 0 : Math.min(1, at / s.duration)})`,
                transition: still || elapsed === 0 ? 'none' : 'transform 100ms linear',
              }}
            />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
