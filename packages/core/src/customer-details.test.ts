import { describe, expect, it } from 'vitest';
import {
  checkCustomerDetails,
  fallbackNormalizePhone,
  isValidEmail,
  isValidPostalCode,
} from './customer-details.ts';
import { normalizePhone } from './phone.ts';

const rules = { phoneRequired: false, addressRequired: false, locale: 'en', normalizePhone };

describe('customer details (seed 000 §5)', () => {
  it('checks email strictly, with the 254 and 64 character limits', () => {
    for (const good of ['a@b.co', 'first.last+tag@mail.example.org', "o'neil@x.io"])
      expect(isValidEmail(good), good).toBe(true);
    for (const bad of ['a@b', 'a..b@x.io', '.a@x.io', 'a@-x.io', 'a b@x.io', 'a@x.c', '@x.io', 'a@x..io']) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
    expect(isValidEmail(`${'a'.repeat(64)}@x.io`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(65)}@x.io`)).toBe(false);
    const labels = Array.from({ length: 4 }, () => 'b'.repeat(61)).join('.');
    expect(isValidEmail(`a@${labels}.io`)).toBe(true); // 251 characters
    expect(isValidEmail(`abcd@${labels}.io`)).toBe(false); // 255
  });

  it('normalises phones to international form by the billing country', () => {
    expect(normalizePhone('13800138000', 'CN')).toBe('+8613800138000');
    expect(normalizePhone('+1 415 555 2671')).toBe('+14155552671');
    expect(normalizePhone('12345', 'US')).toBeUndefined();
  });

  it('falls back to a plain pattern for phones when the phone library is not there', () => {
    expect(fallbackNormalizePhone('+1 (415) 555-2671')).toBe('+14155552671');
    expect(fallbackNormalizePhone('12-34')).toBeUndefined();
    expect(fallbackNormalizePhone('call me')).toBeUndefined();
    const { problems } = checkCustomerDetails(
      { customer_name: 'A', customer_email: 'a@b.co', customer_phone: 'nope' },
      { ...rules, normalizePhone: fallbackNormalizePhone },
    );
    expect(problems).toEqual([{ path: 'body.customer_phone', message: 'checkout.invalidPhone' }]);
  });

  it('checks postal codes per known country and accepts unknown countries', () => {
    expect(isValidPostalCode('10115', 'DE')).toBe(true);
    expect(isValidPostalCode('1011', 'DE')).toBe(false);
    expect(isValidPostalCode('SW1A 1AA', 'GB')).toBe(true);
    expect(isValidPostalCode('anything', 'ZZ')).toBe(true);
    expect(isValidPostalCode(' ', 'DE')).toBe(false);
  });

  it('requires name, email, phone when collected, and the address when required', () => {
    const { problems } = checkCustomerDetails({}, { ...rules, phoneRequired: true, addressRequired: true });
    expect(problems.map((p) => p.path).sort()).toEqual(
      [
        'body.billing_address.city',
        'body.billing_address.country',
        'body.billing_address.line1',
        'body.billing_address.postal_code',
        'body.billing_address.state',
        'body.customer_email',
        'body.customer_name',
        'body.customer_phone',
      ].sort(),
    );
    expect(problems.every((p) => p.message === 'validation.required')).toBe(true);
  });

  it('answers cleaned details and applies the merchant patterns in the caller language', () => {
    const input = {
      customer_name: ' Ada ',
      customer_email: 'ada@example.com',
      customer_phone: '13800138000',
      billing_address: { country: 'CN', postal_code: '100000' },
    };
    const fieldValidation = {
      customer_name: {
        pattern: '^[A-Z]{5,}$',
        pattern_message: { en: 'Capitals, five or more', zh: '至少五个大写字母' },
      },
    };
    const ok = checkCustomerDetails(input, rules);
    expect(ok.problems).toEqual([]);
    expect(ok.details).toMatchObject({ name: 'Ada', phone: '+8613800138000' });
    const zh = checkCustomerDetails(input, { ...rules, locale: 'zh', fieldValidation });
    expect(zh.problems).toEqual([{ path: 'body.customer_name', message: '至少五个大写字母' }]);
  });
});
