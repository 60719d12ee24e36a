import net from "node:net";
import type { AddressInfo } from "node:net";
import { setImmediate as yieldToLoop } from "node:timers/promises";
import { takeTurn, turnsWaiting } from "../../../src/lib/turns.js";

/** Keeps the thread busy, as a render or a synchronous SQLite statement does. */
function busy(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

/**
 * A real socket event racing queued chunks of synchronous work: TASKS tasks, each doing CHUNKS chunks with `yieldFn`
 * before each. The first chunk sends bytes over a loopback connection; the list returned is the order in which chunks
 * ran and the bytes were read ("io").
 */
async function raceSocketAgainstChunks(yieldFn: () => Promise<void>, tasks = 6, chunks = 2): Promise<string[]> {
  const order: string[] = [];
  let read!: () => void;
  const received = new Promise<void>((resolve) => (read = resolve));
  const server = net.createServer((socket) => socket.once("data", () => (order.push("io"), read())));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const client = net.connect((server.address() as AddressInfo).port, "127.0.0.1");
  await new Promise<void>((resolve) => client.once("connect", resolve));
  // The server has accepted the connection (its callback has run) before the race starts.
  await new Promise((resolve) => setTimeout(resolve, 20));
  try {
    let sent = false;
    const task = async (t: number) => {
      for (let c = 0; c < chunks; c++) {
        await yieldFn();
        if (!sent) {
          sent = true;
          client.write("x");
        }
        busy(5);
        order.push(`${t}.${c}`);
      }
    };
    await Promise.all([...Array.from({ length: tasks }, (_, t) => task(t)), received]);
    return order;
  } finally {
    client.destroy();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe("takeTurn", () => {
  it("plain setImmediate yields let every queued chunk run before a waiting socket is read (why takeTurn exists)", async () => {
    const order = await raceSocketAgainstChunks(() => yieldToLoop());
    expect(order.indexOf("io")).toBeGreaterThanOrEqual(6);
  });

  it("reads a socket that became readable during a chunk before the next chunk starts", async () => {
    const order = await raceSocketAgainstChunks(takeTurn);
    expect(order.slice(0, 2)).toEqual(["0.0", "io"]);
    // Every chunk still ran, one task after another, first come first served.
    expect(order.filter((o) => o !== "io")).toEqual(["0.0", "1.0", "2.0", "3.0", "4.0", "5.0", "0.1", "1.1", "2.1", "3.1", "4.1", "5.1"]);
  });

  it("starts one waiter per turn of the event loop", async () => {
    const turns: number[] = [];
    let turn = 0;
    let counting = true;
    const count = () => {
      turn++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    await Promise.all([0, 1, 2, 3].map(() => takeTurn().then(() => turns.push(turn))));
    counting = false;
    expect(new Set(turns).size).toBe(4);
  });

  it("keeps going when a chunk throws or its task is abandoned: every waiter is resolved", async () => {
    const failing = takeTurn().then(() => {
      throw new Error("render failed");
    });
    void takeTurn(); // nobody waits on this one
    const later = [takeTurn(), takeTurn()];
    await expect(failing).rejects.toThrow("render failed");
    await Promise.all(later);
    expect(turnsWaiting()).toBe(0);
    // And the pump starts again after it has stopped.
    await takeTurn();
    expect(turnsWaiting()).toBe(0);
  });
});
