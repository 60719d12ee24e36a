/** The time source of the scheduled and time-limited work (newsletter sending, link expiry); tests replace `now`. */
export interface Clock {
  now(): Date;
}
export const systemClock = (): Clock => ({ now: () => new Date() });
