import { describe, expect, test } from 'vitest';
import {
  between,
  cutAtMarkers,
  fillMarkers,
  SharedHeadAnswers,
  withOwnPart,
} from '../../../src/platform/http/personalised-json.ts';

const whole = (item: object, me: unknown) => JSON.stringify({ status: 'SUCCESS', data: { ...item, me } });

describe('SharedHeadAnswers', () => {
  const marker = ',"me":null}}';
  const own = (me: unknown) => `,"me":${JSON.stringify(me)}}}`;

  test("each caller's answer is the bytes of the whole answer serialised for that caller", () => {
    const answers = new SharedHeadAnswers<string[]>(marker);
    const members = ['a', 'b'];
    const item = { id: 't1', name: 'Cup "one"', members };
    for (const me of [{ state: 'in', place: 1 }, null, { state: 'waitlist', place: 3 }]) {
      const body = answers.body(members, 'v1', () => whole(item, null), own(me));
      expect(body?.toString()).toBe(whole(item, me));
    }
  });

  test('the shared part is serialised once per read and version, again for a new version or a new read', () => {
    const answers = new SharedHeadAnswers<string[]>(marker);
    const members = ['a'];
    let serialised = 0;
    const serialise = (name: string) => () => (serialised++, whole({ name }, null));
    answers.body(members, 'v1', serialise('old'), own(1));
    answers.body(members, 'v1', serialise('old'), own(2));
    expect(serialised).toBe(1);
    // an edit that keeps the read's array changes the version: the answer is not stale
    expect(answers.body(members, 'v2', serialise('new'), own(1))?.toString()).toBe(whole({ name: 'new' }, 1));
    expect(serialised).toBe(2);
    answers.body(['a'], 'v2', serialise('new'), own(1));
    expect(serialised).toBe(3);
  });

  test('callers with the same part get the same bytes, up to the kept number of parts', () => {
    const answers = new SharedHeadAnswers<string[]>(marker, 1);
    const members = ['a'];
    const serialise = () => whole({ id: 'x' }, null);
    const first = answers.body(members, 'v', serialise, own(1));
    expect(answers.body(members, 'v', serialise, own(1))).toBe(first);
    // past the kept number, a part is built anew each time (same bytes, another buffer)
    const other = answers.body(members, 'v', serialise, own(2));
    const again = answers.body(members, 'v', serialise, own(2));
    expect(again).not.toBe(other);
    expect(again?.toString()).toBe(other?.toString());
  });

  test('a shared answer that does not end with the marker is null: the route sends it its own way', () => {
    const answers = new SharedHeadAnswers<string[]>(marker);
    expect(answers.body([], 'v', () => JSON.stringify({ data: { me: null, id: 'x' } }), own(1))).toBeNull();
  });
});

describe('cutAtMarkers and fillMarkers', () => {
  const marker = ',"me":null}';
  const list = (mes: unknown[]) =>
    JSON.stringify({ status: 'SUCCESS', data: mes.map((me, i) => ({ id: `t${i}`, note: ',"me":null', me })) });

  test("a list's items each get their own part back, the bytes of the list serialised with them", () => {
    const parts = cutAtMarkers(list([null, null, null]), marker, 3);
    expect(parts).toHaveLength(4);
    const mine = [{ place: 2 }, null, { place: 7 }];
    expect(
      fillMarkers(
        parts!,
        mine.map((me) => `,"me":${JSON.stringify(me)}}`),
      ),
    ).toBe(list(mine));
  });

  test('a marker count other than one per item is null', () => {
    expect(cutAtMarkers(list([null, null]), marker, 3)).toBeNull();
    expect(cutAtMarkers(JSON.stringify({ data: [{ me: null }] }), marker, 1)).toBeNull();
  });

  test('an empty list is the body itself', () => {
    const body = list([]);
    expect(fillMarkers(cutAtMarkers(body, marker, 0)!, [])).toBe(body);
  });
});

describe('between', () => {
  test('what lies between an opening and a closing, or null', () => {
    expect(between('[{"a":1}]', '[', ']')).toBe('{"a":1}');
    expect(between('[]', '[', ']')).toBe('');
    expect(between('{"a":1}', '[', ']')).toBeNull();
    // open and close may not overlap
    expect(between('[', '[', '[')).toBeNull();
  });
});

describe('withOwnPart', () => {
  test("a shared answer ending with the marker gets the caller's part in its place, any other is null", () => {
    const shared = JSON.stringify({ data: { id: 'x', me: null } });
    expect(withOwnPart(shared, ',"me":null}}', ',"me":{"place":1}}}')).toBe(
      JSON.stringify({ data: { id: 'x', me: { place: 1 } } }),
    );
    expect(withOwnPart(JSON.stringify({ data: { me: null, id: 'x' } }), ',"me":null}}', '')).toBeNull();
  });
});
