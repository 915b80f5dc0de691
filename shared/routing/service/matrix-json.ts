// The distance matrix body written straight to JSON text. A 1000 x 1000 answer has a million
// elements: building an object per element and then stringifying them all costs about as much
// as computing the matrix, so the digits go into one preallocated byte buffer instead.
// The text is exactly what JSON.stringify gives for {status, msg?, rows[{elements[{distance, duration}]}]}.

const ascii = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));

/** A 12-character piece of every cell as three little-endian 32-bit words: three stores instead of twelve. */
function words12(text: string): [number, number, number] {
  const view = new DataView(ascii(text).buffer);
  if (view.byteLength !== 12) throw new Error(`not 12 characters: ${text}`);
  return [view.getUint32(0, true), view.getUint32(4, true), view.getUint32(8, true)];
}
const [OPEN_0, OPEN_1, OPEN_2] = words12('{"distance":');
const [MID_0, MID_1, MID_2] = words12(',"duration":');
const ROW_OPEN = ascii('{"elements":[');
const ROW_CLOSE = ascii(']}');
const COMMA = 0x2c;
const CLOSE_BRACE = 0x7d;
const MINUS = 0x2d;
const ZERO = 0x30;

/** Characters of the longest whole number the values round to, sign included (an upper bound). */
function widestInteger(values: Float64Array): number {
  let max = 0;
  for (let k = 0; k < values.length; k++) {
    const v = values[k];
    if (v > max) max = v;
    else if (-v > max) max = -v;
  }
  return String(Math.round(max)).length + 1;
}

/** "00" to "99": two digits per division. */
const PAIRS = ascii(Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0')).join(''));

/** Writes the whole number n at `at` (-0 as 0), returning the position after it. */
function writeInteger(bytes: Uint8Array, at: number, n: number): number {
  if (n < 0) {
    bytes[at++] = MINUS;
    n = -n;
  }
  if (n > 0x7fffffff) {
    // Beyond int32 (no road or great-circle figure on Earth comes near it): the slow way.
    const digits = String(n);
    for (let i = 0; i < digits.length; i++) bytes[at++] = digits.charCodeAt(i);
    return at;
  }
  const x = n | 0;
  const end =
    at +
    (x < 10
      ? 1
      : x < 100
        ? 2
        : x < 1000
          ? 3
          : x < 10000
            ? 4
            : x < 100000
              ? 5
              : x < 1000000
                ? 6
                : x < 10000000
                  ? 7
                  : x < 100000000
                    ? 8
                    : x < 1000000000
                      ? 9
                      : 10);
  let pos = end;
  let rest = x;
  while (rest >= 100) {
    const q = (rest / 100) | 0;
    const pair = (rest - q * 100) * 2;
    bytes[--pos] = PAIRS[pair + 1];
    bytes[--pos] = PAIRS[pair];
    rest = q;
  }
  if (rest >= 10) {
    bytes[--pos] = PAIRS[rest * 2 + 1];
    bytes[--pos] = PAIRS[rest * 2];
  } else bytes[--pos] = ZERO + rest;
  return end;
}

function writeChunk(bytes: Uint8Array, at: number, chunk: Uint8Array): number {
  for (let i = 0; i < chunk.length; i++) bytes[at++] = chunk[i];
  return at;
}

/**
 * `{"status":"Ok","msg":...,"rows":[...]}` for a row-major matrix of metres and seconds (-1 for a
 * failed pair), each rounded to a whole number; `msg` is left out when undefined.
 */
export function matrixJson(origins: number, destinations: number, distances: Float64Array, durations: Float64Array, msg?: string): string {
  const cell = 12 + 12 + 2 + widestInteger(distances) + widestInteger(durations);
  const row = ROW_OPEN.length + ROW_CLOSE.length + 1;
  const bytes = new Uint8Array(origins * (row + destinations * cell));
  const view = new DataView(bytes.buffer);
  let at = 0;
  for (let i = 0; i < origins; i++) {
    if (i > 0) bytes[at++] = COMMA;
    at = writeChunk(bytes, at, ROW_OPEN);
    const first = i * destinations;
    for (let k = first; k < first + destinations; k++) {
      if (k > first) bytes[at++] = COMMA;
      view.setUint32(at, OPEN_0, true);
      view.setUint32(at + 4, OPEN_1, true);
      view.setUint32(at + 8, OPEN_2, true);
      at += 12;
      at = writeInteger(bytes, at, Math.round(distances[k]));
      view.setUint32(at, MID_0, true);
      view.setUint32(at + 4, MID_1, true);
      view.setUint32(at + 8, MID_2, true);
      at += 12;
      at = writeInteger(bytes, at, Math.round(durations[k]));
      bytes[at++] = CLOSE_BRACE;
    }
    at = writeChunk(bytes, at, ROW_CLOSE);
  }
  const head = msg === undefined ? '{"status":"Ok","rows":[' : `{"status":"Ok","msg":${JSON.stringify(msg)},"rows":[`;
  return `${head}${Buffer.from(bytes.buffer, 0, at).toString('latin1')}]}`;
}
