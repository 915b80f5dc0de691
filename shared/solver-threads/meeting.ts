// Where the searches of one solve meet (the solver's `meet` option): each writes its best into a
// slot of shared memory, counts itself in, waits for the others and takes the best of all slots.
// Searches do not stop for a late one for long: past the wait, a search goes on alone, and the
// late one still finds the others' offers when it arrives.
import { compareLevels, type MeetingPoint, type OfferedSolution } from '../solver';

const LEVELS = 5;
/** The longest wait for the others, as a share of the time left to the deadline. */
const WAIT_SHARE = 0.1;

/** Shared memory of one meeting: the arrival count and one slot per search. */
export interface Meeting {
  arrivals: SharedArrayBuffer;
  slots: SharedArrayBuffer[];
}

/** A meeting of `searches` searches of a problem of `tasks` tasks and `vehicles` vehicles. */
export function newMeeting(searches: number, tasks: number, vehicles: number): Meeting {
  // Objective levels, then a word count and per used route: vehicle, length, tasks.
  const words = 1 + tasks + 2 * vehicles;
  return {
    arrivals: new SharedArrayBuffer(4),
    slots: Array.from({ length: searches }, () => new SharedArrayBuffer(LEVELS * 8 + words * 4)),
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

/** Search `me`'s side of the meeting; `deadlineEpochMs` bounds the wait (wall clock). */
export function meetingPoint(meeting: Meeting, me: number, deadlineEpochMs: number): MeetingPoint {
  const arrivals = new Int32Array(meeting.arrivals);
  const searches = meeting.slots.length;
  return (offer) => {
    write(meeting.slots[me], offer);
    Atomics.add(arrivals, 0, 1);
    Atomics.notify(arrivals, 0);
    const until = Date.now() + Math.max(0, deadlineEpochMs - Date.now()) * WAIT_SHARE;
    for (let seen = Atomics.load(arrivals, 0); seen < searches; seen = Atomics.load(arrivals, 0)) {
      const left = until - Date.now();
      if (left <= 0) return null;
      Atomics.wait(arrivals, 0, seen, left);
    }
    // Everyone's slot is written before it counts itself in: read them all, the lowest search wins ties.
    let best = read(meeting.slots[0]);
    for (let k = 1; k < searches; k++) {
      const other = read(meeting.slots[k]);
      if (compareLevels(other.objective, best.objective) < 0) best = other;
    }
    return best;
  };
}
