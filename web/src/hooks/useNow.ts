import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs` (default a minute): "in 5 minutes" stays true while the page is open. */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
