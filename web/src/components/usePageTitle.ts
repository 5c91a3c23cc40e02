import { useEffect } from 'react';

// The first page of a visit keeps the browser's own start (focus on the document).
let firstPage = true;

/**
 * Sets the browser tab's title for the page ('<title> | Fajr'). After an in-app navigation that
 * left focus nowhere (a sign-in's form is gone once /app shows), focus moves to the page's heading,
 * so keyboard and screen-reader users go on from the new page rather than from the document's start.
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | Fajr` : 'Fajr';
  }, [title]);
  useEffect(() => {
    if (firstPage) {
      firstPage = false;
      return;
    }
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const heading = document.querySelector<HTMLElement>('#main h1') ?? document.querySelector<HTMLElement>('h1');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.style.outline = 'none';
    heading.focus({ preventScroll: true });
  }, []);
}
