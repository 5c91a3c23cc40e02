/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import { Box } from '@mui/material';
import { useRef, type KeyboardEvent } from 'react';
import { scenes } from './scenes';

/** One button per scene, each a progress bar of its scene; the arrow keys move between them. */
export function DemoChapters({
  index,
  t,
  elapsed,
  still,
  goTo,
}: {
  index: number;
  t: number;
  elapsed: number;
  still: boolean;
  goTo: (i: number) => void;
}) {
  const chapterRefs = useRef<Array<HTMLButtonElement | null>>([]);
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
  return (
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
                transformOrigin: '0 0',
                transform: `scaleX(${i < index ? 1 : i > index ? 0 : Math.min(1, t / s.duration)})`,
                transition: still || elapsed === 0 ? 'none' : 'transform 100ms linear',
              }}
            />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
