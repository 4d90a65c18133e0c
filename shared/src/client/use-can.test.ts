import { renderHook } from '@testing-library/react';
import { testAdmin, testOfficer } from '../../testing/render-with-providers';
import { clearSession, saveSession } from './session';
import { useCan } from './use-can';

describe('useCan', () => {
  afterEach(() => clearSession());

  it('answers from the signed-in role', () => {
    saveSession(testOfficer, 'jwt');
    expect(renderHook(() => useCan('repayments.approve')).result.current).toBe(false);
    expect(renderHook(() => useCan('repayments.record')).result.current).toBe(true);

    saveSession(testAdmin, 'jwt');
    expect(renderHook(() => useCan('repayments.approve')).result.current).toBe(true);
  });

  it('allows nothing without a session', () => {
    clearSession();
    expect(renderHook(() => useCan('customers.register')).result.current).toBe(false);
  });
});
