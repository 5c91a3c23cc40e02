import type { ReactNode } from 'react';
import { ChooseLocation } from './ChooseLocationScene';
import { GetTheApp } from './GetTheAppScene';
import { MonthlyStats } from './MonthlyStatsScene';
import { MorningCall } from './MorningCallScene';
import type { SceneProps } from './parts';
import { Schedule } from './ScheduleScene';

// The demo's scenes, drawn with MUI on a 640 x 360 stage that the player scales like a video. Each
// scene is a pure function of the time it has been showing (`t`, ms), so pausing freezes it and a
// test can render any moment. Only transforms move: axe checks the contrast of this (aria-hidden)
// text too, so nothing fades through low-contrast opacity.

/** The stage's drawing size (16:9). */
export const STAGE = { width: 640, height: 360 } as const;

export interface DemoScene {
  title: string;
  /** What the scene shows, in words: the caption, and the whole scene for a screen reader. */
  caption: string;
  duration: number;
  Visual: (props: SceneProps) => ReactNode;
}

/** The walkthrough, in order; captions use the product's own words (SPEC sections 1-4). */
export const scenes: readonly DemoScene[] = [
  {
    title: 'Choose your city or your mosque',
    caption:
      "Pray at home and Fajr is calculated for your city, or pick your mosque and we call you 30 minutes before its Fajr jama'ah.",
    duration: 5500,
    Visual: ChooseLocation,
  },
  {
    title: 'Your Fajr schedule',
    caption: 'Every day\'s call is planned ahead: "We\'ll call you at 5:12 AM. Fajr starts at 5:02 AM."',
    duration: 5000,
    Visual: Schedule,
  },
  {
    title: 'The morning call',
    caption:
      'At your call time the phone rings. Answer, and the adhaan plays. With Premium, an unanswered call is repeated 10 minutes later.',
    duration: 6500,
    Visual: MorningCall,
  },
  {
    title: 'Monthly Stats',
    caption: 'See how many Fajr calls you answered and missed this month, with a log of every call.',
    duration: 5000,
    Visual: MonthlyStats,
  },
  {
    title: 'Get the app',
    caption: 'Free to try on iPhone and Android. No ads, and your data is never shared.',
    duration: 4500,
    Visual: GetTheApp,
  },
];
