/**
 * A typed event of the app (decision 035): what happened is announced once with `emit`, and
 * whoever keeps state that depends on it subscribes, instead of guessing it from request URLs.
 * `emit` waits for every listener; a listener that fails does not stop the others, and its error
 * is passed to `onError`.
 */
export class Signal<T> {
  private readonly listeners = new Set<(value: T) => void | Promise<void>>();

  constructor(
    readonly name: string,
    private readonly onError: (error: unknown, name: string) => void = () => {},
  ) {}

  /** Calls `listener` at every `emit`; the answer unsubscribes. */
  subscribe(listener: (value: T) => void | Promise<void>): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  async emit(value: T): Promise<void> {
    await Promise.all(
      [...this.listeners].map(async (listener) => {
        try {
          await listener(value);
        } catch (error) {
          this.onError(error, this.name);
        }
      }),
    );
  }

  get listenerCount(): number {
    return this.listeners.size;
  }
}
