// A software passkey authenticator for tests (issue #31): a P-256 key made with WebCrypto, and
// the bytes a real one returns built by hand: clientDataJSON, authenticatorData, a "none"
// attestation in CBOR, and DER-encoded ES256 signatures. Only what WebAuthn Level 3 requires of
// an authenticator that does user verification; nothing from the library under test.

const encoder = new TextEncoder();

export function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const sha256 = async (bytes: Uint8Array<ArrayBuffer>) =>
  new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));

// ---- A minimal CBOR encoder (RFC 8949): unsigned and negative integers, byte and text strings,
// and maps, which is all an attestation object and a COSE key contain.

function head(major: number, length: number): Uint8Array {
  if (length < 24) return Uint8Array.of((major << 5) | length);
  if (length < 256) return Uint8Array.of((major << 5) | 24, length);
  return Uint8Array.of((major << 5) | 25, length >> 8, length & 0xff);
}

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

function cbor(value: Cbor): Uint8Array {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const bytes = encoder.encode(value);
    return concat(head(3, bytes.length), bytes);
  }
  if (value instanceof Uint8Array) return concat(head(2, value.length), value);
  const entries = [...value].map(([key, item]) => concat(cbor(key), cbor(item)));
  return concat(head(5, value.size), ...entries);
}

// ---- ES256 signatures: WebCrypto gives r‖s, WebAuthn wants an ASN.1 DER SEQUENCE of two INTEGERs.

function derInteger(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  let value: Uint8Array = bytes.slice(start);
  if (value[0]! & 0x80) value = concat(Uint8Array.of(0), value);
  return concat(Uint8Array.of(0x02, value.length), value);
}

function derSignature(raw: Uint8Array): Uint8Array {
  const body = concat(derInteger(raw.slice(0, 32)), derInteger(raw.slice(32)));
  return concat(Uint8Array.of(0x30, body.length), body);
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

interface CreationOptions {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string };
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
}

export interface Ceremony {
  /** Where the page that runs the ceremony is (the browser writes it into clientDataJSON). */
  origin: string;
  /** Override what a well-behaved authenticator would write, to make an attack. */
  challenge?: string;
  rpId?: string;
  userVerified?: boolean;
  counter?: number;
  userHandle?: string;
}

export class SoftwareAuthenticator {
  readonly credentialId = crypto.getRandomValues(new Uint8Array(32));
  /** The signature counter it reports next; 0 means "no counter", as synced passkeys do. */
  counter = 0;
  private keys?: CryptoKeyPair;
  /** The user handle it was registered with, returned on every discoverable sign-in. */
  userHandle?: string;

  get id(): string {
    return base64url(this.credentialId);
  }

  /** ES256 (P-256, as most platform authenticators) or EdDSA (Ed25519, as some security keys). */
  constructor(readonly algorithm: "ES256" | "EdDSA" = "ES256") {}

  private async keyPair(): Promise<CryptoKeyPair> {
    const params =
      this.algorithm === "ES256" ? { name: "ECDSA", namedCurve: "P-256" } : { name: "Ed25519" };
    this.keys ??= (await crypto.subtle.generateKey(params, true, [
      "sign",
      "verify",
    ])) as CryptoKeyPair;
    return this.keys;
  }

  private async coseKey(): Promise<Uint8Array> {
    const raw = new Uint8Array(
      await crypto.subtle.exportKey("raw", (await this.keyPair()).publicKey),
    );
    if (this.algorithm === "EdDSA") {
      // kty: OKP, alg: EdDSA, crv: Ed25519, x
      return cbor(
        new Map<number, Cbor>([
          [1, 1],
          [3, -8],
          [-1, 6],
          [-2, raw],
        ]),
      );
    }
    // kty: EC2, alg: ES256, crv: P-256, x, y
    return cbor(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, raw.slice(1, 33)],
        [-3, raw.slice(33, 65)],
      ]),
    );
  }

  private async sign(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
    const { privateKey } = await this.keyPair();
    if (this.algorithm === "EdDSA") {
      return new Uint8Array(await crypto.subtle.sign({ name: "Ed25519" }, privateKey, data));
    }
    const raw = new Uint8Array(
      await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, privateKey, data),
    );
    return derSignature(raw);
  }

  private async authenticatorData(
    rpId: string,
    flags: number,
    counter: number,
    attested?: Uint8Array,
  ): Promise<Uint8Array> {
    const count = Uint8Array.of(
      counter >>> 24,
      (counter >>> 16) & 0xff,
      (counter >>> 8) & 0xff,
      counter & 0xff,
    );
    return concat(
      await sha256(encoder.encode(rpId)),
      Uint8Array.of(flags),
      count,
      attested ?? new Uint8Array(),
    );
  }

  private clientData(type: string, challenge: string, origin: string): Uint8Array<ArrayBuffer> {
    return encoder.encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create(): a RegistrationResponseJSON as the browser package posts it. */
  async register(options: CreationOptions, ceremony: Ceremony) {
    const cose = await this.coseKey();
    const length = this.credentialId.length;
    const attested = concat(
      new Uint8Array(16), // AAGUID: none
      Uint8Array.of(length >> 8, length & 0xff),
      this.credentialId,
      cose,
    );
    const flags = FLAG_UP | (ceremony.userVerified === false ? 0 : FLAG_UV) | FLAG_AT;
    const rpId = ceremony.rpId ?? options.rp.id!;
    const authData = await this.authenticatorData(
      rpId,
      flags,
      ceremony.counter ?? this.counter,
      attested,
    );
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    this.userHandle = options.user.id;
    const clientDataJSON = this.clientData(
      "webauthn.create",
      ceremony.challenge ?? options.challenge,
      ceremony.origin,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: base64url(clientDataJSON),
        attestationObject: base64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** navigator.credentials.get(): an AuthenticationResponseJSON, signed with the passkey's key. */
  async authenticate(options: RequestOptions, ceremony: Ceremony) {
    const counter = ceremony.counter ?? this.counter;
    const flags = FLAG_UP | (ceremony.userVerified === false ? 0 : FLAG_UV);
    const authData = await this.authenticatorData(ceremony.rpId ?? options.rpId!, flags, counter);
    const clientDataJSON = this.clientData(
      "webauthn.get",
      ceremony.challenge ?? options.challenge,
      ceremony.origin,
    );
    const signed = concat(authData, await sha256(clientDataJSON));
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: base64url(clientDataJSON),
        authenticatorData: base64url(authData),
        signature: base64url(await this.sign(signed)),
        ...((ceremony.userHandle ?? this.userHandle)
          ? { userHandle: ceremony.userHandle ?? this.userHandle }
          : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }
}
