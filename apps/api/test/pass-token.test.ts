/**
 * Signed pass tokens: the documented test vector (docs/pass-token.md), a tampered
 * token refused, the published keys, key rotation (new QR codes carry the new key at once, even
 * though each process caches its signer), and that a real pass's QR text is a token
 * that verifies and fits a QR code of version 10 or lower at error correction M.
 */
import { createPrivateKey, createPublicKey, sign } from 'node:crypto';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CheckinKeysSchema,
  CheckoutResponseSchema,
  encodePassTokenBody,
  parsePassToken,
} from '@festival/shared';
import { passQrPayload, passQrSvg, passesOfOrder } from '../src/modules/passes/service.js';
import {
  keyIdOf,
  privateKeyFromSeed,
  protectStoredSigningKeys,
  signPassTokens,
  useConfiguredSigningKey,
  verifyPassToken,
} from '../src/modules/passes/signing.js';
import { build, clockFrom, type TestContext } from './helper.js';
import { checkout, insertAttendees, insertTicketType, payWithSandbox } from './ticketing-helpers.js';
import { eq, isNull } from 'drizzle-orm';
import { checkinSigningKeys, passes } from '../src/db/schema.js';

const VECTOR = {
  seed: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8',
  publicKey: 'A6EHv_POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg',
  keyId: '56475aa7',
  claims: {
    keyId: '56475aa7',
    passId: '0b7e4f9c-2d31-4c8a-9f6e-5a1b2c3d4e5f',
    eventId: 1,
    ticketTypeId: 3,
    validDays: [1, 2],
  },
  bodyHex: '0156475aa70b7e4f9c2d314c8a9f6e5a1b2c3d4e5f00010000000303',
  token:
    'SFG1.AVZHWqcLfk-cLTFMip9uWhssPU5fAAEAAAADA1pflSLBjfzgHfHQHglpWLIKj8ASar7ALkih9Qc24oIk7I4Eqd2foizioPjAV5BQ_7yFHYs3Pvq_uDHWy7gUAwU',
};

/** The token with one byte of its signed body changed (the ticket type 3 → 4). */
function tampered(token: string): string {
  const bytes = Buffer.from(token.slice(5), 'base64url');
  bytes[26] = 4;
  return `SFG1.${bytes.toString('base64url')}`;
}

describe('the documented test vector', () => {
  it('signs to the documented token with Node crypto', () => {
    const privateKey = privateKeyFromSeed(VECTOR.seed);
    const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
    expect(jwk.x).toBe(VECTOR.publicKey);
    expect(keyIdOf(VECTOR.publicKey)).toBe(VECTOR.keyId);
    const body = encodePassTokenBody(VECTOR.claims);
    expect(Buffer.from(body).toString('hex')).toBe(VECTOR.bodyHex);
    const token = `SFG1.${Buffer.concat([body, sign(null, body, privateKey)]).toString('base64url')}`;
    expect(token).toBe(VECTOR.token);
    expect(parsePassToken(token)?.claims).toEqual(VECTOR.claims);
  });

  it('fits a QR code of version 10 or lower at error correction M', () => {
    const qr = QRCode.create(VECTOR.token, { errorCorrectionLevel: 'M' });
    expect(qr.version).toBeLessThanOrEqual(10);
  });
});

describe('with the key given in configuration', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build({ now: clockFrom(), env: { CHECKIN_SIGNING_KEY: VECTOR.seed } });
  });
  afterAll(async () => t?.close());

  it('publishes the public key with its id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/checkin/keys' });
    expect(response.statusCode).toBe(200);
    const { keys } = CheckinKeysSchema.parse(response.json());
    expect(keys).toEqual([expect.objectContaining({ keyId: VECTOR.keyId, publicKey: VECTOR.publicKey })]);
  });

  it('verifies the vector and refuses a tampered, truncated or foreign token', async () => {
    expect(await verifyPassToken(t.app.db, VECTOR.token)).toEqual(VECTOR.claims);
    expect(await verifyPassToken(t.app.db, tampered(VECTOR.token))).toBeNull();
    expect(await verifyPassToken(t.app.db, VECTOR.token.slice(0, -2))).toBeNull();
    expect(await verifyPassToken(t.app.db, 'SFG-9QW2K7MXRT')).toBeNull();
    const foreign = privateKeyFromSeed(Buffer.alloc(32, 7).toString('base64url'));
    const body = encodePassTokenBody(VECTOR.claims);
    const forged = `SFG1.${Buffer.concat([body, sign(null, body, foreign)]).toString('base64url')}`;
    expect(await verifyPassToken(t.app.db, forged)).toBeNull();
  });

  it("puts a verifiable token of the pass in the order page's and email's QR code", async () => {
    const attendees = await insertAttendees(t.app.db, 2);
    const response = await checkout(t.app, attendees, await insertTicketType(t.app.db));
    const { order } = CheckoutResponseSchema.parse(response.json());
    await payWithSandbox(t.app, order.id);
    const [pass] = await t.app.db.select().from(passes).where(eq(passes.registrationId, attendees[0]!));
    const payload = await passQrPayload(t.app.db, pass!.code);
    const claims = await verifyPassToken(t.app.db, payload);
    expect(claims).toMatchObject({
      keyId: VECTOR.keyId,
      passId: pass!.id,
      eventId: pass!.eventId,
      validDays: [1, 2],
    });
    expect(QRCode.create(payload, { errorCorrectionLevel: 'M' }).version).toBeLessThanOrEqual(10);
    const shown = await passesOfOrder(t.app.db, pass!.orderId);
    const mine = shown.find((entry) => entry.code === pass!.code);
    expect(mine?.qrSvg).toBe(await passQrSvg(payload));
  });
});

