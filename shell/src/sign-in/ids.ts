// Kept apart from the markup, so that the page's script does not carry the HTML and its icons.

/** Element ids the page's script looks up. */
export const IDS = {
  form: 'sign-in-form',
  fields: 'sign-in-fields',
  email: 'email',
  password: 'password',
  passwordToggle: 'password-toggle',
  failure: 'sign-in-failure',
  notice: 'sign-in-notice',
  submit: 'sign-in-submit',
  status: 'sign-in-status',
  themeToggle: 'theme-toggle',
  notifications: 'notifications',
} as const;
