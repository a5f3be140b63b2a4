/** A clock answers the current time in milliseconds since the epoch. Tests pass their own to move time. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

/** A clock that tests can move: `clock.advance(ms)`, `clock.set(ms)`. */
export type ManualClock = Clock & { advance(ms: number): void; set(ms: number): void };

export function manualClock(start: number): ManualClock {
  let now = start;
  const clock = (() => now) as ManualClock;
  clock.advance = (ms: number) => {
    now += ms;
  };
  clock.set = (ms: number) => {
    now = ms;
  };
  return clock;
}