describe('rotating the configured key', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build({ now: clockFrom(), env: { CHECKIN_SIGNING_KEY: VECTOR.seed } });
  });
  afterAll(async () => t?.close());

  it('signs with the new key at once, while tokens of the old one keep verifying', async () => {
    const attendees = await insertAttendees(t.app.db, 1);
    const response = await checkout(t.app, attendees, await insertTicketType(t.app.db));
    const { order } = CheckoutResponseSchema.parse(response.json());
    await payWithSandbox(t.app, order.id);
    const [pass] = await t.app.db.select().from(passes).where(eq(passes.registrationId, attendees[0]!));
    const before = await passQrPayload(t.app.db, pass!.code);
    expect(parsePassToken(before)?.claims.keyId).toBe(VECTOR.keyId);

    // What a restart with a new CHECKIN_SIGNING_KEY does; the signer cached by the first
    // signature must not outlive it.
    const newKeyId = await useConfiguredSigningKey(
      t.app.db,
      Buffer.alloc(32, 9).toString('base64url'),
      t.app.now(),
    );
    expect(newKeyId).not.toBe(VECTOR.keyId);
    const after = await passQrPayload(t.app.db, pass!.code);
    expect(await verifyPassToken(t.app.db, after)).toMatchObject({ keyId: newKeyId, passId: pass!.id });
    expect(await verifyPassToken(t.app.db, before)).toMatchObject({ keyId: VECTOR.keyId, passId: pass!.id });
    const { keys } = CheckinKeysSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/checkin/keys' })).json(),
    );
    expect(keys.map((key) => key.keyId).sort()).toEqual([newKeyId, VECTOR.keyId].sort());
  });
});

describe('without a configured key', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t?.close());

  it('generates one key at first use and keeps it', async () => {
    const first = CheckinKeysSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/checkin/keys' })).json(),
    );
    const again = CheckinKeysSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/checkin/keys' })).json(),
    );
    expect(first.keys).toHaveLength(1);
    expect(again.keys).toEqual(first.keys);
    expect(first.keys[0]!.keyId).toBe(keyIdOf(first.keys[0]!.publicKey));
  });

  const { keyId: _, ...claims } = VECTOR.claims;
  const activeKey = async () =>
    (await t.app.db.select().from(checkinSigningKeys).where(isNull(checkinSigningKeys.retiredAt)))[0]!;
  /** Opens a stored private key without a passphrase, as a copy of the database alone could. */
  const openWithoutSecret = (stored: string) =>
    createPrivateKey({ key: Buffer.from(stored, 'base64'), format: 'der', type: 'pkcs8' });

  it('stores the generated key encrypted, and encrypts one stored in the clear when it next reads it', async () => {
    const generated = await activeKey();
    expect(() => openWithoutSecret(generated.privateKey!)).toThrow(/passphrase/i);
    const [token] = await t.app.db.transaction((tx) => signPassTokens(tx, [claims]));
    expect((await verifyPassToken(t.app.db, token!))?.keyId).toBe(generated.id);

    // A key as an earlier version stored it: plain PKCS #8.
    await t.app.db.update(checkinSigningKeys).set({ retiredAt: t.app.now() });
    const plain = privateKeyFromSeed(VECTOR.seed).export({ format: 'der', type: 'pkcs8' }).toString('base64');
    await t.app.db
      .insert(checkinSigningKeys)
      .values({ id: VECTOR.keyId, publicKey: VECTOR.publicKey, privateKey: plain });
    expect(openWithoutSecret(plain).asymmetricKeyType).toBe('ed25519');
    const [signed] = await signPassTokens(t.app.db, [claims]);
    expect(signed).toBe(VECTOR.token);
    const sealed = await activeKey();
    expect(sealed.id).toBe(VECTOR.keyId);
    expect(() => openWithoutSecret(sealed.privateKey!)).toThrow(/passphrase/i);
  });

  it('replaces a key it cannot open (BETTER_AUTH_SECRET changed); the old key’s tokens still verify', async () => {
    const before = await activeKey();
    protectStoredSigningKeys('another secret of at least thirty-two characters');
    try {
      const [token] = await t.app.db.transaction((tx) => signPassTokens(tx, [claims]));
      const after = await activeKey();
      expect(after.id).not.toBe(before.id);
      expect(parsePassToken(token!)?.claims.keyId).toBe(after.id);
      expect(await verifyPassToken(t.app.db, VECTOR.token)).not.toBeNull();
      const [retired] = await t.app.db
        .select()
        .from(checkinSigningKeys)
        .where(eq(checkinSigningKeys.id, before.id));
      expect(retired?.retiredAt).not.toBeNull();
    } finally {
      protectStoredSigningKeys(t.config.BETTER_AUTH_SECRET);
    }
  });
});
