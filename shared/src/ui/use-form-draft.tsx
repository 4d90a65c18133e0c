import { useEffect, useRef } from 'react';
import { useLocation } from '@lender/shared/client/router';
import { readSession } from '@lender/shared/client/session';
import {
  decodeDraftValues,
  deleteDraft,
  encodeDraftValues,
  loadDraft,
  rememberDraftPage,
  saveDraft,
} from '../client/form-draft-store';
import { texts } from '../texts';
// The federation singletons: App.useApp() must see the shell's <App>, Form the caller's form store.
import { App, Button, dayjs, Form, type FormInstance } from '@lender/shared/ui/antd';

/** What is typed is kept this long after the last change (and at once when the session ends). */
export const DRAFT_SAVE_DELAY_MS = 400;

export interface FormDraftOptions {
  /** false while the form is not shown (a closed dialog): nothing is kept or restored. Default true. */
  enabled?: boolean;
  /** Fields never kept (a password). */
  omit?: readonly string[];
}

const noticeKey = (key: string) => `form-draft-${key}`;

/**
 * Keeps what a person types in a form, photos included, in this browser (IndexedDB, never the
 * server), per signed-in user, so that a session that ends does not lose it
 * (docs/product.md#drafts). One call per form: `useFormDraft(form, 'register-customer')`, with a
 * key naming the form and, for a dialog about a record, the record (`repayment-${loanId}`).
 *
 * - Kept on each change the person makes (after DRAFT_SAVE_DELAY_MS), and at once when the session ends.
 * - Restored when the form opens again for the same user, with a notice offering Discard.
 * - Discarded on submit or cancel: when the form is reset to where it started (a dialog's Close
 *   and a successful save reset it), when a dialog closes, or when the page is left, while the
 *   person is still signed in. A session that ends keeps it, and remembers the page, to which the
 *   shell goes back after the same person signs in again.
 */
export function useFormDraft<Values>(
  form: FormInstance<Values>,
  key: string,
  { enabled = true, omit = [] }: FormDraftOptions = {},
): void {
  const { notification } = App.useApp();
  const { pathname, search } = useLocation();
  const path = `${pathname}${search}`;
  const state = useRef({
    ready: false,
    kept: false,
    /** A change not yet looked at (it is, DRAFT_SAVE_DELAY_MS later). */
    pending: false,
    userId: null as number | null,
    timer: 0,
    /** What the last render said, for the callbacks. */
    latest: { enabled, key, omit, path },
  });
  useEffect(() => {
    state.current.latest = { enabled, key, omit, path };
  });

  // Open: read the draft (once per opening), restore it with the notice.
  useEffect(() => {
    const current = state.current;
    if (!enabled) return undefined;
    const userId = readSession()?.user.id ?? null;
    current.userId = userId;
    current.ready = false;
    current.kept = false;
    current.pending = false;
    if (userId === null) return undefined;
    let cancelled = false;
    const discard = () => {
      window.clearTimeout(current.timer);
      current.kept = false;
      void deleteDraft(userId, key).catch(() => undefined);
    };
    loadDraft(userId, key)
      .then((draft) => {
        if (cancelled) return;
        if (draft && !form.isFieldsTouched()) {
          const restored = decodeDraftValues(draft.values, (day) => dayjs(day)) as Record<string, unknown>;
          form.setFieldsValue(restored as Parameters<typeof form.setFieldsValue>[0]);
          // Restored entries count as typed: a reset (Close, a saved submit) discards them.
          form.setFields(Object.keys(restored).map((name) => ({ name, touched: true })) as never);
          current.kept = true;
          notification.info({
            key: noticeKey(key),
            placement: 'topRight',
            duration: 10,
            title: texts.drafts.restored,
            description: texts.drafts.restoredDetail,
            actions: (
              <Button
                size="small"
                onClick={() => {
                  notification.destroy(noticeKey(key));
                  discard();
                  form.resetFields();
                }}
              >
                {texts.drafts.discard}
              </Button>
            ),
          });
        }
        current.ready = true;
      })
      .catch(() => {
        current.ready = true;
      });
    return () => {
      cancelled = true;
      window.clearTimeout(current.timer);
      const wasReady = current.ready;
      current.ready = false;
      if (readSession()?.user.id === userId) {
        // Closed, submitted or left while signed in: the draft is done with (not before it was
        // even read: React's development double start).
        if (!wasReady) return;
        notification.destroy(noticeKey(key));
        discard();
      } else if (current.kept || current.pending) {
        // The session ended: keep the last values now, and where they were.
        void keepDraft(current, form.getFieldsValue(true));
        rememberDraftPage(userId, current.latest.path);
      }
    };
  }, [enabled, key, form, notification]);

  // Each change, a moment later: kept while the form holds something typed; discarded once it
  // is reset (Close, Cancel, a saved submit). The selector is the form's change callback: it
  // always selects 0, so the form's page is not rendered again on every key press.
  Form.useWatch(
    () => {
      const current = state.current;
      if (current.userId !== null) {
        current.pending = true;
        window.clearTimeout(current.timer);
        current.timer = window.setTimeout(() => lookAtChange(current, form), DRAFT_SAVE_DELAY_MS);
      }
      return 0;
    },
    { form, preserve: true },
  );
}

type DraftState = {
  ready: boolean;
  kept: boolean;
  pending: boolean;
  userId: number | null;
  latest: { enabled: boolean; key: string; omit: readonly string[]; path: string };
};

function keepDraft(current: DraftState, values: unknown): Promise<void> {
  const { key, omit, path } = current.latest;
  if (current.userId === null) return Promise.resolve();
  return saveDraft({
    userId: current.userId,
    key,
    path,
    savedAt: Date.now(),
    values: encodeDraftValues(values, omit),
  }).catch(() => undefined);
}

function lookAtChange<Values>(current: DraftState, form: FormInstance<Values>): void {
  const userId = current.userId;
  current.pending = false;
  if (!current.latest.enabled || userId === null) return;
  const typed = form.isFieldsTouched();
  // Before the draft is read, only note that something is typed (kept if the session ends).
  if (!current.ready) {
    current.kept ||= typed;
    return;
  }
  if (typed) {
    current.kept = true;
    void keepDraft(current, form.getFieldsValue(true));
  } else if (current.kept) {
    current.kept = false;
    void deleteDraft(userId, current.latest.key).catch(() => undefined);
  }
}
