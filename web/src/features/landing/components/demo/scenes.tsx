import type { ReactNode } from 'react';
import { ChooseLocation } from './ChooseLocationScene';
import { GetTheApp } from './GetTheAppScene';
import { MonthlyStats } from './MonthlyStatsScene';
import { MorningCall } from './MorningCallScene';
import { clock, type SceneProps } from './parts';
import { Schedule } from './ScheduleScene';

// The demo's scenes, drawn with MUI on a 640 x 360 stage that the player scales like a video. Each
// scene is a pure function of the time it has been showing (`at`, ms), so pausing freezes it and a
// test can render any moment. Only transforms move: axe checks the contrast of this (aria-hidden)
// text too, so nothing fades through low-contrast opacity.

/** The stage's drawing size (16:9). */
export const STAGE = { width: 640, height: 360 } as const;

export interface DemoScene {
  /** Its texts' key under demo.scenes: a title, and a caption saying what the scene shows in words (the whole scene for a screen reader). */
  key: string;
  /** The caption's arguments (times shown as the app shows them). */
  captionValues?: () => Record<string, string>;
  duration: number;
  Visual: (props: SceneProps) => ReactNode;
}

/** The walkthrough, in order; captions use the product's own words (SPEC sections 1-4). */
export const scenes: readonly DemoScene[] = [
  { key: 'chooseLocation', duration: 5500, Visual: ChooseLocation },
  {
    key: 'schedule',
    captionValues: () => ({ call: clock('05:12'), fajr: clock('05:02') }),
    duration: 5000,
    Visual: Schedule,
  },
  { key: 'morningCall', duration: 6500, Visual: MorningCall },
  { key: 'monthlyStats', duration: 5000, Visual: MonthlyStats },
  { key: 'getTheApp', duration: 4500, Visual: GetTheApp },
];
