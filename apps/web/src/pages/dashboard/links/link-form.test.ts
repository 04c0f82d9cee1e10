import { describe, expect, it } from 'vitest';
import {
  emptyLink,
  isPattern,
  isPercent,
  newRule,
  paymentLinkOf,
  percentsFit,
  wholeNumberIn,
} from './link-form.ts';

describe('paymentLinkOf', () => {
  it('sends only the defaults for a link of one price', () => {
    expect(paymentLinkOf(emptyLink('price_1'))).toEqual({
      name: null,
      line_items: [{ price_id: 'price_1', quantity: 1 }],
      cross_sell_behavior: 'auto',
      subscription_data: {},
      phone_number_collection: { enabled: false },
      billing_address_collection: 'auto',
      submit_type: 'auto',
      after_completion: { type: 'hosted_confirmation' },
    });
  });

  it('sends the items, the trial, the required cross-sell and what the buyer is asked', () => {
    const link = paymentLinkOf({
      ...emptyLink('price_1'),
      name: ' Spring ',
      items: [
        { price_id: 'price_1', quantity: '2' },
        { price_id: 'price_2', quantity: ' 1 ' },
      ],
      cross_sell_required: true,
      trial_days: '14',
      phone: true,
      address_required: true,
      submit_type: 'book',
      message: ' Thanks! ',
    });
    expect(link).toMatchObject({
      name: 'Spring',
      line_items: [
        { price_id: 'price_1', quantity: 2 },
        { price_id: 'price_2', quantity: 1 },
      ],
      cross_sell_behavior: 'required',
      subscription_data: { trial_period_days: 14 },
      phone_number_collection: { enabled: true },
      billing_address_collection: 'required',
      submit_type: 'book',
      after_completion: { type: 'hosted_confirmation', hosted_confirmation: { custom_message: 'Thanks!' } },
    });
  });

  it('lets a redirect win over a message, and a trial of 0 days is sent as 0', () => {
    const link = paymentLinkOf({
      ...emptyLink('price_1'),
      trial_days: '0',
      message: 'ignored',
      redirect_url: 'https://shop.example/thanks',
    });
    expect(link.after_completion).toEqual({
      type: 'redirect',
      redirect: { url: 'https://shop.example/thanks' },
    });
    expect(link.subscription_data).toEqual({ trial_period_days: 0 });
  });

  it('puts field patterns and the form’s purpose in page_info, each message only in the languages given', () => {
    const link = paymentLinkOf({
      ...emptyLink('price_1'),
      purpose_en: ' For your receipt ',
      purpose_zh: '',
      rules: [
        {
          field: 'billing_address.postal_code',
          pattern: '^[0-9]{5}$',
          message_en: 'Five digits',
          message_zh: '五位数字',
        },
        { field: 'customer_name', pattern: '\\S+ \\S+', message_en: ' ', message_zh: '' },
      ],
    });
    expect(link.metadata).toEqual({
      page_info: {
        field_validation: {
          'billing_address.postal_code': {
            pattern: '^[0-9]{5}$',
            pattern_message: { en: 'Five digits', zh: '五位数字' },
          },
          customer_name: { pattern: '\\S+ \\S+' },
        },
        form_purpose_description: { en: 'For your receipt' },
      },
    });
  });
});

describe('a donation link', () => {
  const donation = {
    ...emptyLink('price_pwyw'),
    donation: true,
    donation_target: ' post-42 ',
    donation_title: ' Support this post ',
    donation_description: '  ',
    donation_reference: '',
    beneficiaries: [
      { name: ' Author ', address: ' 0xA1 ', percent: ' 60 ' },
      { name: 'Editor', address: '0xB2', percent: '12.5' },
    ],
  };

  it('sends its settings, trimmed and without empty texts, percents as numbers, and submit_type donate', () => {
    const link = paymentLinkOf({ ...donation, submit_type: 'book' });
    expect(link.submit_type).toBe('donate');
    expect(link.donation_settings).toEqual({
      target: 'post-42',
      title: 'Support this post',
      beneficiaries: [
        { name: 'Author', address: '0xA1', percent: 60 },
        { name: 'Editor', address: '0xB2', percent: 12.5 },
      ],
    });
  });

  it('sends a reference and a description when given, and an empty list of beneficiaries', () => {
    const link = paymentLinkOf({
      ...donation,
      donation_target: '',
      donation_description: 'For the hosting',
      donation_reference: ' https://blog.example/42 ',
      beneficiaries: [],
    });
    expect(link.donation_settings).toEqual({
      title: 'Support this post',
      description: 'For the hosting',
      reference: 'https://blog.example/42',
      beneficiaries: [],
    });
  });

  it('sends nothing of a donation while it is off, whatever its fields hold', () => {
    const link = paymentLinkOf({ ...donation, donation: false, submit_type: 'pay' });
    expect(link).not.toHaveProperty('donation_settings');
    expect(link.submit_type).toBe('pay');
    expect(paymentLinkOf(emptyLink('price_1'))).not.toHaveProperty('donation_settings');
  });
});

describe('the form’s rules', () => {
  it('takes percents above 0, up to 100, with at most 2 decimals', () => {
    expect(isPercent('60')).toBe(true);
    expect(isPercent(' 12.5 ')).toBe(true);
    expect(isPercent('0.01')).toBe(true);
    expect(isPercent('100')).toBe(true);
    expect(isPercent('0')).toBe(false);
    expect(isPercent('100.01')).toBe(false);
    expect(isPercent('1.005')).toBe(false);
    expect(isPercent('-5')).toBe(false);
    expect(isPercent('1e2')).toBe(false);
    expect(isPercent('')).toBe(false);
  });

  it('takes percents summing to 100 at most, in hundredths, leaving invalid ones to their field', () => {
    const rows = (...percents: string[]) => percents.map((percent) => ({ percent }));
    expect(percentsFit(rows('60', '30'))).toBe(true);
    expect(percentsFit(rows('60', '40'))).toBe(true);
    expect(percentsFit(rows('33.33', '33.33', '33.34'))).toBe(true);
    expect(percentsFit(rows('60', '40.01'))).toBe(false);
    expect(percentsFit(rows('70', '50'))).toBe(false);
    expect(percentsFit(rows('90', 'abc', ''))).toBe(true);
    expect(percentsFit([])).toBe(true);
  });

  it('takes whole numbers in range only', () => {
    expect(wholeNumberIn('7', 0, 730)).toBe(7);
    expect(wholeNumberIn('731', 0, 730)).toBe(false);
    expect(wholeNumberIn('1.5', 0, 730)).toBe(false);
    expect(wholeNumberIn('-1', 0, 730)).toBe(false);
  });

  it('takes patterns that compile and fit the API', () => {
    expect(isPattern('^[0-9]{5}$')).toBe(true);
    expect(isPattern('([a-z')).toBe(false);
    expect(isPattern('  ')).toBe(false);
    expect(isPattern('a'.repeat(501))).toBe(false);
  });

  it('gives a new rule the first field without one', () => {
    expect(newRule([]).field).toBe('customer_name');
    expect(newRule([{ ...newRule([]), pattern: 'x' }]).field).toBe('customer_email');
  });
});
