// Calendar dates of the API description: only real YYYY-MM-DD dates, written the British way.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatDay, isCalendarDate, parseDay } from '../../../descriptions/dates.ts';

describe('descriptions/dates.ts', () => {
  test('isCalendarDate accepts real dates only', () => {
    assert.equal(isCalendarDate('2027-06-30'), true);
    assert.equal(isCalendarDate('2028-02-29'), true);
    for (const bad of [
      '2027-02-29',
      '2027-06-31',
      '2027-13-01',
      '2027-6-30',
      '30/06/2027',
      '2027-06-30T00:00:00Z',
      20270630,
    ]) {
      assert.equal(isCalendarDate(bad), false, String(bad));
    }
  });

  test('formatDay writes the day as people read it; parseDay names a bad value', () => {
    assert.equal(formatDay('2027-06-30'), '30 June 2027');
    assert.equal(parseDay('1970-01-02'), 86_400_000);
    assert.throws(() => parseDay('2027-02-30'), /not a calendar date: "2027-02-30"/);
  });
});
