import { serviceUnavailable } from './errors.ts';

/**
 * A counting semaphore with a bounded queue, for CPU-heavy work a request can trigger (password
 * hashing, image decoding). At most `concurrency` run at once, up to `queue` more wait their turn in
 * order, and any beyond that are refused at once with 503 SERVICE_UNAVAILABLE and Retry-After:
 * waiting longer would only hold the connection (and an upload's memory) while the CPU is spent on
 * the ones ahead. `peak` is the most that ever ran at once (read by the tests); `running` and
 * `queued` are reported by /metrics (src/platform/http/metrics.ts).
 */
export class WorkGate {
  running = 0;
  peak = 0;
  private readonly waiting: (() => void)[] = [];

  private concurrency: number;
  private queue: number;
  /** what a refused caller is told to wait, in seconds: about the time the queue takes to drain */
  private readonly retryAfterSeconds: number;

  constructor(concurrency: number, queue: number, retryAfterSeconds = 2) {
    this.concurrency = concurrency;
    this.queue = queue;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  configure(concurrency: number, queue: number) {
    this.concurrency = Math.max(1, concurrency);
    this.queue = Math.max(0, queue);
  }

  /** callers waiting for a slot now (read by /metrics) */
  get queued() {
    return this.waiting.length;
  }

  resetPeak() {
    this.peak = this.running;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running++;
    else if (this.waiting.length < this.queue) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else throw serviceUnavailable(this.retryAfterSeconds);
    this.peak = Math.max(this.peak, this.running);
    try {
      return await work();
    } finally {
      // the slot passes straight to the next in line, so `running` never dips and refills
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
