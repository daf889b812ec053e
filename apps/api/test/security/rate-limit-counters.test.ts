import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocalCounters } from '../../src/plugins/rate-limit-counters';

/** The in-process counters used when Redis is absent or down. */
afterEach(() => {
  vi.useRealTimers();
});

describe('LocalCounters', () => {
  it('counts within a window and starts again once it is over', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const counters = new LocalCounters(10);
    expect(counters.incr('a', 60_000)).toEqual({ current: 1, ttl: 60_000 });
    vi.advanceTimersByTime(20_000);
    expect(counters.incr('a', 60_000)).toEqual({ current: 2, ttl: 40_000 });
    expect(counters.read('a')).toEqual({ current: 2, ttl: 40_000 });
    vi.advanceTimersByTime(40_000);
    expect(counters.read('a')).toEqual({ current: 0, ttl: 0 });
    expect(counters.incr('a', 60_000)).toEqual({ current: 1, ttl: 60_000 });
  });

  it('drops the least recently counted key once full', () => {
    const counters = new LocalCounters(2);
    counters.incr('a', 60_000);
    counters.incr('b', 60_000);
    counters.incr('a', 60_000);
    counters.incr('c', 60_000);
    expect(counters.read('a').current).toBe(2);
    expect(counters.read('b').current).toBe(0);
    expect(counters.read('c').current).toBe(1);
  });

  it('goes on from a count Redis gave', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const counters = new LocalCounters(10);
    counters.remember('a', { current: 4, ttl: 30_000 });
    expect(counters.incr('a', 60_000)).toEqual({ current: 5, ttl: 30_000 });
  });
});
