/** Whole days, hours, minutes and seconds left until a deadline; all zero once it has passed. */
export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  ended: boolean;
}

export function countdownParts(deadlineMs: number, nowMs: number): CountdownParts {
  const left = Math.max(0, Math.floor((deadlineMs - nowMs) / 1000));
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
    ended: left === 0,
  };
}

/**
 * How far the visitor's clock is behind the server's: add it to Date.now() to read the server's
 * time. `sentAt`/`receivedAt` bracket the request that returned `serverNow`, so half the round trip
 * is assumed to have passed when the server read its clock.
 */
export function clockOffset(serverNow: string, sentAt: number, receivedAt: number): number {
  const server = Date.parse(serverNow);
  if (Number.isNaN(server)) return 0;
  return server - (sentAt + (receivedAt - sentAt) / 2);
}
