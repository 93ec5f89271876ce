/**
 * A software WebAuthn authenticator for server tests, the stand-in for a platform authenticator
 * (Touch ID, Windows Hello, a phone): it makes ES256 credentials with 'none' attestation and signs
 * challenges exactly as the WebAuthn and CTAP2 specifications lay out (authenticator data, COSE
 * key, CBOR attestation object, a DER signature over authenticator data + SHA-256 of the client
 * data). The browser side is played too: the client data JSON with type, challenge and origin.
 * The e2e tests use Chromium's own virtual authenticator instead.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

interface Credential {
  id: Buffer;
  key: KeyObject;
  userHandle: string;
  counter: number;
}

const b64url = (bytes: Uint8Array | Buffer | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export class SoftwareAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(
    private readonly origin: string,
    /** Whether signatures count up (most security keys) or stay 0 (many platform authenticators). */
    private readonly counts = true,
  ) {}

  private authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin = this.origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create() with the server's creation options: a RegistrationResponseJSON. */
  create(options: Record<string, unknown>, origin = this.origin) {
    const { challenge, rp, user } = options as { challenge: string; rp: { id: string }; user: { id: string } };
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
      ]),
    );
    const id = randomBytes(32);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), length, id, Buffer.from(cose)]);
    const authData = this.authenticatorData(
      rp.id,
      FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_DATA,
      0,
      attested,
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, never> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, never>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    this.credentials.push({ id, key: privateKey, userHandle: user.id, counter: 0 });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', challenge, origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get() with the server's request options: an AuthenticationResponseJSON. */
  get(options: Record<string, unknown>, credential = this.credentials.at(-1), origin = this.origin) {
    if (!credential) throw new Error('This authenticator holds no credential');
    const { challenge, rpId } = options as { challenge: string; rpId: string };
    if (this.counts) credential.counter++;
    const authData = this.authenticatorData(rpId, FLAG_USER_PRESENT | FLAG_USER_VERIFIED, credential.counter);
    const clientDataJSON = this.clientData('webauthn.get', challenge, origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.key);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
