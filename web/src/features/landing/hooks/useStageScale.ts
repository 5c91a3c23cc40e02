import { useEffect, useState, type RefObject } from 'react';

/**
 * The factor that fits a stage drawn at `designWidth` into the element's current width, like a video
 * scales to its player. Null until first measured; 1 without ResizeObserver (jsdom).
 */
export function useStageScale(ref: RefObject<HTMLElement | null>, designWidth: number): number | null {
  const [scale, setScale] = useState<number | null>(() => (typeof ResizeObserver === 'undefined' ? 1 : null));
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setScale(entry.contentRect.width / designWidth);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, designWidth]);
  return scale;
}
