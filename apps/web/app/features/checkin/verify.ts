/**
 * Verifies a pass token on the device with WebCrypto's Ed25519 (docs/pass-token.md), against the
 * public keys the last sync brought, so a gate needs no network to tell a real pass from a fake.
 */
import { fromBase64Url, parsePassToken, type PassTokenClaims } from '@festival/shared';

const imported = new Map<string, Promise<CryptoKey>>();

function publicKey(keyId: string, raw: string): Promise<CryptoKey> {
  let key = imported.get(keyId);
  if (!key) {
    const bytes = fromBase64Url(raw) ?? new Uint8Array();
    key = crypto.subtle.importKey('raw', bytes, { name: 'Ed25519' }, false, ['verify']);
    imported.set(keyId, key);
  }
  return key;
}

/** Imports the keys ahead of the first scan, so an offline decision does not wait for it. */
export function preloadKeys(keys: { keyId: string; publicKey: string }[]): void {
  for (const key of keys) publicKey(key.keyId, key.publicKey).catch(() => imported.delete(key.keyId));
}

/** The token's claims when its signature verifies with one of `keys`; null otherwise. */
export async function verifyToken(
  token: string,
  keys: { keyId: string; publicKey: string }[],
): Promise<PassTokenClaims | null> {
  const parsed = parsePassToken(token);
  if (!parsed) return null;
  const key = keys.find((candidate) => candidate.keyId === parsed.claims.keyId);
  if (!key) return null;
  const valid = await crypto.subtle.verify(
    { name: 'Ed25519' },
    await publicKey(key.keyId, key.publicKey),
    parsed.signature,
    parsed.body,
  );
  return valid ? parsed.claims : null;
}
