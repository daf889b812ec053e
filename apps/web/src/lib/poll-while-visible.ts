/** What the polling reads of the browser (the page's visibility, the network), given in tests. */
export interface PollEnvironment {
  isVisible(): boolean;
  isOnline(): boolean;
  /** Calls back when the page is shown again or the network returns; answers the unsubscribe. */
  onResume(callback: () => void): () => void;
}

const browserEnvironment = (): PollEnvironment => ({
  isVisible: () => document.visibilityState === 'visible',
  isOnline: () => navigator.onLine,
  onResume(callback) {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') callback();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('online', callback);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', callback);
    };
  },
});

/**
 * Runs `run` every `intervalMs` while the page is shown and the browser is online — never for a
 * hidden tab or a phone without network — and once at once when it is shown again (or back
 * online) after a longer pause. Answers the stop function (an effect's clean-up).
 */
export function pollWhileVisible(
  run: () => void,
  intervalMs: number,
  environment: PollEnvironment = browserEnvironment(),
): () => void {
  let lastRun = Date.now();
  const tick = () => {
    if (!environment.isVisible() || !environment.isOnline()) return;
    lastRun = Date.now();
    run();
  };
  const timer = setInterval(tick, intervalMs);
  const unsubscribe = environment.onResume(() => {
    if (Date.now() - lastRun >= intervalMs) tick();
  });
  return () => {
    clearInterval(timer);
    unsubscribe();
  };
}
