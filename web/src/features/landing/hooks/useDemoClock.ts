import { useCallback, useEffect, useState } from 'react';

/** How often the demo's clock advances: often enough for typing and progress to look smooth. */
export const DEMO_TICK_MS = 100;

/**
 * The clock of a looping sequence of scenes: which scene shows and how long it has been showing.
 * It advances only while `running`; at the end of a scene it moves to the next, after the last back
 * to the first.
 */
export function useDemoClock(durations: readonly number[], running: boolean) {
  const [position, setPosition] = useState({ index: 0, elapsed: 0 });
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      setPosition(({ index, elapsed }) => {
        const next = elapsed + DEMO_TICK_MS;
        return next >= durations[index]!
          ? { index: (index + 1) % durations.length, elapsed: 0 }
          : { index, elapsed: next };
      });
    }, DEMO_TICK_MS);
    return () => clearInterval(timer);
  }, [durations, running]);
  const goTo = useCallback((index: number) => setPosition({ index, elapsed: 0 }), []);
  return { ...position, goTo };
}
