import { Box, Paper, Typography } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { isolate } from '../../../../lib/numbers';
import { formatTime } from '../../../../lib/time';

/** What every scene draws with: its props, the entrance of a part, a card and a field lookalike. */

export interface SceneProps {
  /** Time since the scene started, in ms (its full duration shows the finished scene). */
  at: number;
  /** Transitions off: `prefers-reduced-motion`. */
  still: boolean;
}

/** A clock time in the demo ('05:12' → '5:12 AM'), shown as the app shows a call's time (isolated in a right-to-left sentence). */
export const clock = (hhmm: string) => isolate(formatTime(`2026-11-24T${hhmm}:00Z`, 'UTC'));

const slideIn = keyframes`from { transform: translateY(10px); } to { transform: none; }`;

/** Entrance of a part that appears during a scene. */
export const enter = (still: boolean) => (still ? {} : { animation: `${slideIn} 300ms ease-out` });

export function Card({ title, children, width = 470 }: { title: string; children: ReactNode; width?: number }) {
  return (
    <Paper variant="outlined" sx={{ width, p: 2.5, borderRadius: 3 }}>
      <Typography sx={{ fontWeight: 700, fontSize: 19, mb: 1.5 }}>{title}</Typography>
      {children}
    </Paper>
  );
}

/** An outlined field lookalike (the stage is a picture: nothing in it takes focus). */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{ position: 'relative', border: 1, borderColor: 'primary.main', borderRadius: 1.5, px: 1.5, py: 1.25, mt: 1 }}
    >
      <Typography
        component="span"
        sx={{
          position: 'absolute',
          top: -10,
          left: 10,
          px: 0.5,
          fontSize: 13,
          bgcolor: 'background.paper',
          color: 'primary.main',
        }}
      >
        {label}
      </Typography>
      <Typography component="div" sx={{ fontSize: 17, minHeight: 26, display: 'flex', alignItems: 'center', gap: 1 }}>
        {children}
      </Typography>
    </Box>
  );
}
