// Background work that shares the process with readers: each step is followed by a rest.

/** Between queries a background fill rests this many times as long as the query took (at most about a quarter of the loop). */
export const BACKGROUND_REST_FACTOR = 3;

/** Runs a step of background work, then rests `factor` times as long as it took (0: no rest, for a bench's loader). */
export const restingBy =
  (factor: number) =>
  async <T>(step: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await step();
    await new Promise((resolve) => setTimeout(resolve, Math.ceil((performance.now() - started) * factor)));
    return result;
  };
