import { describe, expect, it } from 'vitest';
import { phrasebookFor } from '../../../shared/navigation';

const en = phrasebookFor('en').book;
const turn = { kind: 'turn' as const, modifier: 'left', road: 'Vasagatan', bearing: 90 };

describe('English guidance', () => {
  it('says each maneuver', () => {
    expect(en.maneuver({ kind: 'depart', modifier: 'straight', road: 'Kungsgatan', bearing: 44 })).toBe('Head northeast on Kungsgatan');
    expect(en.maneuver(turn)).toBe('Turn left onto Vasagatan');
    expect(en.maneuver({ ...turn, modifier: 'slight right', road: '' })).toBe('Turn slightly right');
    expect(en.maneuver({ ...turn, modifier: 'uturn' })).toBe('Make a U-turn onto Vasagatan');
    expect(en.maneuver({ ...turn, kind: 'new name' })).toBe('Continue onto Vasagatan');
    expect(en.maneuver({ ...turn, kind: 'arrive', waypoint: 2 })).toBe('You have arrived at waypoint 2');
  });

  it('announces ahead in rounded metres and kilometres', () => {
    expect(en.ahead(200, turn)).toBe('In 200 meters, turn left onto Vasagatan');
    expect(en.ahead(1000, turn)).toBe('In 1 kilometer, turn left onto Vasagatan');
    expect(en.ahead(47, { ...turn, kind: 'arrive' })).toBe('In 50 meters, you will have arrived at your destination');
    expect(en.continueFor('E6', 2740)).toBe('Continue on E6 for 2.5 kilometers');
  });

  it('falls back to English for a language not written yet', () => {
    expect(phrasebookFor('sv-SE')).toMatchObject({ book: en, fellBack: true });
    expect(phrasebookFor('en-GB').fellBack).toBe(false);
    expect(phrasebookFor(undefined).fellBack).toBe(false);
  });
});
