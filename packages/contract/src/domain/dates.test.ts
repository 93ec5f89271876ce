import { describe, expect, it } from 'vitest';
import { addBusinessDays, DATE_FORMATS, formatDate, toDate } from './dates.js';

// The contract project runs with TZ=UTC, so local and UTC fields agree in these tests.
const ISO = '2024-03-05T09:07:00Z';

const iso = (date: Date) => date.toISOString().slice(0, 10);
const weekday = (date: Date) => ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][date.getUTCDay()];

describe('§9 Dates: display formats', () => {
  it('§9 Dates: achievements show dd-MM-yyyy (2024-03-05 -> 05-03-2024)', () => {
    expect(formatDate(ISO, 'achievement')).toBe('05-03-2024');
    expect(formatDate('2024-12-31T23:59:59Z', 'achievement')).toBe('31-12-2024');
  });

  it('§9 Dates: vouchers show dd/MM/yyyy (2024-03-05 -> 05/03/2024)', () => {
    expect(formatDate(ISO, 'voucher')).toBe('05/03/2024');
    expect(formatDate('2025-01-09', 'voucher')).toBe('09/01/2025');
  });

  it("§9 Dates: orders show 'dd MMMM yyyy' with English month names (05 March 2024)", () => {
    expect(formatDate(ISO, 'orderDate')).toBe('05 March 2024');
    const months = [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ];
    months.forEach((month, index) => {
      expect(formatDate(new Date(Date.UTC(2024, index, 1)), 'orderDate')).toBe(`01 ${month} 2024`);
    });
  });

  it("§9 Dates: order times show 'HH:mm' on a 24-hour clock (09:07, 23:30, 00:00)", () => {
    expect(formatDate(ISO, 'orderTime')).toBe('09:07');
    expect(formatDate('2024-03-05T23:30:45Z', 'orderTime')).toBe('23:30');
    expect(formatDate('2024-03-05T00:00:00Z', 'orderTime')).toBe('00:00');
  });

  it('§9 Dates: a Date, an ISO string and a timestamp of the same moment format the same', () => {
    const moment = new Date(ISO);
    expect(formatDate(moment, 'achievement')).toBe('05-03-2024');
    expect(formatDate(moment.getTime(), 'achievement')).toBe('05-03-2024');
    expect(formatDate(0, 'voucher')).toBe('01/01/1970');
  });
});

describe('§9 Dates: submit formats', () => {
  it('§9 Dates: yyyy/MM/dd is the submit format (2024-03-05 -> 2024/03/05)', () => {
    expect(formatDate(ISO, 'submit')).toBe('2024/03/05');
  });

  it('§9 Dates: URLs use yyyy-MM-ddT00:00:00Z, dropping the time of day', () => {
    expect(formatDate(ISO, 'url')).toBe('2024-03-05T00:00:00Z');
    expect(formatDate('2024-03-05T23:59:59Z', 'url')).toBe('2024-03-05T00:00:00Z');
  });

  it('§9 Dates: with a time the format is yyyy-MM-ddTHH:mm:00Z, the seconds always 00', () => {
    expect(formatDate(ISO, 'urlWithTime')).toBe('2024-03-05T09:07:00Z');
    expect(formatDate('2024-03-05T18:45:59Z', 'urlWithTime')).toBe('2024-03-05T18:45:00Z');
  });

  it('§9 Dates: the named formats are exactly those of the spec', () => {
    expect(DATE_FORMATS).toEqual({
      achievement: 'dd-MM-yyyy',
      voucher: 'dd/MM/yyyy',
      orderDate: 'dd MMMM yyyy',
      orderTime: 'HH:mm',
      submit: 'yyyy/MM/dd',
      url: "yyyy-MM-dd'T'00:00:00'Z'",
      urlWithTime: "yyyy-MM-dd'T'HH:mm:00'Z'",
    });
  });
});

describe('§9 Dates: a missing or invalid date is shown as nothing', () => {
  it.each([
    ['null', null],
    ['undefined', undefined],
    ['an empty string', ''],
    ['garbage text', 'not a date'],
    ['an impossible calendar date', '2023-02-30'],
    ['NaN', Number.NaN],
    ['an invalid Date', new Date('nope')],
  ])('§9 Dates: %s gives an empty string in every format', (_name, value) => {
    for (const name of Object.keys(DATE_FORMATS) as (keyof typeof DATE_FORMATS)[]) {
      expect(formatDate(value, name)).toBe('');
    }
    expect(toDate(value)).toBeNull();
  });

  it('§9 Dates: toDate reads ISO strings, timestamps and Dates', () => {
    expect(toDate(ISO)?.toISOString()).toBe('2024-03-05T09:07:00.000Z');
    expect(toDate(0)?.toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(toDate(new Date(ISO))?.getTime()).toBe(Date.parse(ISO));
  });

  it('§9 Dates: toDate reads a timestamp as the server writes it, and with an offset or more decimals', () => {
    expect(toDate('2026-11-21T09:30:00.000Z')?.toISOString()).toBe('2026-11-21T09:30:00.000Z');
    expect(toDate('2024-03-05T11:07:00+02:00')?.toISOString()).toBe('2024-03-05T09:07:00.000Z');
    expect(toDate('2024-03-05T09:07:00.123456Z')?.toISOString()).toBe('2024-03-05T09:07:00.123Z');
    expect(toDate('2024-03-05T09:07Z')?.toISOString()).toBe('2024-03-05T09:07:00.000Z');
  });

  it.each([
    ['a day past the end of the month with a time', '2023-02-30T10:00:00Z'],
    ['month 13', '2024-13-01'],
    ['day 0', '2024-03-00'],
    ['an hour past 24', '2024-03-05T25:00:00Z'],
    ['a date without its day', '2024-03'],
    ['a date in words', 'March 5, 2024'],
    ['a date with slashes', '2024/03/05'],
  ])('§9 Dates: toDate finds no date in %s', (_name, value) => {
    expect(toDate(value)).toBeNull();
  });

  it("§9 Dates: a calendar date (yyyy-MM-dd) is that day in the shopper's time zone, also west of UTC", () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      expect(formatDate('2025-01-09', 'achievement')).toBe('09-01-2025');
      expect(toDate('2025-01-09')?.getDate()).toBe(9);
    } finally {
      process.env.TZ = zone;
    }
  });
});

