import { describe, expect, it } from 'vitest';
import { Signal } from './signal';
import { TtlCache } from './ttl-cache';
import { WorkQueue } from './work-queue';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('TtlCache', () => {
  it('keeps a value for its TTL, then loads it again', async () => {
    let now = 1000;
    const cache = new TtlCache<number>('test', 5000, () => now);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    now += 4999;
    expect(await cache.get('k', load)).toBe(1);
    now += 1;
    expect(await cache.get('k', load)).toBe(2);
    expect(cache.size).toBe(1);
  });

  it('shares one load between the callers that ask meanwhile, and keeps no failed load', async () => {
    const cache = new TtlCache<string>('test', 5000);
    const first = deferred<string>();
    let loads = 0;
    const a = cache.get('k', () => {
      loads += 1;
      return first.promise;
    });
    const b = cache.get('k', async () => 'other');
    first.reject(new Error('down'));
    await expect(a).rejects.toThrow('down');
    await expect(b).rejects.toThrow('down');
    expect(loads).toBe(1);
    expect(cache.size).toBe(0);
    expect(await cache.get('k', async () => 'up')).toBe('up');
  });

  it('does not keep a value read before a clear: the change is never hidden by an older read', async () => {
    const cache = new TtlCache<string>('test', 5000);
    const old = deferred<string>();
    const reading = cache.get('k', () => old.promise);
    cache.clear();
    old.resolve('before the change');
    expect(await reading).toBe('before the change');
    expect(await cache.get('k', async () => 'after the change')).toBe('after the change');
  });

  it('with a TTL of 0 keeps nothing, and still shares the load under way', async () => {
    const cache = new TtlCache<number>('test', 0);
    const slow = deferred<number>();
    const a = cache.get('k', () => slow.promise);
    const b = cache.get('k', async () => 2);
    slow.resolve(1);
    expect([await a, await b]).toEqual([1, 1]);
    expect(await cache.get('k', async () => 3)).toBe(3);
    expect(cache.size).toBe(0);
  });

  it('drops the oldest value past its size', async () => {
    const cache = new TtlCache<number>('test', 5000, () => 0, 2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect([cache.peek('a'), cache.peek('b'), cache.peek('c')]).toEqual([undefined, 2, 3]);
  });
});

describe('Signal', () => {
  it('calls every listener, waits for them, and a failing one stops none of the others', async () => {
    const errors: string[] = [];
    const signal = new Signal<string>('changed', (_error, name) => errors.push(name));
    const heard: string[] = [];
    signal.subscribe(() => {
      throw new Error('broken listener');
    });
    const slow = signal.subscribe(async (value) => {
      await new Promise((resolve) => setImmediate(resolve));
      heard.push(`slow ${value}`);
    });
    signal.subscribe((value) => {
      heard.push(`fast ${value}`);
    });
    await signal.emit('x');
    expect(heard.sort()).toEqual(['fast x', 'slow x']);
    expect(errors).toEqual(['changed']);
    slow();
    await signal.emit('y');
    expect(heard).toContain('fast y');
    expect(heard).not.toContain('slow y');
  });
});

describe('WorkQueue', () => {
  it('runs at most its slots at once, the others in turn', async () => {
    const queue = new WorkQueue('test', 2);
    const gates = [deferred<void>(), deferred<void>(), deferred<void>()];
    const order: number[] = [];
    const runs = gates.map((gate, i) =>
      queue.run(async () => {
        order.push(i);
        await gate.promise;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect([queue.running, queue.waiting, order]).toEqual([2, 1, [0, 1]]);
    gates[1]?.resolve();
    await runs[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect([queue.running, queue.waiting, order]).toEqual([2, 0, [0, 1, 2]]);
    gates[0]?.resolve();
    gates[2]?.resolve();
    await Promise.all(runs);
    expect(queue.running).toBe(0);
  });
});
