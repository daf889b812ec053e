/**
 * Runs at most `slots` pieces of work at once; the others wait their turn, first come first
 * served (decision 035). `running` and `waiting` say how busy it is (tests, the log).
 */
export class WorkQueue {
  private active = 0;
  private readonly queue: Array<() => void> = [];

  constructor(
    readonly name: string,
    readonly slots: number,
  ) {}

  get running(): number {
    return this.active;
  }

  get waiting(): number {
    return this.queue.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.slots) await new Promise<void>((resolve) => this.queue.push(resolve));
    this.active += 1;
    try {
      return await work();
    } finally {
      this.active -= 1;
      this.queue.shift()?.();
    }
  }
}
