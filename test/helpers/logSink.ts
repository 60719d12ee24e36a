import { Writable } from "node:stream";

/** A destination for the app's pino logger that keeps every line (pass it to createTestApp's logDestination). */
export function logSink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  /** The `msg` of every line logged so far. */
  const messages = () => lines.map((l) => String(JSON.parse(l).msg ?? ""));
  return { stream, lines, messages };
}
