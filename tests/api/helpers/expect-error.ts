import { expect } from 'vitest';

/**
 * An answer is the error envelope with this status and stable code, and a message beside the code
 * (the body rides along in the failure text, so a wrong answer says what came back instead).
 */
export function expectError(res: { status: number; json: any }, status: number, code: string) {
  expect(res.status, JSON.stringify(res.json)).toBe(status);
  expect(res.json).toEqual({ status: 'ERROR', error: expect.objectContaining({ code, message: expect.any(String) }) });
}
