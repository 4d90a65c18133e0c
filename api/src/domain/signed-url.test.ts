import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkFileSignature, signFileKey, SIGNED_URL_LIFETIME_SECONDS } from './signed-url';

const secret = Buffer.from('0123456789abcdef0123456789abcdef');
const now = Date.UTC(2025, 2, 3, 7);

describe('signed file URLs', () => {
  test('a signature is valid for its key until it expires', () => {
    const query = signFileKey(secret, 'abc.png', now);
    assert.equal(query.exp, now / 1000 + SIGNED_URL_LIFETIME_SECONDS);
    assert.equal(checkFileSignature(secret, 'abc.png', query, now), 'valid');
    assert.equal(
      checkFileSignature(secret, 'abc.png', query, now + SIGNED_URL_LIFETIME_SECONDS * 1000),
      'expired',
    );
  });

  test('another key, another expiry, another secret or no signature is invalid', () => {
    const query = signFileKey(secret, 'abc.png', now);
    assert.equal(checkFileSignature(secret, 'abd.png', query, now), 'invalid');
    assert.equal(checkFileSignature(secret, 'abc.png', { ...query, exp: query.exp + 60 }, now), 'invalid');
    assert.equal(checkFileSignature(Buffer.from('another secret'), 'abc.png', query, now), 'invalid');
    assert.equal(checkFileSignature(secret, 'abc.png', {}, now), 'invalid');
    assert.equal(checkFileSignature(secret, 'abc.png', { exp: query.exp, sig: 'short' }, now), 'invalid');
  });
});
