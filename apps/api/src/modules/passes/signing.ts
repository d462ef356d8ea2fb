/**
 * Ed25519 keys that sign pass tokens (format in docs/pass-token.md), with Node's
 * crypto. The active key is generated at first use and kept in `checkin_signing_keys`, or given
 * as CHECKIN_SIGNING_KEY (then only its public half is stored; each process holds the private
 * half from its configuration). Key ids are derived from the public key, so a key id always
 * names the same key and public keys can be cached by id for the life of the process.
 *
 * A generated private key is stored encrypted: PKCS #8 EncryptedPrivateKeyInfo (RFC 5958, PBES2
 * with AES-256-CBC, OpenSSL through Node) under a passphrase derived from BETTER_AUTH_SECRET
 * (`protectStoredSigningKeys`), so a copy of the database alone cannot sign a pass. A key stored
 * in the clear by an earlier version is encrypted when next read. A key the secret cannot open
 * (the secret was changed) is retired and a new one generated: passes it signed keep verifying,
 * since its public half stays published.
 *
 * The active signer is cached per database for SIGNER_CACHE_MS (decision 013): signing needs
 * no query and no key parsing per order page or email. A rotation (a restart with a new
 * CHECKIN_SIGNING_KEY) takes effect at once in the process that makes it; another process still
 * running signs with the retired key for at most that long, and such tokens keep verifying,
 * since retired keys stay published.
 */
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  hkdfSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { encodePassTokenBody, formatPassToken, parsePassToken, type PassTokenClaims } from '@festival/shared';
import type { Database, Executor } from '../../db/client.js';
import * as repository from './repository.js';

/** DER prefix of a PKCS #8 Ed25519 private key (RFC 8410 §7); the 32-byte seed follows. */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

interface Signer {
  keyId: string;
  privateKey: KeyObject;
}

/** How long a process signs with the active key it read before reading it again, in ms. */
export const SIGNER_CACHE_MS = 60_000;

/**
 * The active signer of each database handle, read at `readAt` (ms since the epoch). Keyed by
 * the handle itself, so apps on other databases in one process (tests) never share a key; a
 * transaction is not cached, since what it reads or writes may still roll back.
 */
const signers = new WeakMap<Executor, { signer: Signer; readAt: number }>();

/** The passphrase of stored private keys (`protectStoredSigningKeys`). */
let storedKeyPassphrase: string | undefined;

/**
 * Sets the passphrase stored private keys are encrypted under, derived from `secret`
 * (BETTER_AUTH_SECRET) by HKDF-SHA256 (RFC 5869). Call once per process, before the first
 * signature (app.ts does, when it builds the app).
 */
export function protectStoredSigningKeys(secret: string): void {
  storedKeyPassphrase = Buffer.from(
    hkdfSync('sha256', secret, '', 'festival checkin signing key', 32),
  ).toString('base64url');
}

function passphrase(): string {
  if (!storedKeyPassphrase) throw new Error('protectStoredSigningKeys was not called');
  return storedKeyPassphrase;
}

/** A private key as stored: encrypted PKCS #8 DER, base64. */
function sealPrivateKey(key: KeyObject): string {
  return key
    .export({ format: 'der', type: 'pkcs8', cipher: 'aes-256-cbc', passphrase: passphrase() })
    .toString('base64');
}

/** Whether a stored key is the plain PKCS #8 DER an earlier version wrote (prefix and seed). */
function isCleartext(der: Buffer): boolean {
  return der.length === PKCS8_ED25519_PREFIX.length + 32 && der.subarray(0, 16).equals(PKCS8_ED25519_PREFIX);
}

/** Private keys given in configuration, by key id (they are not stored in the database). */
const configuredKeys = new Map<string, KeyObject>();
/** Public keys by id; safe to keep, as an id is a hash of its key. */
const publicKeys = new Map<string, KeyObject>();

/** The raw 32-byte public key, base64url. */
function rawPublicKey(key: KeyObject): string {
  const jwk = key.export({ format: 'jwk' });
  if (typeof jwk.x !== 'string') throw new Error('not an Ed25519 key');
  return jwk.x;
}

/** A key id: the first 4 bytes of SHA-256 of the raw public key, as 8 hex digits. */
export function keyIdOf(publicKeyBase64Url: string): string {
  return createHash('sha256').update(Buffer.from(publicKeyBase64Url, 'base64url')).digest('hex').slice(0, 8);
}

/** The private key of a 32-byte seed (base64url), as CHECKIN_SIGNING_KEY gives it. */
export function privateKeyFromSeed(seedBase64Url: string): KeyObject {
  const seed = Buffer.from(seedBase64Url, 'base64url');
  if (seed.length !== 32) throw new RangeError('an Ed25519 seed is 32 bytes');
  return createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: 'der', type: 'pkcs8' });
}

/**
 * Makes the configured key the active one (retiring any other), at start. Call once per process
 * with CHECKIN_SIGNING_KEY; without it the first signature generates a key instead.
 */
