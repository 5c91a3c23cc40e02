import type { CallLanguage } from '../languages';
import { ar } from './ar';
import { bn } from './bn';
import { en } from './en';
import { fr } from './fr';
import { id } from './id';
import { ms } from './ms';
import { tr } from './tr';
import { ur } from './ur';
import type { CallLines } from './types';

export type { CallLines, Clock } from './types';

/** Every spoken line, per call language. */
export const CALL_LINES: Record<CallLanguage, CallLines> = { en, ar, ur, bn, id, ms, tr, fr };
