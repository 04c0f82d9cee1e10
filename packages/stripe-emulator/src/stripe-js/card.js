/* global window */
// The card rules of the Stripe.js stand-in: its text in English and Chinese, brands, number and expiry
// formatting, and Stripe's validation codes. One part of the /v3/ script (source.ts joins them).
'use strict';

{
  const parts = (window.__kioskStripeJs = window.__kioskStripeJs || {});

  // [en, zh]. Validation messages in Stripe's own words (https://docs.stripe.com/js/element/input_validation).
  const TEXT = {
    card: ['Card', '银行卡'],
    number: ['Card number', '卡号'],
    expiry: ['Expiration date', '有效期'],
    expiryHint: ['MM / YY', '月 / 年'],
    cvc: ['Security code', '安全码'],
    postal: ['Postal code', '邮政编码'],
    dialog: ['Authenticate your payment', '验证您的付款'],
    incomplete_number: ['Your card number is incomplete.', '您的卡号不完整。'],
    invalid_number: ['Your card number is invalid.', '您的卡号无效。'],
    incomplete_expiry: ["Your card's expiration date is incomplete.", '您的银行卡有效期不完整。'],
    invalid_expiry_month: ["Your card's expiration month is invalid.", '您的银行卡有效期月份无效。'],
    invalid_expiry_month_past: ["Your card's expiration date is in the past.", '您的银行卡已过有效期。'],
    invalid_expiry_year_past: ["Your card's expiration year is in the past.", '您的银行卡有效期年份已过。'],
    incomplete_cvc: ["Your card's security code is incomplete.", '您的银行卡安全码不完整。'],
    incomplete_zip: ['Your postal code is incomplete.', '您的邮政编码不完整。'],
  };
  /** The text in the element's language: Simplified Chinese, else English ('auto' reads the browser's). */
  function textFor(locale) {
    const tag = (!locale || locale === 'auto' ? window.navigator.language : locale).toLowerCase();
    const zh = /^zh(-cn|-sg|-hans(-.*)?)?$/.test(tag) ? 1 : 0;
    return Object.keys(TEXT).reduce((text, key) => Object.assign(text, { [key]: TEXT[key][zh] }), {});
  }

  const BRANDS = [
    { name: 'American Express', pattern: /^3[47]/, length: 15, cvc: 4, groups: [4, 6, 5] },
    { name: 'Mastercard', pattern: /^(5[1-5]|222[1-9]|22[3-9]|2[3-6]|27[01]|2720)/, length: 16, cvc: 3 },
    { name: 'Visa', pattern: /^4/, length: 16, cvc: 3 },
  ];
  const brandOf = (number) => BRANDS.find((brand) => brand.pattern.test(number)) || { length: 16, cvc: 3 };
  const digits = (value) => value.replace(/\D/g, '');

  function luhn(number) {
    let sum = 0;
    for (let i = 0; i < number.length; i++) {
      const digit = Number(number[number.length - 1 - i]) * (i % 2 === 1 ? 2 : 1);
      sum += digit > 9 ? digit - 9 : digit;
    }
    return sum % 10 === 0;
  }

  function formatNumber(value) {
    const number = digits(value);
    const brand = brandOf(number);
    const groups = brand.groups || [4, 4, 4, 4];
    const parts = [];
    for (let at = 0, g = 0; at < Math.min(number.length, brand.length); at += groups[g++]) {
      parts.push(number.slice(at, at + groups[g]));
    }
    return parts.join(' ');
  }

  // "4" can only be April: "04 / ". The separator comes while typing, not while deleting.
  function formatExpiry(value, inserting) {
    const date = digits(value)
      .replace(/^[2-9]/, '0$&')
      .slice(0, 4);
    return date.length > 2 || (date.length === 2 && inserting)
      ? `${date.slice(0, 2)} / ${date.slice(2)}`
      : date;
  }

  /** Each field's validation code as Stripe names it; an empty object when the card is complete. */
  function cardErrors(card, withPostal, now = new Date()) {
    const brand = brandOf(card.number);
    const month = Number(card.expiry.slice(0, 2));
    const year = 2000 + Number(card.expiry.slice(2));
    const errors = {};
    if (card.number.length < brand.length) errors.number = 'incomplete_number';
    else if (!luhn(card.number)) errors.number = 'invalid_number';
    if (card.expiry.length < 4) errors.expiry = 'incomplete_expiry';
    else if (month < 1 || month > 12) errors.expiry = 'invalid_expiry_month';
    else if (year < now.getFullYear()) errors.expiry = 'invalid_expiry_year_past';
    else if (year === now.getFullYear() && month <= now.getMonth())
      errors.expiry = 'invalid_expiry_month_past';
    if (card.cvc.length < brand.cvc) errors.cvc = 'incomplete_cvc';
    if (withPostal && !card.postal.trim()) errors.postal = 'incomplete_zip';
    return errors;
  }

  Object.assign(parts, { textFor, brandOf, digits, formatNumber, formatExpiry, cardErrors });
}