export async function useConfiguredSigningKey(
  db: Database,
  seedBase64Url: string,
  now: Date,
): Promise<string> {
  const privateKey = privateKeyFromSeed(seedBase64Url);
  const publicKey = rawPublicKey(createPublicKey(privateKey));
  const keyId = keyIdOf(publicKey);
  configuredKeys.set(keyId, privateKey);
  await db.transaction(async (tx) => {
    await repository.retireSigningKeys(tx, keyId, now);
    if (await repository.findSigningKey(tx, keyId)) await repository.reactivateSigningKey(tx, keyId);
    else await repository.insertSigningKey(tx, { id: keyId, publicKey, privateKey: null, createdAt: now });
  });
  signers.set(db, { signer: { keyId, privateKey }, readAt: Date.now() });
  return keyId;
}

/**
 * The key that signs passes now, and whether its private half comes from CHECKIN_SIGNING_KEY
 * (else it is stored, encrypted); one is generated when none exists yet, as the first pass would.
 * @throws Error when the active key is configured on other processes but not on this one
 */
export async function activeSigningKey(db: Executor): Promise<{ keyId: string; configured: boolean }> {
  const signer = await activeSigner(db);
  return { keyId: signer.keyId, configured: configuredKeys.has(signer.keyId) };
}

/** The active signer: cached for SIGNER_CACHE_MS outside transactions, else `readActiveSigner`. */
async function activeSigner(db: Executor): Promise<Signer> {
  if (db instanceof PgTransaction) return readActiveSigner(db);
  const cached = signers.get(db);
  if (cached && Date.now() - cached.readAt < SIGNER_CACHE_MS) return cached.signer;
  const signer = await readActiveSigner(db);
  signers.set(db, { signer, readAt: Date.now() });
  return signer;
}

/**
 * The active signer as stored, generating and storing a key when there is none, or when the
 * stored one cannot be opened with this passphrase (then retired first).
 */
async function readActiveSigner(db: Executor): Promise<Signer> {
  const row = await repository.findActiveSigningKey(db);
  if (!row) return generateSigner(db);
  if (!row.privateKey) {
    const configured = configuredKeys.get(row.id);
    if (!configured)
      throw new Error(`signing key ${row.id} is configured elsewhere; set CHECKIN_SIGNING_KEY`);
    return { keyId: row.id, privateKey: configured };
  }
  const der = Buffer.from(row.privateKey, 'base64');
  let privateKey: KeyObject;
  try {
    // OpenSSL ignores the passphrase of a key stored in the clear.
    privateKey = createPrivateKey({ key: der, format: 'der', type: 'pkcs8', passphrase: passphrase() });
  } catch {
    // Encrypted under another BETTER_AUTH_SECRET: the tokens it signed keep verifying.
    await repository.retireSigningKey(db, row.id, new Date());
    return generateSigner(db);
  }
  // Not inside a transaction, which may be read-only (the check-in sync's snapshot).
  if (isCleartext(der) && !(db instanceof PgTransaction)) {
    await repository.setStoredPrivateKey(db, row.id, sealPrivateKey(privateKey));
  }
  return { keyId: row.id, privateKey };
}

/** Generates and stores a new active key, then reads the active signer. */
async function generateSigner(db: Executor): Promise<Signer> {
  const pair = generateKeyPairSync('ed25519');
  const publicKey = rawPublicKey(pair.publicKey);
  // Two processes may race here: the partial unique index keeps one active key, and the loser
  // reads the winner's.
  await repository.insertSigningKey(db, {
    id: keyIdOf(publicKey),
    publicKey,
    privateKey: sealPrivateKey(pair.privateKey),
  });
  return readActiveSigner(db);
}

/** Signs claims (without key id) with the given signer into a token. */
function signWith(signer: Signer, claims: Omit<PassTokenClaims, 'keyId'>): string {
  const body = encodePassTokenBody({ ...claims, keyId: signer.keyId });
  return formatPassToken(body, sign(null, body, signer.privateKey));
}

/**
 * Signs pass tokens with the active key (generated at first use).
 * @returns one token per claims object, in order
 */
export async function signPassTokens(
  db: Executor,
  claims: Omit<PassTokenClaims, 'keyId'>[],
): Promise<string[]> {
  if (claims.length === 0) return [];
  const signer = await activeSigner(db);
  return claims.map((claim) => signWith(signer, claim));
}

/**
 * The claims of a token whose signature verifies with a published key; null for anything else
 * (not a token, unknown key, bad signature).
 */
export async function verifyPassToken(db: Executor, token: string): Promise<PassTokenClaims | null> {
  const parsed = parsePassToken(token);
  if (!parsed) return null;
  let publicKey = publicKeys.get(parsed.claims.keyId);
  if (!publicKey) {
    const row = await repository.findSigningKey(db, parsed.claims.keyId);
    if (!row) return null;
    publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: row.publicKey }, format: 'jwk' });
    publicKeys.set(row.id, publicKey);
  }
  return verify(null, parsed.body, publicKey, parsed.signature) ? parsed.claims : null;
}

/** Published public keys, newest first (GET /api/checkin/keys), creating the first key if none. */
export async function publishedSigningKeys(db: Executor) {
  const rows = await repository.listSigningKeys(db);
  if (rows.length === 0) {
    await readActiveSigner(db);
    return publishedSigningKeys(db);
  }
  return rows.map((row) => ({
    keyId: row.id,
    publicKey: row.publicKey,
    createdAt: row.createdAt.toISOString(),
  }));
}
