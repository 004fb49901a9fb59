import http from "node:http";
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

export type FakeHandler = (
  request: http.IncomingMessage,
  body: string,
  response: http.ServerResponse,
) => void;

/**
 * Serves `handle` (given each request with its whole body) on loopback `port`; resolves to the
 * function that stops it, ending stalled requests first so the server can close.
 */
export async function serveOnLoopback(
  port: number,
  handle: FakeHandler,
): Promise<() => Promise<void>> {
  const sockets = new Set<net.Socket>();
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => handle(request, body, response));
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  };
}
