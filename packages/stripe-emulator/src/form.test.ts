import { describe, expect, it } from 'vitest';
import { parseForm } from './form.ts';

describe('parseForm', () => {
  it('reads Stripe bracket encoding into nested objects and arrays', () => {
    const body =
      'amount=1234&metadata[kiosk_intent]=pi_1&payment_method_types[0]=card&payment_method_types[1]=link' +
      '&payment_method_data[card][number]=4242&payment_method_data[billing_details][address][postal_code]=94107' +
      '&expand[]=latest_charge&expand[]=payment_method';
    expect(parseForm(body)).toEqual({
      amount: '1234',
      metadata: { kiosk_intent: 'pi_1' },
      payment_method_types: ['card', 'link'],
      payment_method_data: {
        card: { number: '4242' },
        billing_details: { address: { postal_code: '94107' } },
      },
      expand: ['latest_charge', 'payment_method'],
    });
  });

  it('decodes percent escapes and plus signs, and keeps brackets the SDK escapes', () => {
    expect(parseForm('description=Kiosk+Pro%20%26%20more&metadata%5Bnote%5D=a%3Db')).toEqual({
      description: 'Kiosk Pro & more',
      metadata: { note: 'a=b' },
    });
  });

  it('orders indexed arrays by index and keeps numeric metadata keys as names', () => {
    expect(parseForm('items[1][price]=b&items[0][price]=a&metadata[2024]=x')).toEqual({
      items: [{ price: 'a' }, { price: 'b' }],
      metadata: { '2024': 'x' },
    });
  });

  it('refuses names that would reach the object prototype', () => {
    expect(() => parseForm('__proto__[polluted]=1')).toThrow(/Invalid parameter name/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads an empty value as an empty string (the SDK writes null that way)', () => {
    expect(parseForm('description=&metadata=')).toEqual({ description: '', metadata: '' });
  });
});
