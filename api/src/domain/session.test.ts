import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SESSION_REFUSALS, sessionRefusal } from './session';

describe('sessionRefusal', () => {
  const active = { isActive: true, sessionVersion: 3 };

  test('a token of the current version opens an active account', () => {
    assert.equal(sessionRefusal(active, 3), null);
  });

  test('a token issued before a sign-out, a reset or a password change does not', () => {
    assert.equal(sessionRefusal(active, 2), SESSION_REFUSALS.signedOut);
    assert.equal(sessionRefusal(active, 4), SESSION_REFUSALS.signedOut);
  });

  test('a deactivated account is refused whatever its version, a removed one too', () => {
    assert.equal(sessionRefusal({ ...active, isActive: false }, 3), SESSION_REFUSALS.deactivated);
    assert.equal(sessionRefusal(undefined, 3), SESSION_REFUSALS.noAccount);
  });
});
