import { apiErrorBody, type RequestError } from '../client/api-error';
import type { FieldError } from '../contract/common';
import type { FormInstance } from '@lender/shared/ui/antd';

type NamePath = (string | number)[];

/** "referees.1.phone_number" or "referees[1][phone_number]" → ['referees', 1, 'phone_number']. */
export const toNamePath = (field: string): NamePath =>
  field
    .split(/[.[\]]+/)
    .filter(Boolean)
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));

const pathKey = (path: NamePath | string | number) => (Array.isArray(path) ? path : [path]).join('.');

/** Where the answer's field errors go: onto the form's fields it names, or nowhere (`unshown`). */
export function placeServerFieldErrors(
  // Untyped: the server names fields by path strings, not by the form's values type.
  form: FormInstance,
  error: RequestError,
  rename: Readonly<Record<string, string>> = {},
): { placed: { name: NamePath; errors: string[] }[]; unshown: FieldError[] } {
  const fieldErrors = apiErrorBody(error)?.errors ?? [];
  if (fieldErrors.length === 0) return { placed: [], unshown: [] };
  const registered = new Set(form.getFieldsError().map(({ name }) => pathKey(name)));
  const messages = new Map<string, { name: NamePath; errors: string[] }>();
  const unshown: FieldError[] = [];
  for (const fieldError of fieldErrors) {
    const name = toNamePath(rename[fieldError.field] ?? fieldError.field);
    const key = pathKey(name);
    if (!registered.has(key)) {
      unshown.push(fieldError);
      continue;
    }
    const entry = messages.get(key) ?? { name, errors: [] };
    entry.errors.push(fieldError.msg);
    messages.set(key, entry);
  }
  return { placed: [...messages.values()], unshown };
}

/**
 * The one way a form shows the server's refusal on its fields (docs/product.md#form-checks): each
 * of the answer's `errors[{field,msg}]` (400 validation failures, 409 duplicates, 413 files) goes
 * under the form field it names, as a client check's message would, and the first is scrolled to;
 * `rename` maps a field the server names differently from the form. Returns the errors no field
 * of the form shows, for the caller to say otherwise (a toast, an alert); none when the request
 * did not fail.
 */
export function showServerFieldErrors(
  form: FormInstance,
  error: RequestError,
  rename: Readonly<Record<string, string>> = {},
): FieldError[] {
  const { placed, unshown } = placeServerFieldErrors(form, error, rename);
  form.setFields(placed);
  const [first] = placed;
  if (first) form.scrollToField(first.name, { block: 'center', focus: true });
  return unshown;
}
