import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type PollEnvironment, pollWhileVisible } from './poll-while-visible';

interface FakeBrowser {
  visible: boolean;
  online: boolean;
  environment: PollEnvironment;
  resume(): void;
  listeners: Set<() => void>;
}

function fakeBrowser(): FakeBrowser {
  const listeners = new Set<() => void>();
  const browser: FakeBrowser = {
    visible: true,
    online: true,
    environment: {
      isVisible: () => browser.visible,
      isOnline: () => browser.online,
      onResume(callback: () => void) {
        listeners.add(callback);
        return () => {
          listeners.delete(callback);
        };
      },
    },
    resume: () => {
      for (const listener of listeners) listener();
    },
    listeners,
  };
  return browser;
}

describe('polling while the page is shown and online', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs every interval while visible and online, not before', () => {
    const browser = fakeBrowser();
    const run = vi.fn();
    const stop = pollWhileVisible(run, 60_000, browser.environment);
    vi.advanceTimersByTime(59_999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(120_000);
    expect(run).toHaveBeenCalledTimes(3);
    stop();
  });

  it('never runs for a hidden page or without network', () => {
    const browser = fakeBrowser();
    const run = vi.fn();
    const stop = pollWhileVisible(run, 60_000, browser.environment);
    browser.visible = false;
    vi.advanceTimersByTime(300_000);
    browser.visible = true;
    browser.online = false;
    vi.advanceTimersByTime(300_000);
    expect(run).not.toHaveBeenCalled();
    stop();
  });

  it('shown again (or back online) after a longer pause: runs at once, then on the interval', () => {
    const browser = fakeBrowser();
    const run = vi.fn();
    const stop = pollWhileVisible(run, 60_000, browser.environment);
    browser.visible = false;
    vi.advanceTimersByTime(90_000);
    browser.visible = true;
    browser.resume();
    expect(run).toHaveBeenCalledTimes(1);
    // A quick switch away and back does not read again.
    browser.resume();
    expect(run).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stops: no more runs, no listener left', () => {
    const browser = fakeBrowser();
    const run = vi.fn();
    const stop = pollWhileVisible(run, 60_000, browser.environment);
    stop();
    vi.advanceTimersByTime(600_000);
    browser.resume();
    expect(run).not.toHaveBeenCalled();
    expect(browser.listeners.size).toBe(0);
  });
});
