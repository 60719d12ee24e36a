// A TCP proxy in front of a service (MariaDB, Redis) that a test can cut, closing every connection and refusing
// new ones, and restore: an outage without stopping the shared server.
import net from "node:net";

export type TcpProxy = Awaited<ReturnType<typeof startTcpProxy>>;

export async function startTcpProxy(host: string, port: number) {
  const sockets = new Set<net.Socket>();
  let open = true;
  const server = net.createServer((client) => {
    if (!open) return client.destroy();
    const upstream = net.connect(port, host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      open = false;
      for (const s of sockets) s.destroy();
    },
    restore() {
      open = true;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
