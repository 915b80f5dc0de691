// restriction:conditional conditions (the opening_hours subset) evaluated in local time.
import { describe, expect, it } from 'vitest';
import { conditionHolds, parseCondition } from '../../../shared/roads/conditions';

/** Unix seconds of a UTC wall time in the week of Monday 2026-11-30. */
const at = (day: number, h: number, m = 0) => Date.UTC(2026, 10, 30 + day, h, m) / 1000;

describe('restriction conditions', () => {
  it('weekday and time ranges', () => {
    const c = 'Mo-Fr 07:00-09:00';
    expect(conditionHolds(c, at(0, 7), 0)).toBe(true);
    expect(conditionHolds(c, at(0, 8, 59), 0)).toBe(true);
    expect(conditionHolds(c, at(0, 9), 0)).toBe(false);
    expect(conditionHolds(c, at(0, 6, 59), 0)).toBe(false);
    expect(conditionHolds(c, at(4, 8), 0)).toBe(true); // Friday
    expect(conditionHolds(c, at(5, 8), 0)).toBe(false); // Saturday
  });

  it('uses the local offset', () => {
    // 06:30 UTC is 07:30 at UTC+1
    expect(conditionHolds('Mo-Fr 07:00-09:00', at(0, 6, 30), 60)).toBe(true);
    expect(conditionHolds('Mo-Fr 07:00-09:00', at(0, 6, 30), 0)).toBe(false);
  });

  it('parentheses, lists of times and days, several rules', () => {
    const c = '(Mo,We 07:00-09:00,16:00-18:00; Sa 10:00-12:00)';
    expect(conditionHolds(c, at(2, 17), 0)).toBe(true); // Wednesday afternoon
    expect(conditionHolds(c, at(1, 17), 0)).toBe(false); // Tuesday
    expect(conditionHolds(c, at(5, 11), 0)).toBe(true);
    expect(conditionHolds(c, at(5, 8), 0)).toBe(false);
  });

  it('time only, days only, and ranges over midnight', () => {
    expect(conditionHolds('22:00-06:00', at(0, 23), 0)).toBe(true);
    expect(conditionHolds('22:00-06:00', at(0, 5), 0)).toBe(true);
    expect(conditionHolds('22:00-06:00', at(0, 12), 0)).toBe(false);
    // Friday night into Saturday belongs to Friday
    expect(conditionHolds('Fr 22:00-06:00', at(5, 3), 0)).toBe(true);
    expect(conditionHolds('Fr 22:00-06:00', at(6, 3), 0)).toBe(false);
    expect(conditionHolds('Sa-Su', at(6, 12), 0)).toBe(true);
    expect(conditionHolds('Sa-Su', at(0, 12), 0)).toBe(false);
  });

  it('outside the supported subset never holds', () => {
    expect(parseCondition('weight > 7.5')).toBeNull();
    expect(parseCondition('Mo-Fr 7 to 9')).toBeNull();
    expect(conditionHolds('wet', at(0, 8), 0)).toBe(false);
  });
});
