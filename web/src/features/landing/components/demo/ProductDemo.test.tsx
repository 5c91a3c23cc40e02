import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProductDemo } from './ProductDemo';
import { scenes } from './scenes';

// The demo's clock runs on timers: every test drives it with jest's fake timers.

const caption = () => screen.getByTestId('demo-caption');
const sceneTitle = () => within(caption()).getByRole('heading').textContent;
const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));
const user = () => userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
const sumOfDurations = (n: number) => scenes.slice(0, n).reduce((sum, s) => sum + s.duration, 0);

/** A matchMedia that answers `reduce` for prefers-reduced-motion when asked to. */
function mockReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

/** An IntersectionObserver the test moves on and off screen. */
function mockIntersectionObserver() {
  const callbacks: IntersectionObserverCallback[] = [];
  globalThis.IntersectionObserver = class {
    constructor(callback: IntersectionObserverCallback) {
      callbacks.push(callback);
    }
    observe() {}
    disconnect() {}
    unobserve() {}
    takeRecords() {
      return [];
    }
  } as unknown as typeof IntersectionObserver;
  return (isIntersecting: boolean) =>
    act(() =>
      callbacks.forEach((cb) => cb([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver)),
    );
}

beforeEach(() => {
  jest.useFakeTimers();
  mockReducedMotion(false);
});

afterEach(() => {
  jest.useRealTimers();
  delete (window as Partial<Window>).matchMedia;
  delete (globalThis as Partial<typeof globalThis>).IntersectionObserver;
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
});

describe('the animated product demo', () => {
  it('is a labelled carousel region that auto-plays its scenes in a loop, without announcing them', () => {
    render(<ProductDemo />);
    expect(screen.getByRole('region', { name: 'Fajr product demo' })).toHaveAttribute(
      'aria-roledescription',
      'carousel',
    );
    expect(caption()).toHaveAttribute('aria-roledescription', 'slide');
    expect(screen.getByRole('button', { name: 'Pause demo' })).toBeVisible();
    expect(sceneTitle()).toBe('Choose your city or your mosque');
    expect(caption()).toHaveAttribute('aria-live', 'off');

    advance(scenes[0]!.duration);
    expect(sceneTitle()).toBe('Your Fajr schedule');
    expect(caption()).toHaveAttribute('aria-label', '2 of 5');
    expect(screen.getByRole('button', { name: 'Scene 2 of 5: Your Fajr schedule' })).toHaveAttribute(
      'aria-current',
      'step',
    );

    advance(sumOfDurations(3) - sumOfDurations(1));
    expect(sceneTitle()).toBe('Monthly Stats');
    advance(sumOfDurations(5) - sumOfDurations(3));
    expect(sceneTitle()).toBe('Choose your city or your mosque');
    expect(caption()).toHaveAttribute('aria-live', 'off');
  });

  it('animates within a scene: the city is typed, then picked', () => {
    render(<ProductDemo />);
    advance(700);
    expect(screen.getByText('Lo')).toBeInTheDocument();
    advance(2000);
    expect(screen.getByText('London, United Kingdom')).toBeInTheDocument();
  });

  it('Pause stops the scenes and makes the caption polite; Play starts them again', async () => {
    const u = user();
    render(<ProductDemo />);
    await u.click(screen.getByRole('button', { name: 'Pause demo' }));
    expect(screen.getByRole('button', { name: 'Play demo' })).toBeInTheDocument();
    expect(caption()).toHaveAttribute('aria-live', 'polite');
    advance(sumOfDurations(5));
    expect(sceneTitle()).toBe('Choose your city or your mosque');

    await u.click(screen.getByRole('button', { name: 'Play demo' }));
    expect(screen.getByRole('button', { name: 'Pause demo' })).toBeInTheDocument();
    advance(scenes[0]!.duration);
    expect(sceneTitle()).toBe('Your Fajr schedule');
  });

  it('the scene buttons jump to a scene, and the arrow keys move between them', async () => {
    const u = user();
    render(<ProductDemo />);
    await u.click(screen.getByRole('button', { name: 'Scene 4 of 5: Monthly Stats' }));
    expect(sceneTitle()).toBe('Monthly Stats');
    expect(screen.getByRole('button', { name: 'Scene 4 of 5: Monthly Stats' })).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('button', { name: 'Scene 1 of 5: Choose your city or your mosque' })).not.toHaveAttribute(
      'aria-current',
    );

    await u.keyboard('{ArrowRight}');
    expect(sceneTitle()).toBe('Get the app');
    expect(screen.getByRole('button', { name: 'Scene 5 of 5: Get the app' })).toHaveFocus();
    await u.keyboard('{ArrowRight}');
    expect(sceneTitle()).toBe('Choose your city or your mosque');
    await u.keyboard('{ArrowLeft}');
    expect(sceneTitle()).toBe('Get the app');
  });

  it('keyboard focus arriving stops the autoplay (WAI carousel); Play from the keyboard resumes it', async () => {
    const u = user();
    render(<ProductDemo />);
    await u.tab();
    expect(screen.getByRole('button', { name: 'Play demo' })).toHaveFocus();
    expect(caption()).toHaveAttribute('aria-live', 'polite');
    advance(sumOfDurations(2));
    expect(sceneTitle()).toBe('Choose your city or your mosque');

    await u.keyboard('{Enter}');
    advance(scenes[0]!.duration);
    expect(sceneTitle()).toBe('Your Fajr schedule');
    expect(caption()).toHaveAttribute('aria-live', 'polite'); // focus is still inside: the user is interacting
  });

  it('hovering holds the autoplay until the pointer leaves', async () => {
    const u = user();
    render(<ProductDemo />);
    const region = screen.getByRole('region', { name: 'Fajr product demo' });
    await u.hover(region);
    advance(sumOfDurations(2));
    expect(sceneTitle()).toBe('Choose your city or your mosque');
    expect(screen.getByRole('button', { name: 'Pause demo' })).toBeInTheDocument();
    await u.unhover(region);
    advance(scenes[0]!.duration);
    expect(sceneTitle()).toBe('Your Fajr schedule');
  });

  it('with prefers-reduced-motion it starts paused on scene 1, shown finished', () => {
    mockReducedMotion(true);
    render(<ProductDemo />);
    expect(screen.getByRole('button', { name: 'Play demo' })).toBeInTheDocument();
    expect(caption()).toHaveAttribute('aria-live', 'polite');
    advance(sumOfDurations(5));
    expect(sceneTitle()).toBe('Choose your city or your mosque');
    expect(screen.getByText('East London Mosque')).toBeInTheDocument();
  });

  it('plays only while on screen and while the tab is visible', () => {
    const setOnScreen = mockIntersectionObserver();
    render(<ProductDemo />);
    advance(scenes[0]!.duration);
    expect(sceneTitle()).toBe('Choose your city or your mosque');

    setOnScreen(true);
    advance(scenes[0]!.duration);
    expect(sceneTitle()).toBe('Your Fajr schedule');

    setOnScreen(false);
    advance(sumOfDurations(5));
    expect(sceneTitle()).toBe('Your Fajr schedule');

    setOnScreen(true);
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    advance(sumOfDurations(5));
    expect(sceneTitle()).toBe('Your Fajr schedule');

    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    advance(scenes[1]!.duration);
    expect(sceneTitle()).toBe('The morning call');
  });
});
