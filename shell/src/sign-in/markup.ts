// The sign-in page's HTML (docs/product.md#sign-in-page), written once: the build turns it into
// dist/signin.html, and the tests render it into jsdom.
import { SIGN_IN_ROUTES } from '@lender/shared/contract/sign-in-routes';
import { texts } from '@lender/shared/texts';
import { BRAND_COLOR, BRAND_MARK_PATH, LENDER_NAME } from '../app/lender';
import { EYE_ICON, EYE_INVISIBLE_ICON, MOON_ICON, SUN_ICON } from './icons';
import { IDS } from './ids';

export { IDS };

/**
 * Runs in <head> before the first paint, so that a stored dark theme (key 'theme', docs/product.md#constants) never
 * flashes light. Kept tiny: the server allows it in the CSP by its hash.
 */
export const THEME_SCRIPT =
  "try{if(localStorage.getItem('theme')==='dark')document.documentElement.classList.add('dark')}catch(e){}";

/** The HTML-escaped text (the texts hold no markup, but an apostrophe or & must stay text). */
const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const brandMark = (size: number) =>
  `<svg width="${size}" height="${size}" viewBox="0 0 32 32" aria-hidden="true" focusable="false">` +
  `<rect width="32" height="32" rx="8" fill="${BRAND_COLOR}"/>` +
  '<rect x="10" y="5" width="12" height="22" rx="2.5" fill="none" stroke="#fff" stroke-width="2"/>' +
  `<path d="${BRAND_MARK_PATH}" fill="none" stroke="#fff" stroke-width="1.6" stroke-linecap="round"/></svg>`;

const home = esc(`${LENDER_NAME} home`);
const TOGGLE_THEME = 'Toggle theme';

/**
 * The body of /signin: form area, branded panel (large screens), theme toggle, notifications.
 * `prefetch`: files of the app that the page prefetches once the form is in use, so that / after
 * sign-in starts sooner.
 */
export function signInMarkup({ prefetch = [] }: { prefetch?: string[] } = {}): string {
  const t = texts.signIn;
  return `<main class="sign-in" data-prefetch="${esc(prefetch.join(' '))}">
<section class="sign-in__form-area" aria-labelledby="sign-in-heading">
<div class="sign-in__small-logo"><a class="brand-logo" href="${SIGN_IN_ROUTES.dashboard}" aria-label="${home}">${brandMark(32)}<span>${esc(LENDER_NAME)}</span></a></div>
<div class="sign-in__form">
<h1 id="sign-in-heading" class="sign-in__heading">${esc(t.heading)}</h1>
<p class="sign-in__sub">${esc(t.subText)}</p>
<p id="${IDS.notice}" class="sign-in__notice"></p>
<form id="${IDS.form}" method="post" novalidate>
<fieldset id="${IDS.fields}" class="sign-in__fields">
<div class="field">
<label class="field__label" for="${IDS.email}">Email</label>
<input class="input" id="${IDS.email}" name="email" type="text" inputmode="email" autocomplete="username" autocapitalize="none" spellcheck="false" placeholder="info@example.com" aria-required="true">
</div>
<div class="field">
<label class="field__label" for="${IDS.password}">Password</label>
<span class="input input--affix"><input id="${IDS.password}" name="password" type="password" autocomplete="current-password" placeholder="Enter your password" aria-required="true"><button id="${IDS.passwordToggle}" class="icon-button" type="button" aria-label="Show password" aria-controls="${IDS.password}">${EYE_INVISIBLE_ICON}${EYE_ICON}</button></span>
</div>
<div id="${IDS.failure}" class="sign-in__failure" role="alert"></div>
<button id="${IDS.submit}" class="button" type="submit">${esc(t.submit)}</button>
</fieldset>
<div id="${IDS.status}" class="sr-only" role="status"></div>
</form>
</div>
</section>
<aside class="sign-in__brand-panel" aria-label="${esc(LENDER_NAME)}">
<div class="sign-in__brand-content">
<a class="sign-in__brand-logo" href="${SIGN_IN_ROUTES.dashboard}" aria-label="${home}">${brandMark(56)}<span>${esc(LENDER_NAME)}</span></a>
<p class="sign-in__welcome">${esc(t.welcome)}</p>
</div>
</aside>
<button id="${IDS.themeToggle}" class="floating-theme-toggle" type="button" aria-label="${TOGGLE_THEME}" title="${TOGGLE_THEME}">${MOON_ICON}${SUN_ICON}</button>
</main>
<section id="${IDS.notifications}" class="notifications" aria-label="Notifications" aria-live="polite" tabindex="-1"></section>`;
}
