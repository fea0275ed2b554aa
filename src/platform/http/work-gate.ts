import { serviceUnavailable } from './errors.ts';

/**
 * A counting semaphore with a bounded queue, for CPU-heavy work a request can trigger (password
 * hashing, image decoding). At most `concurrency` run at once and the rest wait their turn in order.
 * A caller is refused with 503 SERVICE_UNAVAILABLE and Retry-After when the queue holds `queue`
 * already (a hard cap: memory), or, with `maxWaitMs`, when its expected wait (the measured time of
 * one job × the rounds ahead of it) is longer than that, or when it has waited that long: a burst
 * is then absorbed for as long as a visitor would wait anyway, and only what cannot be served in
 * time is told when to come back, at once and costing no CPU. `peak` is the most that ever ran at
 * once (read by the tests); `running` and `queued` are reported by /metrics.
 */
export class WorkGate {
  running = 0;
  peak = 0;
  private readonly waiting: Waiter[] = [];

  private concurrency: number;
  private queue: number;
  private maxWaitMs: number | undefined;
  /** what a refused caller is told to wait, in seconds, when no wait bound estimates it */
  private readonly retryAfterSeconds: number;
  /** the measured time of one job, a moving average; a first guess until one has finished */
  jobMs = 50;

  constructor(concurrency: number, queue: number, retryAfterSeconds = 2, maxWaitMs?: number) {
    this.concurrency = concurrency;
    this.queue = queue;
    this.retryAfterSeconds = retryAfterSeconds;
    this.maxWaitMs = maxWaitMs;
  }

  configure(concurrency: number, queue: number, maxWaitMs?: number) {
    this.concurrency = Math.max(1, concurrency);
    this.queue = Math.max(0, queue);
    this.maxWaitMs = maxWaitMs === undefined ? undefined : Math.max(0, maxWaitMs);
  }

  /** callers waiting for a slot now (read by /metrics) */
  get queued() {
    return this.waiting.length;
  }

  resetPeak() {
    this.peak = this.running;
  }

  /** how long the caller at queue position `ahead` (0: next in line) should expect to wait, in ms */
  expectedWaitMs(ahead: number) {
    return this.jobMs * Math.ceil((ahead + 1) / this.concurrency);
  }

  /** 503 with Retry-After: about the time the queue in front needs to drain, at least a second */
  private busy() {
    if (this.maxWaitMs === undefined) return serviceUnavailable(this.retryAfterSeconds);
    return serviceUnavailable(this.expectedWaitMs(this.waiting.length) / 1000);
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running++;
    else await this.wait();
    this.peak = Math.max(this.peak, this.running);
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.jobMs = 0.8 * this.jobMs + 0.2 * (performance.now() - started);
      // the slot passes straight to the next in line, so `running` never dips and refills
      const next = this.waiting.shift();
      if (next) next.admit();
      else this.running--;
    }
  }

  private wait(): Promise<void> {
    const limit = this.maxWaitMs;
    if (this.waiting.length >= this.queue) throw this.busy();
    if (limit !== undefined && this.expectedWaitMs(this.waiting.length) > limit) throw this.busy();
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { admit: resolve };
      if (limit !== undefined) {
        // the estimate was wrong (the jobs ahead ran slower): leave the line rather than wait on
        const timer = setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          reject(this.busy());
        }, limit);
        waiter.admit = () => {
          clearTimeout(timer);
          resolve();
        };
      }
      this.waiting.push(waiter);
    });
  }
}

type Waiter = { admit: () => void };
