import net from "node:net";

/** `count` loopback ports free right now (held open together, so they differ). */
export async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => net.createServer());
  const ports = await Promise.all(
    servers.map(
      (server) =>
        new Promise<number>((resolve) =>
          server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)),
        ),
    ),
  );
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}
