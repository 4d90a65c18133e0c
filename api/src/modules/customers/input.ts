/**
 * The registration's multipart body, read into a checked input. Multipart keys are flat
 * (`referees[0][phone_number]`), so the body is validated here rather than by the route's schema:
 * the bracket keys are nested with the contract's `parseBracketFields`, checked with
 * `registerCustomerFieldsSchema`, and every problem is reported at once under the key the client
 * sent (`referees[2][phone_number]` stays `referees[2][phone_number]` even when referees[1] was
 * left out). No I/O: the photos' bytes are inspected by the service.
 */
import type { FieldError } from '@lender/shared/contract/common';
import {
  parseBracketFields,
  registerCustomerFieldsSchema,
  splitBracketKey,
  type BracketValue,
  type CustomerPhotoField,
  type RegisterCustomerFields,
} from '@lender/shared/contract/customers';

export interface RegistrationParse {
  /** The checked text fields, when they are all valid. */
  fields: RegisterCustomerFields | undefined;
  /** The photos' bytes, not yet inspected; an empty part counts as none. */
  photos: Partial<Record<CustomerPhotoField, Buffer>>;
  /** Every problem found, each under the key the client sent. */
  errors: FieldError[];
}

const PHOTO_LABELS: Record<CustomerPhotoField, string> = {
  national_id_photo: 'National ID photo',
  passport_photo: 'Passport photo',
};

const isPhotoField = (key: string): key is CustomerPhotoField => Object.hasOwn(PHOTO_LABELS, key);

/** `['referees', '0', 'name']` → `referees[0][name]`. */
export const bracketKey = (segments: readonly string[]): string =>
  `${segments[0] ?? ''}${segments
    .slice(1)
    .map((segment) => `[${segment}]`)
    .join('')}`;

function firstLeaf(value: BracketValue): string {
  if (typeof value === 'string') return value;
  const first = Array.isArray(value) ? value[0] : Object.values(value)[0];
  // parseBracketFields never makes an empty group.
  return first === undefined ? '' : firstLeaf(first);
}

/**
 * The key the client sent for a path of the parsed value. `sentKeys` is parseBracketFields applied
 * to {key: key}, so its leaves are the original keys: the deepest group the path reaches tells
 * the original indices, and the rest of the path (a field that was not sent) is appended.
 */
export function sentFieldName(path: readonly PropertyKey[], sentKeys: BracketValue): string {
  let node: BracketValue = sentKeys;
  let depth = 0;
  for (const segment of path) {
    if (typeof node === 'string') break;
    const next: BracketValue | undefined = Array.isArray(node)
      ? node[Number(segment)]
      : Object.hasOwn(node, String(segment))
        ? node[String(segment)]
        : undefined;
    if (next === undefined) break;
    node = next;
    depth += 1;
  }
  const prefix = depth > 0 ? (splitBracketKey(firstLeaf(node)) ?? []).slice(0, depth) : [];
  return bracketKey([...prefix, ...path.slice(depth).map(String)]) || 'body';
}

/**
 * Separates the text fields from the photos, nests the bracket keys and validates them. Errors
 * name the field as sent; the photo that is required is reported missing with the rest.
 */
export function parseRegistration(body: unknown): RegistrationParse {
  const raw: Record<string, unknown> = typeof body === 'object' && body !== null ? { ...body } : {};
  const errors: FieldError[] = [];
  const text: Record<string, string> = {};
  const photos: Partial<Record<CustomerPhotoField, Buffer>> = {};

  for (const [key, value] of Object.entries(raw)) {
    if (isPhotoField(key)) {
      if (Buffer.isBuffer(value)) {
        if (value.length > 0) photos[key] = value;
      } else if (Array.isArray(value)) {
        errors.push({ field: key, msg: `${PHOTO_LABELS[key]}: send one file only` });
      } else if (value !== '' && value !== undefined && value !== null) {
        errors.push({ field: key, msg: `${PHOTO_LABELS[key]} must be a file upload` });
      }
    } else if (typeof value === 'string') {
      text[key] = value;
    } else if (Array.isArray(value)) {
      errors.push({ field: key, msg: 'This field was sent more than once' });
    } else if (Buffer.isBuffer(value)) {
      errors.push({ field: key, msg: 'This field must be text, not a file' });
    } else {
      errors.push({ field: key, msg: 'This field must be text' });
    }
  }

  const sentKeys = parseBracketFields(Object.fromEntries(Object.keys(text).map((key) => [key, key])));
  const parsed = registerCustomerFieldsSchema.safeParse(parseBracketFields(text));
  const reported = new Set(errors.map((error) => error.field));
  const fieldErrors: FieldError[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = sentFieldName(issue.path, sentKeys);
      // A field already refused above (a file or a repeated key) is not also "required".
      if (reported.has(field) || fieldErrors.some((error) => error.field === field)) continue;
      fieldErrors.push({ field, msg: issue.message });
    }
  }
  if (!photos.national_id_photo && !reported.has('national_id_photo')) {
    fieldErrors.push({ field: 'national_id_photo', msg: `${PHOTO_LABELS.national_id_photo} is required` });
  }

  return {
    fields: parsed.success ? parsed.data : undefined,
    photos,
    errors: [...fieldErrors, ...errors],
  };
}
