import { vi } from 'vitest';

interface Transport<M> {
  send(message: M): Promise<void>;
}

/**
 * Makes every `send` of a transport (e-mail or SMS) hang, as a slow mail server or SMS provider
 * would, until `release()`: then the held sends go through to the real transport.
 */
export function holdSends<M>(transport: Transport<M>) {
  const send = transport.send.bind(transport);
  const held: (() => void)[] = [];
  const spy = vi
    .spyOn(transport, 'send')
    .mockImplementation(
      (message: M) => new Promise<void>((resolve, reject) => held.push(() => send(message).then(resolve, reject))),
    );
  return {
    /** Every call, held or not. */
    spy,
    /** Lets the held sends (and every later one) through. */
    release() {
      spy.mockImplementation(send);
      for (const go of held.splice(0)) go();
    },
    restore() {
      spy.mockRestore();
    },
  };
}
