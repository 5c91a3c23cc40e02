import { useCallback, useState } from 'react';

export type GeoProblem = 'unsupported' | 'denied' | 'unavailable';

/**
 * The browser's position, asked for only when `locate` runs (a tap): never on load, so the permission
 * prompt comes when the person has just asked for it.
 */
export function useGeolocation() {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<GeoProblem | null>(null);
  const locate = useCallback(async (): Promise<{ lat: number; lng: number } | null> => {
    setProblem(null);
    if (!('geolocation' in navigator)) {
      setProblem('unsupported');
      return null;
    }
    setBusy(true);
    try {
      const position = await new Promise<GeolocationPosition>((resolve, reject) =>
        navigator.geolocation.getCurrentPosition(resolve, reject, { timeout: 15_000, maximumAge: 60_000 }),
      );
      return { lat: position.coords.latitude, lng: position.coords.longitude };
    } catch (error) {
      setProblem((error as GeolocationPositionError)?.code === 1 ? 'denied' : 'unavailable');
      return null;
    } finally {
      setBusy(false);
    }
  }, []);
  return { locate, busy, problem };
}
