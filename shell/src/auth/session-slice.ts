import { createSlice } from '@reduxjs/toolkit';
import { rootReducer } from '@lender/shared/client/store';
import {
  passwordChangeRequired,
  readSession,
  sessionEnded,
  sessionRenewed,
  sessionStarted,
} from '@lender/shared/client/session';
import type { SessionUser } from '@lender/shared/contract/users';

type EndReason = ReturnType<typeof sessionEnded>['payload']['reason'];

interface SessionState {
  user: SessionUser | null;
  /** Milliseconds since the epoch when the token expires. */
  expiresAt: number | null;
  /** Why the last session ended, for the sign-in page. */
  endedBecause: EndReason | null;
}

/** Read from storage when the store is built, so a reload keeps a valid session. */
function sessionFromStorage(): SessionState {
  const stored = readSession();
  return { user: stored?.user ?? null, expiresAt: stored?.expiresAt ?? null, endedBecause: null };
}

const sessionSlice = createSlice({
  name: 'session',
  initialState: sessionFromStorage,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(sessionStarted, (_state, { payload }) => ({
        user: payload.user,
        expiresAt: payload.expiresAt,
        endedBecause: null,
      }))
      .addCase(sessionRenewed, (_state, { payload }) => ({
        user: payload.user,
        expiresAt: payload.expiresAt,
        endedBecause: null,
      }))
      .addCase(passwordChangeRequired, (state) => {
        if (state.user) state.user.must_change_password = true;
      })
      .addCase(sessionEnded, (_state, { payload }) => ({
        user: null,
        expiresAt: null,
        endedBecause: payload.reason,
      }));
  },
  selectors: {
    selectSessionUser: (state) => state.user,
    selectSessionExpiry: (state) => state.expiresAt,
    selectRole: (state) => state.user?.role ?? null,
    selectSessionEndReason: (state) => state.endedBecause,
    /** A session stored before the flag existed has none: it reads as false. */
    selectMustChangePassword: (state) => state.user?.must_change_password === true,
  },
});

export const injectedSessionSlice = sessionSlice.injectInto(rootReducer);
export const {
  selectSessionUser,
  selectSessionExpiry,
  selectRole,
  selectMustChangePassword,
  selectSessionEndReason,
} = injectedSessionSlice.selectors;
