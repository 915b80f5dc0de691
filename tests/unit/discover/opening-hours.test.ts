import { describe, expect, it } from 'vitest';
import { openingHours, weeklyHours } from '../../../shared/discover';

describe('opening_hours', () => {
  it('reads day ranges, several times a day, later rules overriding and public holidays skipped', () => {
    const week = weeklyHours('Mo-Su 11:00-14:00,17:00-22:00; Tu off; PH off')!;
    expect(week[0]).toEqual([
      [660, 840],
      [1020, 1320],
    ]);
    expect(week[1]).toEqual([]);
    expect(weeklyHours('24/7')![6]).toEqual([[0, 1440]]);
    expect(weeklyHours('Fr-Mo 10:00-12:00')!.map((d) => d.length)).toEqual([1, 0, 0, 0, 1, 1, 1]);
  });

  it('gives up on forms it does not read rather than guess', () => {
    expect(weeklyHours('sunrise-sunset')).toBeUndefined();
    expect(weeklyHours('Mo-Fr 08:00-12:00 "by appointment"')).toBeUndefined();
    expect(weeklyHours('Jan-Mar Mo 10:00-12:00')).toBeUndefined();
  });

  it('dates the seven days from a day, a range past midnight ending the next day', () => {
    // 2026-11-30 is a Monday
    const { timeRanges } = openingHours('Mo 20:00-02:00', new Date('2026-11-28T12:00:00Z'))!;
    expect(timeRanges).toEqual([
      { startTime: { date: '2026-11-30', hour: 20, minute: 0 }, endTime: { date: '2026-12-01', hour: 2, minute: 0 } },
    ]);
  });
});
