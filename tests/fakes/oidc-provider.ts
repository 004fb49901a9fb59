import http from "node:http";
import { OAuth2Server } from "oauth2-mock-server";
import { freePorts } from "./ports";

// A real OpenID Connect provider on loopback for the worker tests (Vitest globalSetup, in Node):
// oauth2-mock-server issues signed tokens and publishes its keys. Tests choose the claims of the
// next ID token by posting them to a small control port.

/**
 * Where the provider and its control port listen. Chosen once per run, not fixed, so that two
 * runs of the suite on one machine do not collide; the Vitest config (for the Worker's bindings)
 * and the globalSetup below run in the same Node process and share them through process.env.
 */
export async function fakeProviderAddresses() {
  if (!process.env.FAKE_OIDC_PORT || !process.env.FAKE_OIDC_CONTROL_PORT) {
    [process.env.FAKE_OIDC_PORT, process.env.FAKE_OIDC_CONTROL_PORT] = (await freePorts(2)).map(
      String,
    );
  }
  return {
    port: Number(process.env.FAKE_OIDC_PORT),
    controlPort: Number(process.env.FAKE_OIDC_CONTROL_PORT),
    issuer: `http://127.0.0.1:${process.env.FAKE_OIDC_PORT}`,
    controlUrl: `http://127.0.0.1:${process.env.FAKE_OIDC_CONTROL_PORT}`,
  };
}

export default async function startFakeProvider() {
  const { port, controlPort, issuer } = await fakeProviderAddresses();
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  // Otherwise it calls itself "localhost", and the app rightly refuses a discovery document
  // that names an issuer other than the configured one.
  server.issuer.url = issuer;
  await server.start(port, "127.0.0.1");

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
  await new Promise<void>((resolve) => control.listen(controlPort, "127.0.0.1", resolve));

  return async () => {
    control.close();
    await server.stop();
  };
}
