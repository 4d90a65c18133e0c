import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** argon2id with OWASP's minimum parameters: 19 MiB, 2 passes, 1 lane (about 12 ms here). */
const ARGON2ID_OWASP = {
  algorithm: 2 satisfies Algorithm, // Algorithm.Argon2id (a const enum, not importable under isolatedModules)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID_OWASP);
}

let decoyHash: Promise<string> | undefined;

/**
 * Verifies a password against a stored hash, or against a decoy hash when there is no such
 * user, so that a wrong e-mail takes as long as a wrong password.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (storedHash === undefined) {
    decoyHash ??= hashPassword('decoy password for unknown accounts');
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
