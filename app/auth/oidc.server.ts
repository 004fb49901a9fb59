import { createRemoteJWKSet, jwtVerify } from "jose";
import { Authenticator } from "remix-auth";
import { CodeChallengeMethod, OAuth2Strategy } from "remix-auth-oauth2";
import type { ProviderProfile } from "../models/users.server";
import { isSecureRequest } from "../security/visitor.server";
import type { ProviderConfig } from "./providers.server";
import { appOrigin } from "../config/app-url.server";

// OpenID Connect through remix-auth-oauth2 (state and PKCE) plus what it leaves out: discovery
// and verification of the ID token's signature, issuer, audience and expiry with jose.

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

// Per-isolate caches of public, slow-changing provider metadata.
const discoveries = new Map<string, Promise<Discovery>>();
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

export class OidcError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "OidcError";
  }
}

function discover(issuer: string): Promise<Discovery> {
  let found = discoveries.get(issuer);
  if (!found) {
    found = (async () => {
      const url = `${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`;
      const response = await fetch(url, { headers: { Accept: "application/json" } });
      if (!response.ok) throw new OidcError(`Discovery at ${url} answered ${response.status}`);
      const document = (await response.json()) as Partial<Discovery>;
      // OpenID Connect Discovery 1.0, 4.3: the document must describe the issuer we asked about.
      if (document.issuer?.replace(/\/$/, "") !== issuer.replace(/\/$/, "")) {
        throw new OidcError(`Discovery at ${url} names another issuer: ${document.issuer}`);
      }
      if (!document.authorization_endpoint || !document.token_endpoint || !document.jwks_uri) {
        throw new OidcError(`Discovery at ${url} is missing endpoints`);
      }
      return document as Discovery;
    })();
    found.catch(() => discoveries.delete(issuer));
    discoveries.set(issuer, found);
  }
  return found;
}

// Google documents that its ID tokens may name the issuer without the scheme.
const GOOGLE_ISSUER = "https://accounts.google.com";
const acceptedIssuers = (issuer: string) =>
  issuer === GOOGLE_ISSUER ? [GOOGLE_ISSUER, "accounts.google.com"] : [issuer];

/** Checks an ID token and turns its claims into a profile; throws OidcError otherwise. */
export async function verifyIdToken(
  idToken: string,
  config: ProviderConfig,
  discovery: Discovery,
): Promise<ProviderProfile> {
  let keys = keySets.get(discovery.jwks_uri);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(discovery.jwks_uri));
    keySets.set(discovery.jwks_uri, keys);
  }
  let claims: Record<string, unknown>;
  try {
    ({ payload: claims } = await jwtVerify(idToken, keys, {
      issuer: acceptedIssuers(discovery.issuer),
      audience: config.clientId,
    }));
  } catch (error) {
    throw new OidcError("The sign-in provider's ID token did not verify", { cause: error });
  }
  const sub = claims.sub;
  const email = claims.email;
  if (typeof sub !== "string" || !sub || typeof email !== "string" || !email.includes("@")) {
    throw new OidcError("The sign-in provider did not share an e-mail address");
  }
  const text = (value: unknown) =>
    typeof value === "string" && value.trim() ? value.trim() : null;
  return {
    provider: config.name,
    providerId: sub,
    email,
    emailVerified: claims.email_verified === true || claims.email_verified === "true",
    firstName: text(claims.given_name),
    lastName: text(claims.family_name),
    profileImageUrl: text(claims.picture)?.startsWith("https://") ? text(claims.picture) : null,
  };
}

/**
 * Runs one leg of the provider's redirect dance: on the start route it throws the redirect to
 * the provider (with the state/PKCE cookie); on the callback it returns the verified profile.
 */
export async function authenticateWithProvider(
  config: ProviderConfig,
  request: Request,
): Promise<ProviderProfile> {
  const discovery = await discover(config.issuer);
  const origin = appOrigin();
  const strategy = new OAuth2Strategy<ProviderProfile>(
    {
      cookie: {
        name: `qr_${config.name}_oauth`,
        path: "/api",
        httpOnly: true,
        sameSite: "Lax",
        ...(isSecureRequest(request) ? { secure: true as const } : {}),
        maxAge: 10 * 60,
      },
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      authorizationEndpoint: discovery.authorization_endpoint,
      tokenEndpoint: discovery.token_endpoint,
      redirectURI: `${origin}${config.callbackPath}`,
      scopes: ["openid", "email", "profile"],
      codeChallengeMethod: CodeChallengeMethod.S256,
    },
    async ({ tokens }) => {
      if (!("id_token" in tokens.data)) {
        throw new OidcError("The sign-in provider sent no ID token");
      }
      return verifyIdToken(tokens.idToken(), config, discovery);
    },
  );
  const authenticator = new Authenticator<ProviderProfile>();
  authenticator.use(strategy, config.name);
  return authenticator.authenticate(config.name, request);
}
