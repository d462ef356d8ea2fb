/**
 * Passkey sign-in: a passkey signs an organizer in without password or TOTP, so
 * it must come from an authenticator that verified its holder (PIN, biometric); one that only
 * proved presence is refused. The authenticator here is software: a P-256 key whose answers
 * are built as the WebAuthn spec lays them out (attestation "none", ES256 signatures), CBOR by
 * @simplewebauthn/server's own encoder.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSKEY_WITHOUT_USER_VERIFICATION } from '../src/modules/organizers/auth.js';
import { build, type TestContext } from './helper.js';
import { ORIGIN, authPost, cookieOf, signedInOrganizer } from './organizer-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await build();
});
afterAll(async () => ctx?.close());

const RP_ID = new URL(ORIGIN).hostname;
const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash('sha256').update(data).digest());
const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
const uint32 = (value: number) =>
  new Uint8Array(Buffer.from([0, 0, 0, 0].map((_, i) => (value >>> (24 - 8 * i)) & 255)));

/** One credential of a software authenticator: its id, key pair and signature counter. */
interface Credential {
  id: Uint8Array;
  privateKey: KeyObject;
  cose: Uint8Array;
  counter: number;
}

function newCredential(): Credential {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const coordinate = (value: string | undefined) => new Uint8Array(Buffer.from(value ?? '', 'base64url'));
  // COSE_Key of an EC2 P-256 ES256 key (RFC 9052): kty 2, alg -7, crv 1, x, y.
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, coordinate(jwk.x)],
      [-3, coordinate(jwk.y)],
    ]),
  );
  return { id: new Uint8Array(randomBytes(16)), privateKey, cose, counter: 0 };
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string) {
  return new Uint8Array(Buffer.from(JSON.stringify({ type, challenge, origin: ORIGIN, crossOrigin: false })));
}

/** Registers a new passkey for the signed-in organizer (cookie); returns its credential. */
async function registerPasskey(cookie: string): Promise<Credential> {
  const options = await ctx.app.inject({
    method: 'GET',
    url: '/api/admin/auth/passkey/generate-register-options?name=Laptop',
    headers: { cookie },
  });
  expect(options.statusCode).toBe(200);
  expect(options.json().authenticatorSelection).toMatchObject({ userVerification: 'required' });
  const credential = newCredential();
  const authData = concat(
    sha256(RP_ID),
    Uint8Array.of(FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_CREDENTIAL),
    uint32(0),
    new Uint8Array(16),
    Uint8Array.of(0, credential.id.length),
    credential.id,
    credential.cose,
  );
  const attestationObject = isoCBOR.encode(
    new Map<string, string | Uint8Array | Map<string, string>>([
      ['fmt', 'none'],
      ['attStmt', new Map<string, string>()],
      ['authData', authData],
    ]),
  );
  const verified = await authPost(
    ctx.app,
    '/passkey/verify-registration',
    {
      name: 'Laptop',
      response: {
        id: b64(credential.id),
        rawId: b64(credential.id),
        type: 'public-key',
        response: {
          clientDataJSON: b64(clientData('webauthn.create', options.json().challenge)),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      },
    },
    `${cookie}; ${cookieOf(options.headers)}`,
  );
  expect(verified.statusCode, verified.body).toBe(200);
  return credential;
}

/** The passkey sign-in, as the browser runs it, with or without user verification. */
async function signInWithPasskey(credential: Credential, userVerified: boolean) {
  const options = await ctx.app.inject({
    method: 'GET',
    url: '/api/admin/auth/passkey/generate-authenticate-options',
  });
  expect(options.statusCode).toBe(200);
  credential.counter += 1;
  const authenticatorData = concat(
    sha256(RP_ID),
    Uint8Array.of(FLAG_USER_PRESENT | (userVerified ? FLAG_USER_VERIFIED : 0)),
    uint32(credential.counter),
  );
  const clientDataJSON = clientData('webauthn.get', options.json().challenge);
  const signature = sign('sha256', concat(authenticatorData, sha256(clientDataJSON)), credential.privateKey);
  return authPost(
    ctx.app,
    '/passkey/verify-authentication',
    {
      response: {
        id: b64(credential.id),
        rawId: b64(credential.id),
        type: 'public-key',
        response: {
          clientDataJSON: b64(clientDataJSON),
          authenticatorData: b64(authenticatorData),
          signature: b64(new Uint8Array(signature)),
        },
        clientExtensionResults: {},
      },
    },
    cookieOf(options.headers),
  );
}

const me = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie } });

describe('passkey sign-in', () => {
  it('signs an enrolled owner straight in, with no two-factor step', async () => {
    const { organizer, cookie } = await signedInOrganizer(ctx.app, 'owner');
    const credential = await registerPasskey(cookie);

    const answer = await signInWithPasskey(credential, true);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).not.toHaveProperty('twoFactorRedirect');
    const session = cookieOf(answer.headers);
    expect(session).toMatch(/festival-admin\.session_token=/);
    const signedIn = await me(session);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data).toMatchObject({ id: organizer.id, role: 'owner', twoFactorEnabled: true });
  });

  it('refuses an authenticator that did not verify its holder, and starts no session', async () => {
    const { cookie } = await signedInOrganizer(ctx.app, 'manager');
    const credential = await registerPasskey(cookie);

    const answer = await signInWithPasskey(credential, false);
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({
      isOk: false,
      message: PASSKEY_WITHOUT_USER_VERIFICATION,
      code: 'PASSKEY_USER_NOT_VERIFIED',
    });
    expect(cookieOf(answer.headers)).not.toMatch(/session_token=/);
  });
});
