import { useEffect } from 'react';

/** Sets the browser tab's title for the page ('<title> | Fajr'). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | Fajr` : 'Fajr';
  }, [title]);
}
