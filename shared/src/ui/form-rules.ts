import type { FormRule } from '@lender/shared/ui/antd';

/** A text field that must hold more than spaces; `message` says what to enter. */
export const requiredText = (message: string): FormRule => ({ required: true, whitespace: true, message });

/** requiredText in the registration's and the users pages' words: 'First name is required'. */
export const requiredField = (label: string): FormRule => requiredText(`${label} is required`);
