import http from "node:http";
import { OAuth2Server } from "oauth2-mock-server";

// A real OpenID Connect provider on loopback for the worker tests (Vitest globalSetup, in Node):
// oauth2-mock-server issues signed tokens and publishes its keys. Tests choose the claims of the
// next ID token by posting them to a small control port.

export const PROVIDER_PORT = 8899;
export const CONTROL_PORT = 8898;
export const ISSUER = `http://127.0.0.1:${PROVIDER_PORT}`;

export default async function startFakeProvider() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(PROVIDER_PORT, "127.0.0.1");

  let nextClaims: Record<string, unknown> = {};
  server.service.on("beforeTokenSigning", (token) => {
    Object.assign(token.payload, nextClaims);
  });
  const control = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      nextClaims = JSON.parse(body || "{}") as Record<string, unknown>;
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => control.listen(CONTROL_PORT, "127.0.0.1", resolve));

  return async () => {
    control.close();
    await server.stop();
  };
}
