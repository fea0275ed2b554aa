// autocannon ships no types; the part the benchmarks use
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      amount?: number;
      requests?: unknown[];
      [option: string]: unknown;
    }
    interface Result {
      requests: { total: number; average: number };
      latency: { p50: number; p99: number; average: number; max: number };
      duration: number;
      non2xx: number;
      '5xx': number;
      errors: number;
      timeouts: number;
    }
  }
  function autocannon(opts: autocannon.Options): Promise<autocannon.Result>;
  /** with a callback: runs until `duration` or until stop() */
  function autocannon(
    opts: autocannon.Options,
    done: (err: Error | null, result: autocannon.Result) => void,
  ): { stop(): void };
  export = autocannon;
}
