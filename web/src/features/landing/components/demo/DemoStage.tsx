import { Box, useTheme } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import { useRef } from 'react';
import { useStageScale } from '../../hooks/useStageScale';
import { scenes, STAGE } from './scenes';

const sceneIn = keyframes`from { transform: translateX(24px); } to { transform: none; }`;

/** The demo's picture: scene `index` at time `at`, drawn on a fixed-size stage scaled to the frame. */
export function DemoStage({ index, at, still }: { index: number; at: number; still: boolean }) {
  const frameRef = useRef<HTMLDivElement>(null);
  const scale = useStageScale(frameRef, STAGE.width);
  const scene = scenes[index]!;
  // Right to left, the style flip pins the stage to the frame's right edge but leaves transform-origin alone:
  // the stage must scale from the corner it is pinned to, or it shrinks away off the frame.
  const origin = useTheme().direction === 'rtl' ? '100% 0' : '0 0';
  return (
    <Box
      ref={frameRef}
      data-testid="demo-frame"
      sx={{
        position: 'relative',
        width: '100%',
        aspectRatio: '16 / 9',
        overflow: 'hidden',
        bgcolor: 'background.default',
      }}
    >
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
          transformOrigin: origin,
          transform: `scale(${scale ?? 1})`,
          visibility: scale === null ? 'hidden' : undefined,
          background: (th) =>
            th.palette.mode === 'dark'
              ? 'linear-gradient(160deg,#1b2540,#0f1420)'
              : 'linear-gradient(160deg,#dfe8f7,#f7f8fb)',
        }}
      >
        <Box
          key={index}
          sx={{
            width: '100%',
            height: '100%',
            display: 'grid',
            placeItems: 'center',
            ...(still ? {} : { animation: `${sceneIn} 350ms ease-out` }),
          }}
        >
          <scene.Visual at={at} still={still} />
        </Box>
      </Box>
    </Box>
  );
}