describe('§9 Dates: business-day addition skips Saturday and Sunday', () => {
  it('§9 Dates: Friday + 1 business day = Monday', () => {
    const result = addBusinessDays('2024-03-08', 1); // Friday
    expect(iso(result)).toBe('2024-03-11');
    expect(weekday(result)).toBe('Mon');
  });

  it('§9 Dates: Monday + 1 = Tuesday (no weekend in between)', () => {
    expect(iso(addBusinessDays('2024-03-04', 1))).toBe('2024-03-05');
  });

  it('§9 Dates: Wednesday + 5 business days = next Wednesday', () => {
    const result = addBusinessDays('2024-03-06', 5);
    expect(iso(result)).toBe('2024-03-13');
    expect(weekday(result)).toBe('Wed');
  });

  it('§9 Dates: Thursday + 3 crosses one weekend and lands on Tuesday', () => {
    expect(iso(addBusinessDays('2024-03-07', 3))).toBe('2024-03-12');
  });

  it('§9 Dates: adding 10 from a Friday crosses two weekends (14 calendar days later)', () => {
    expect(iso(addBusinessDays('2024-03-08', 10))).toBe('2024-03-22');
    expect(iso(addBusinessDays('2024-03-08', 6))).toBe('2024-03-18'); // two weekends, 10 calendar days
  });

  it('§9 Dates: from a weekend day, + 1 is the following Monday', () => {
    expect(iso(addBusinessDays('2024-03-09', 1))).toBe('2024-03-11'); // Saturday
    expect(iso(addBusinessDays('2024-03-10', 1))).toBe('2024-03-11'); // Sunday
  });

  it('§9 Dates: adding zero business days keeps the date', () => {
    expect(iso(addBusinessDays('2024-03-06', 0))).toBe('2024-03-06');
  });

  it('§9 Dates: negative days go back over the weekend (Monday - 1 = Friday, Wednesday - 5 = Wednesday before)', () => {
    expect(iso(addBusinessDays('2024-03-11', -1))).toBe('2024-03-08');
    expect(iso(addBusinessDays('2024-03-13', -5))).toBe('2024-03-06');
    expect(iso(addBusinessDays('2024-03-12', -3))).toBe('2024-03-07');
  });

  it('§9 Dates: the result never falls on a Saturday or Sunday', () => {
    for (let start = 0; start < 14; start += 1) {
      const from = new Date(Date.UTC(2024, 2, 4 + start));
      for (const days of [1, 2, 3, 4, 5, 6, 7, 11, 23, -1, -4, -9]) {
        expect(['Sat', 'Sun']).not.toContain(weekday(addBusinessDays(from, days)));
      }
    }
  });

  it('§9 Dates: the time of day is kept and the input Date is not changed', () => {
    const from = new Date('2024-03-08T15:30:00Z');
    const result = addBusinessDays(from, 1);
    expect(result.toISOString()).toBe('2024-03-11T15:30:00.000Z');
    expect(from.toISOString()).toBe('2024-03-08T15:30:00.000Z');
  });

  it('§9 Dates: addBusinessDays throws a RangeError for an invalid or missing date', () => {
    expect(() => addBusinessDays('garbage', 1)).toThrow(RangeError);
    expect(() => addBusinessDays('', 1)).toThrow(RangeError);
    expect(() => addBusinessDays(Number.NaN, 1)).toThrow(RangeError);
    expect(() => addBusinessDays(new Date('nope'), 1)).toThrow(RangeError);
  });

  it('§9 Dates: addBusinessDays throws a RangeError for a day count that is not a whole number', () => {
    expect(() => addBusinessDays('2024-03-08', Number.NaN)).toThrow(RangeError);
    expect(() => addBusinessDays('2024-03-08', 1.5)).toThrow(RangeError);
    expect(() => addBusinessDays('2024-03-08', Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('§9 Dates: submit formats outside UTC', () => {
  it('writes a moment with time from the UTC clock, and a calendar date from the shopper’s day', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      // 02:30 UTC on 6 March is still 5 March in New York.
      expect(formatDate('2024-03-06T02:30:00Z', 'urlWithTime')).toBe('2024-03-06T02:30:00Z');
      expect(formatDate('2024-03-06T02:30:00Z', 'url')).toBe('2024-03-05T00:00:00Z');
      expect(formatDate('2024-03-06T02:30:00Z', 'orderTime')).toBe('21:30');
    } finally {
      process.env.TZ = zone;
    }
  });
});
