import { z } from 'zod';
import { blankToUndefined } from './validators';

/**
 * A field naming one of `values` in any letter case (`WEEKLY`, `Mpesa`); `fallback` when it is left
 * out or blank, as the specification's client may send none.
 */
export const caseInsensitiveChoiceField = <const Values extends readonly [string, ...string[]]>(
  values: Values,
  fallback: Values[number],
  error: string,
) =>
  z
    .preprocess((value) => {
      const v = blankToUndefined(value);
      return typeof v === 'string' ? v.toLowerCase() : v;
    }, z.enum(values, { error }).optional())
    .transform((v): Values[number] => v ?? fallback);
