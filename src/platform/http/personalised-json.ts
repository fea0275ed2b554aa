/**
 * Answers that are mostly the same for every caller and differ in a small part of each caller's own (a
 * player's standing in a tournament they read with everyone else). Building, validating and serialising
 * the whole answer per caller is what a burst of such reads spends its processor on; these pieces
 * serialise the shared part once and splice each caller's part into it, so the bytes are those the
 * route's own serializer would write for the whole answer.
 *
 * The caller's part must be the last field of its object in the serialised answer (the schema puts it
 * there), so the shared body serialised with that field's empty value ends, or each of its items ends,
 * with a known text, the `marker`. Inside a JSON string every quote is escaped, so a marker that starts
 * with `,"` can only be the end of an object.
 */

/** One shared answer: its bytes up to the caller's part, and whole answers kept for the callers' parts seen most. */
interface Shared {
  version: string;
  head: Buffer;
  whole: Map<string, Buffer>;
}

/**
 * Whole answers of one object kept per shared read: the shared part is keyed by an object that lives as
 * long as the read it came from (an array the read made), so the cache goes with the read, and by a
 * version string (the scalar fields of the answer) so an edit that keeps the object is not answered stale.
 */
export class SharedHeadAnswers<K extends object> {
  private readonly byRead = new WeakMap<K, Shared>();

  /**
   * @param marker how the shared answer, serialised with the caller's part empty, ends (`,"me":null}}`)
   * @param keepWhole how many whole answers to keep per read: callers with the same part get the same bytes
   *   (copying a large body per answer, and collecting the copies, costs more than the answer itself)
   */
  private readonly marker: string;
  private readonly keepWhole: number;

  constructor(marker: string, keepWhole = 4) {
    this.marker = marker;
    this.keepWhole = keepWhole;
  }

  /**
   * The answer for a caller whose own part (replacing the marker, closing brackets included) is `own`;
   * `serialise` writes the shared answer and is called once per `read` and `version`. Null when the
   * shared answer does not end with the marker: the route then sends the whole answer its own way.
   */
  body(read: K, version: string, serialise: () => string, own: string): Buffer | null {
    let shared = this.byRead.get(read);
    if (shared?.version !== version) {
      const json = serialise();
      if (!json.endsWith(this.marker)) return null;
      shared = { version, head: Buffer.from(json.slice(0, -this.marker.length)), whole: new Map() };
      this.byRead.set(read, shared);
    }
    let body = shared.whole.get(own);
    if (!body) {
      body = Buffer.concat([shared.head, Buffer.from(own)]);
      if (shared.whole.size < this.keepWhole) shared.whole.set(own, body);
    }
    return body;
  }
}

/**
 * A shared answer (from the micro-cache, say) with its ending `marker` replaced by the caller's own part;
 * null when it does not end with the marker (the route then builds the answer whole).
 */
export function withOwnPart(shared: string, marker: string, own: string): string | null {
  return shared.endsWith(marker) ? shared.slice(0, shared.length - marker.length) + own : null;
}

/**
 * A serialised list cut where each of its `count` items' own part goes: `count + 1` pieces, the first
 * before the first item's part, the last after the last item's. Null when the marker does not occur
 * exactly once per item (the route then builds the answer whole).
 */
export function cutAtMarkers(body: string, marker: string, count: number): string[] | null {
  const parts = body.split(marker);
  return parts.length === count + 1 ? parts : null;
}

/** The pieces of cutAtMarkers put back together with each item's own part (`own[i]` replaces item i's marker). */
export function fillMarkers(parts: readonly string[], own: readonly string[]): string {
  const out = [parts[0]!];
  own.forEach((text, i) => out.push(text, parts[i + 1]!));
  return out.join('');
}

/** What lies between `open` and `close` when the body starts and ends with them, else null. */
export function between(body: string, open: string, close: string): string | null {
  return body.length >= open.length + close.length && body.startsWith(open) && body.endsWith(close)
    ? body.slice(open.length, body.length - close.length)
    : null;
}
