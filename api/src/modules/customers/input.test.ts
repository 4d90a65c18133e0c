import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseBracketFields } from '@lender/shared/contract/customers';
import { bracketKey, parseRegistration, sentFieldName } from './input';
import { escapeLike } from '../sql-helpers';
import { FULL_FIELDS, fields, JPEG } from '../../../test/support/customers';

const sent = (keys: string[]) => parseBracketFields(Object.fromEntries(keys.map((key) => [key, key])));

describe('registration input', () => {
  test('names a parsed path by the key the client sent', () => {
    const keys = sent([
      'first_name',
      'referees[0][name]',
      'referees[4][name]',
      'guarantors[3][collaterals][7][item_name]',
    ]);
    assert.equal(sentFieldName(['first_name'], keys), 'first_name');
    assert.equal(sentFieldName(['last_name'], keys), 'last_name');
    assert.equal(sentFieldName(['referees', 1, 'name'], keys), 'referees[4][name]');
    assert.equal(sentFieldName(['referees', 1, 'phone_number'], keys), 'referees[4][phone_number]');
    assert.equal(sentFieldName(['referees', 2, 'name'], keys), 'referees[2][name]');
    assert.equal(
      sentFieldName(['guarantors', 0, 'collaterals', 0, 'item_count'], keys),
      'guarantors[3][collaterals][7][item_count]',
    );
    assert.equal(sentFieldName(['guarantors', 0, 'phone_number'], keys), 'guarantors[3][phone_number]');
    assert.equal(sentFieldName([], keys), 'body');
    assert.equal(bracketKey(['a', '0', 'b']), 'a[0][b]');
  });

  test('a valid form gives the normalised fields and the photo bytes; the caller cannot set created_by', () => {
    const parsed = parseRegistration({
      ...FULL_FIELDS,
      created_by: '999',
      national_id_photo: JPEG,
      passport_photo: '',
    });
    assert.deepEqual(parsed.errors, []);
    assert.equal(parsed.fields?.phone, '+254712345678');
    assert.equal(parsed.fields?.monthly_income, 25000.5);
    assert.equal(parsed.fields?.referees.length, 2);
    assert.equal((parsed.fields as Record<string, unknown> | undefined)?.created_by, undefined);
    assert.deepEqual(Object.keys(parsed.photos), ['national_id_photo']);
  });

  test('every problem is reported once, under its key', () => {
    const parsed = parseRegistration({
      ...fields(FULL_FIELDS, { county: '', 'referees[1][id_number]': '12' }),
      occupation: ['Trader', 'Farmer'],
    });
    assert.equal(parsed.fields, undefined);
    assert.deepEqual(parsed.errors, [
      { field: 'county', msg: 'County is required' },
      { field: 'referees[1][id_number]', msg: 'Next of kin ID number must be 6 to 10 digits' },
      { field: 'national_id_photo', msg: 'National ID photo is required' },
      { field: 'occupation', msg: 'This field was sent more than once' },
    ]);
    assert.equal(parseRegistration(undefined).errors.length > 5, true);
  });

  test('LIKE wildcards typed by the user are escaped', () => {
    assert.equal(escapeLike('50%_off\\'), '50\\%\\_off\\\\');
  });
});
