import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether an element is in (or, with a rootMargin, near) the viewport. Without IntersectionObserver
 * (old browsers, jsdom) the element counts as in view, so nothing waits for an event that never comes.
 * With `once`, the answer stays true after the first sighting.
 */
export function useInView(
  ref: RefObject<Element | null>,
  { rootMargin = '0px', threshold = 0, once = false }: { rootMargin?: string; threshold?: number; once?: boolean } = {},
): boolean {
  const [inView, setInView] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const seen = entries.some((e) => e.isIntersecting);
        if (seen && once) {
          observer.disconnect();
          setInView(true);
        } else if (!once) {
          setInView(seen);
        }
      },
      { rootMargin, threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, rootMargin, threshold, once]);
  return inView;
}
