// Where the searches of one solve meet (the solver's `team` option), as often as they like: each
// writes its offer into a slot of shared memory, counts itself in, waits for the others and
// reads every slot. Searches do not stop for a late one for long: past the wait, a search leaves
// the team for good (the others then stop waiting for it), and the late one still finds the
// offers of the round it was late for.
import type { OfferedSolution, SearchTeam } from '../solver';

const LEVELS = 5;
/** The longest wait for the others, as a share of the time left to the deadline. */
const WAIT_SHARE = 0.1;
/**
 * Slots are used in turn by rounds: a search can be at most one round ahead of another (it
 * cannot finish a round without the other arriving, which that one does after reading the
 * previous round), so two banks never overwrite an offer still to be read.
 */
const BANKS = 2;

/** Shared memory of one team: the arrival and departure counts, the phase votes, and a bank of slots per round parity. */
export interface Meeting {
  counts: SharedArrayBuffer;
  slots: SharedArrayBuffer[];
}

/** A meeting of `searches` searches of a problem of `tasks` tasks and `vehicles` vehicles. */
export function newMeeting(searches: number, tasks: number, vehicles: number): Meeting {
  // Objective levels, then a word count and per used route: vehicle, length, tasks.
  const words = 1 + tasks + 2 * vehicles;
  return {
    counts: new SharedArrayBuffer(16),
    slots: Array.from({ length: searches * BANKS }, () => new SharedArrayBuffer(LEVELS * 8 + words * 4)),
  };
}

function write(slot: SharedArrayBuffer, offer: OfferedSolution): void {
  const levels = new Float64Array(slot, 0, LEVELS);
  const words = new Int32Array(slot, LEVELS * 8);
  let w = 1;
  for (const { vehicle, tasks } of offer.routes) {
    words[w++] = vehicle;
    words[w++] = tasks.length;
    for (const t of tasks) words[w++] = t;
  }
  words[0] = w;
  levels.set(offer.objective);
}

function read(slot: SharedArrayBuffer): OfferedSolution {
  const levels = new Float64Array(slot, 0, LEVELS);
  const words = new Int32Array(slot, LEVELS * 8);
  const routes: OfferedSolution['routes'] = [];
  for (let w = 1; w < words[0];) {
    const vehicle = words[w++];
    const length = words[w++];
    routes.push({ vehicle, tasks: Array.from(words.subarray(w, w + length)) });
    w += length;
  }
  return { objective: [levels[0], levels[1], levels[2], levels[3], levels[4]], routes };
}

const ARRIVED = 0;
const LEFT = 1;
/** The members that voted to end the phase, and whether one ended it for all (see SearchTeam.endPhase). */
const VOTES = 2;
const ENDED = 3;

/** Search `member`'s side of the team; `deadlineEpochMs` bounds each wait (wall clock). */
export function teamMember(meeting: Meeting, member: number, deadlineEpochMs: number): SearchTeam {
  const counts = new Int32Array(meeting.counts);
  const size = meeting.slots.length / BANKS;
  let round = 0;
  let gone = false;
  const meet = (offer: OfferedSolution): OfferedSolution[] | null => {
    if (gone) return null;
    const bank = (round % BANKS) * size;
    const everyone = size * ++round;
    write(meeting.slots[bank + member], offer);
    Atomics.add(counts, ARRIVED, 1);
    Atomics.notify(counts, ARRIVED);
    const until = Date.now() + Math.max(0, deadlineEpochMs - Date.now()) * WAIT_SHARE;
    for (let seen = Atomics.load(counts, ARRIVED); seen < everyone; seen = Atomics.load(counts, ARRIVED)) {
      const left = until - Date.now();
      if (left <= 0 || Atomics.load(counts, LEFT) > 0) {
        gone = true;
        Atomics.add(counts, LEFT, 1);
        Atomics.notify(counts, ARRIVED);
        return null;
      }
      Atomics.wait(counts, ARRIVED, seen, left);
    }
    // Everyone's slot is written before it counts itself in.
    return Array.from({ length: size }, (_, k) => read(meeting.slots[bank + k]));
  };
  let voted = false;
  const endPhase = (wish: 'go' | 'end' | 'all'): boolean => {
    if (wish === 'all') Atomics.store(counts, ENDED, 1);
    else if (wish === 'end' && !voted) {
      voted = true;
      Atomics.add(counts, VOTES, 1);
    }
    if (gone || Atomics.load(counts, LEFT) > 0) return wish !== 'go';
    return Atomics.load(counts, ENDED) > 0 || Atomics.load(counts, VOTES) >= size;
  };
  return { member, size, meet, endPhase };
}
