// The script of the static sign-in page: no React, no store, no router, no federation runtime.
import { readSession, saveSession, SESSION_LIFETIME_MS } from '@lender/shared/client/session-storage';
import { API_BASE, SIGN_IN_ROUTES } from '@lender/shared/contract/sign-in-routes';
import { texts } from '@lender/shared/texts';
import { applyTheme } from '../app/theme-storage';
import { IDS } from './ids';
import { readLoginAnswer, thrownMessage } from './sign-in-error';

export interface SignInPageOptions {
  /** A full page load of `url` (the shell app boots there); replaced in tests. */
  navigate?: (url: string) => void;
}

/**
 * The app's first scripts (listed by the build on <main data-prefetch>) go into the HTTP cache at
 * the lowest priority once the person starts on the form, so that / after sign-in starts without
 * waiting for them. Not on load: the page's own load never shares the network with them.
 */
function prefetchAppOnIntent(doc: Document, form: HTMLFormElement): void {
  const files = doc
    .querySelector<HTMLElement>('main[data-prefetch]')
    ?.dataset.prefetch?.split(' ')
    .filter(Boolean);
  if (!files?.length) return;
  const prefetch = () => {
    form.removeEventListener('focusin', prefetch);
    form.removeEventListener('pointerdown', prefetch);
    for (const href of files) {
      const link = doc.createElement('link');
      link.rel = 'prefetch';
      link.href = href;
      doc.head.append(link);
    }
  };
  form.addEventListener('focusin', prefetch);
  form.addEventListener('pointerdown', prefetch);
}

const byId = <T extends HTMLElement>(doc: Document, id: string): T => {
  const element = doc.getElementById(id);
  if (!element) throw new Error(`signin.html has no #${id}`);
  return element as T;
};

/**
 * Makes the page's HTML work: password show/hide, the theme toggle, Alt+T to the notifications,
 * and the sign-in itself, which stores the session as the shell reads it and then loads the
 * dashboard (docs/product.md#states: signing in goes to /). A visitor still signed in goes there at once.
 */
export function startSignInPage(
  doc: Document = document,
  { navigate = (url) => window.location.replace(url) }: SignInPageOptions = {},
): void {
  if (readSession()) {
    navigate(SIGN_IN_ROUTES.dashboard);
    return;
  }
  const form = byId<HTMLFormElement>(doc, IDS.form);
  const fields = byId<HTMLFieldSetElement>(doc, IDS.fields);
  const email = byId<HTMLInputElement>(doc, IDS.email);
  const password = byId<HTMLInputElement>(doc, IDS.password);
  const passwordToggle = byId<HTMLButtonElement>(doc, IDS.passwordToggle);
  const failure = byId(doc, IDS.failure);
  const submit = byId<HTMLButtonElement>(doc, IDS.submit);
  const status = byId(doc, IDS.status);

  // The app sends an ended session here with ?session=expired (shell/src/auth/sign-in-navigation.ts).
  if (new URLSearchParams(doc.defaultView?.location.search ?? '').get('session') === 'expired') {
    byId(doc, IDS.notice).textContent = texts.signIn.sessionExpired;
  }

  passwordToggle.addEventListener('click', () => {
    const show = password.type === 'password';
    password.type = show ? 'text' : 'password';
    passwordToggle.setAttribute('aria-label', show ? 'Hide password' : 'Show password');
  });

  byId(doc, IDS.themeToggle).addEventListener('click', () => {
    applyTheme(doc.documentElement.classList.contains('dark') ? 'light' : 'dark');
  });

  // Alt+T focuses the notifications, as everywhere in the back office (docs/product.md#constants).
  const notifications = byId(doc, IDS.notifications);
  doc.addEventListener('keydown', (event) => {
    if (event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyT') {
      event.preventDefault();
      notifications.focus();
    }
  });

  prefetchAppOnIntent(doc, form);

  const setSubmitting = (submitting: boolean) => {
    fields.disabled = submitting;
    submit.textContent = submitting ? texts.signIn.submitting : texts.signIn.submit;
    status.textContent = submitting ? texts.signIn.submitting : '';
  };
  const showFailure = (message: string) => {
    const strong = doc.createElement('strong');
    strong.textContent = message;
    failure.replaceChildren(strong);
  };

  // No client-side checks (docs/product.md#form-checks): the server answers an empty field too.
  const signIn = async (event: SubmitEvent) => {
    event.preventDefault();
    if (fields.disabled) return;
    const credentials = { email: email.value, password: password.value };
    failure.replaceChildren();
    setSubmitting(true);
    let outcome;
    // The token's hour is counted on this device's clock from the request (as renewal counts it):
    // a phone whose clock is off by minutes still ends the session when the server does.
    const askedAt = Date.now();
    try {
      const response = await fetch(`${API_BASE}${SIGN_IN_ROUTES.login}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(credentials),
        credentials: 'include',
      });
      outcome = await readLoginAnswer(response);
    } catch (error) {
      outcome = { ok: false as const, message: thrownMessage(error) };
    }
    if (!outcome.ok) {
      setSubmitting(false);
      showFailure(outcome.message);
      return;
    }
    const { access_token: token, user } = outcome.answer;
    saveSession(user, token, askedAt + SESSION_LIFETIME_MS);
    // The form stays busy until the dashboard replaces this page.
    navigate(SIGN_IN_ROUTES.dashboard);
  };
  // preventDefault runs before its first await, so the browser never submits the form itself.
  form.addEventListener('submit', (event) => void signIn(event));
}
